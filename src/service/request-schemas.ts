import { z } from 'zod';
import type { AgentStatus } from '../runtime';
import type { CreateOperationInput } from './agent-service';
import { decodeCursor } from './operation-index';
import type { Decision, OperationListQuery } from './operation-types';
import { ServiceError } from './service-error';

/** What a client may ask for: its own words and limits. Approval is the server's, never the request's. */
export type OperationRequest = Omit<CreateOperationInput, 'autoApprove'>;

/**
 * A client's message: user input only. The assistant's turns, its tool calls and their results are the
 * service's own (its model and its tools): a client that wrote them could run a tool nobody approved.
 */
const userMessageSchema = z.strictObject({
  role: z.literal('user', { error: 'only user messages can be sent: the assistant turns, tool calls and tool results are the service’s own' }),
  content: z.string({ error: 'expected a string' }),
});

const createOperationSchema = z
  .strictObject({
    prompt: z.string().min(1, 'expected a non-empty string').optional(),
    messages: z.array(userMessageSchema).optional(),
    model: z.string().min(1).optional(),
    maxSteps: z.number().int().positive().optional(),
    autoApprove: z.never({ error: 'approval is decided by the server, not by a request: set synapse serve --approve (or approve each call)' }).optional(),
    maxCostUsd: z.number().nonnegative().optional(),
  })
  .refine((body) => body.prompt !== undefined || body.messages?.length, { path: ['prompt'], message: 'expected a prompt or messages' });

const toolCallId = z.string().min(1, 'expected a non-empty tool call id');

const decisionSchemas = {
  approve: z.strictObject({ toolCallId }).transform(({ toolCallId }): Decision => ({ kind: 'approve', toolCallId })),
  reject: z.strictObject({ toolCallId, reason: z.string().optional() }).transform((body): Decision => ({ kind: 'reject', ...body })),
  answer: z
    .strictObject({ text: z.string().optional(), value: z.union([z.string(), z.array(z.string()).min(1)]).optional() })
    .refine((body) => (body.text === undefined) !== (body.value === undefined), { path: ['text'], message: 'expected exactly one of text or value' })
    .transform((body): Decision => (body.text !== undefined ? { kind: 'answer', text: body.text } : { kind: 'select', values: [body.value!].flat() })),
  interrupt: z.strictObject({ reason: z.string().min(1).optional() }).transform((body): Decision => ({ kind: 'interrupt', reason: body.reason ?? 'Interrupted through the API' })),
  resume: z.strictObject({}).transform((): Decision => ({ kind: 'resume' })),
} as const;

const STATUSES = ['idle', 'running', 'waiting_for_human_input', 'done', 'error', 'interrupted'] as const satisfies readonly AgentStatus[];
export const MAX_PAGE_SIZE = 100;

const listQuerySchema = z
  .strictObject({
    status: z.enum(STATUSES, { error: `expected one of ${STATUSES.join(', ')}` }).optional(),
    limit: z
      .string()
      .regex(/^\d{1,4}$/, 'expected a whole number')
      .transform(Number)
      .pipe(z.number().min(1, 'expected at least 1').max(MAX_PAGE_SIZE, `expected at most ${MAX_PAGE_SIZE}`))
      .default(20),
    cursor: z
      .string()
      .refine((cursor) => decodeCursor(cursor) !== undefined, 'not a cursor this service gave out (use nextCursor of the previous page)')
      .optional(),
  })
  .transform(({ status, limit, cursor }): OperationListQuery => ({ limit, ...(status ? { status } : {}), ...(cursor ? { after: decodeCursor(cursor)! } : {}) }));

export type DecisionAction = keyof typeof decisionSchemas;
export const DECISION_ACTIONS = Object.keys(decisionSchemas) as DecisionAction[];

export function parseCreateOperation(body: unknown): OperationRequest {
  return parseBody(createOperationSchema, body);
}

export function parseDecision(action: DecisionAction, body: unknown): Decision {
  return parseBody(decisionSchemas[action], body);
}

/** `GET /v1/operations?status=&limit=&cursor=`; a parameter given twice is bad input. */
export function parseListQuery(search: URLSearchParams): OperationListQuery {
  const repeated = [...new Set(search.keys())].find((key) => search.getAll(key).length > 1);
  if (repeated) fail(`${repeated}: given more than once`, repeated);
  return parseBody(listQuerySchema, Object.fromEntries(search), 'unknown query parameter');
}

/** The body as the schema reads it, or a 400 naming the first field at fault. */
function parseBody<T extends z.ZodType>(schema: T, body: unknown, unknown = 'unknown field'): z.output<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
  const field = [...issue.path, ...keys.slice(0, 1)].join('.');
  const message = issue.code === 'unrecognized_keys' ? unknown : issue.message;
  return fail(field ? `${field}: ${message}` : `body: ${message}`, field || undefined);
}

function fail(message: string, field?: string): never {
  throw new ServiceError(400, message, field);
}
