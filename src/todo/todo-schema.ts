import { positiveIntFromEnv } from '../env-settings';
import { z } from 'zod';

export const TODO_STATUSES = ['pending', 'in_progress', 'completed'] as const;
export type TodoStatus = (typeof TODO_STATUSES)[number];

export interface TodoItem {
  content: string;
  /** The present-continuous form shown while the item is in progress ("Running the tests"). */
  activeForm: string;
  status: TodoStatus;
}

export interface TodoWriteInput {
  todos: TodoItem[];
}

export interface TodoLimits {
  maxItems: number;
  /** Applies to `content` and `activeForm`. */
  maxContentLength: number;
}

export const DEFAULT_TODO_LIMITS: Readonly<TodoLimits> = Object.freeze({ maxItems: 50, maxContentLength: 200 });

/** Limits from `SYNAPSE_TODO_MAX_ITEMS` / `SYNAPSE_TODO_MAX_CONTENT_LENGTH`, read at call time; invalid values fall back. */
export function readTodoLimits(env: NodeJS.ProcessEnv = process.env): TodoLimits {
  return {
    maxItems: positiveIntFromEnv('SYNAPSE_TODO_MAX_ITEMS', DEFAULT_TODO_LIMITS.maxItems, env),
    maxContentLength: positiveIntFromEnv('SYNAPSE_TODO_MAX_CONTENT_LENGTH', DEFAULT_TODO_LIMITS.maxContentLength, env),
  };
}

const requiredOr = (message: string) => (issue: { input?: unknown }) => (issue.input === undefined ? 'Required' : message);

function todoText(field: 'content' | 'activeForm', maxLength: number) {
  return z
    .string({ error: requiredOr(`Expected a string for ${field}`) })
    .refine((value) => value.trim().length > 0, { error: `${field} must not be empty or blank` })
    .refine((value) => value.length <= maxLength, {
      error: (issue) => `${field} is too long: ${(issue.input as string).length} characters, maximum length is ${maxLength}`,
    });
}

/** The strict TodoWrite document for the given limits: unknown keys are rejected at every level. */
export function createTodoWriteSchema(limits: TodoLimits = readTodoLimits()) {
  const item = z.strictObject(
    {
      content: todoText('content', limits.maxContentLength),
      activeForm: todoText('activeForm', limits.maxContentLength),
      status: z.enum(TODO_STATUSES, {
        error: requiredOr(`Invalid status: expected one of ${TODO_STATUSES.join('/')}`),
      }),
    },
    { error: requiredOr('Expected a todo item object {content, activeForm, status}') },
  );
  return z.strictObject(
    {
      todos: z
        .array(item, { error: requiredOr('Expected an array of todo items') })
        .max(limits.maxItems, {
          error: (issue) => `Too many items: ${(issue.input as unknown[]).length} given, maximum is ${limits.maxItems}`,
        })
        // One thing at a time, as every peer's todo tool has it: the in_progress item is what is being done now.
        .refine((todos) => todos.filter((todo) => todo.status === 'in_progress').length <= 1, {
          error: (issue) =>
            `Only one item may be in_progress at a time (items ${(issue.input as TodoItem[])
              .flatMap((todo, index) => (todo.status === 'in_progress' ? [index] : []))
              .join(', ')} are): mark the others pending or completed`,
        }),
    },
    { error: requiredOr('Expected a JSON object like {"todos": [...]}') },
  );
}

export type TodoValidation = { success: true; data: TodoWriteInput } | { success: false; errors: string[] };

/** Validates a parsed TodoWrite document; each error names its path (`todos.0.content: Required`). */
export function validateTodoWriteInput(value: unknown, limits: TodoLimits = readTodoLimits()): TodoValidation {
  const result = createTodoWriteSchema(limits).safeParse(value);
  if (result.success) return { success: true, data: result.data as TodoWriteInput };
  return { success: false, errors: result.error.issues.flatMap(describeIssue) };
}

function describeIssue(issue: z.core.$ZodIssue): string[] {
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) =>
      path.length === 0 ? `${key}: unknown field at the root level (allowed: todos)` : `${[...path, key].join('.')}: unknown field (allowed: content, activeForm, status)`,
    );
  }
  return [`${path.length ? path.join('.') : '(root)'}: ${issue.message}`];
}
