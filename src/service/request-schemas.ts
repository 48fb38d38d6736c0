import { z } from 'zod';
import { messageSchema } from '../runtime';
import type { CreateOperationInput } from './agent-service';
import type { Decision } from './operation-types';
import { ServiceError } from './service-error';

const createOperationSchema = z
  .strictObject({
    prompt: z.string().min(1, 'expected a non-empty string').optional(),
    messages: z.array(messageSchema).optional(),
    model: z.string().min(1).optional(),
    maxSteps: z.number().int().positive().optional(),
    autoApprove: z.boolean().optional(),
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

export type DecisionAction = keyof typeof decisionSchemas;
export const DECISION_ACTIONS = Object.keys(decisionSchemas) as DecisionAction[];

export function parseCreateOperation(body: unknown): CreateOperationInput {
  return parseBody(createOperationSchema, body);
}

export function parseDecision(action: DecisionAction, body: unknown): Decision {
  return parseBody(decisionSchemas[action], body);
}

/** The body as the schema reads it, or a 400 naming the first field at fault. */
function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
  const field = [...issue.path, ...keys.slice(0, 1)].join('.');
  const message = issue.code === 'unrecognized_keys' ? `unknown field` : issue.message;
  return fail(field ? `${field}: ${message}` : `body: ${message}`, field || undefined);
}

function fail(message: string, field?: string): never {
  throw new ServiceError(400, message, field);
}
