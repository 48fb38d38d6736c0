import { z } from 'zod';

/** The state shape this runtime writes. Bump it when the shape changes, and list what can still be read. */
export const AGENT_STATE_VERSION = 2;
/** Version 1 had no step count, usage, cost or interruption: it loads as a version 2 state that has taken no step. */
export const READABLE_STATE_VERSIONS: readonly number[] = [1, 2];

export const toolCallSchema = z.object({
  id: z.string().min(1, 'expected a non-empty id'),
  type: z.literal('function'),
  function: z.object({ name: z.string().min(1, 'expected a non-empty name'), arguments: z.string() }),
});

export const messageSchema = z.looseObject({
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  content: z.string().nullable(),
  tool_calls: z.array(toolCallSchema).optional(),
  tool_call_id: z.string().optional(),
});

export const usageSchema = z
  .object({
    prompt_tokens: z.number().int().nonnegative(),
    completion_tokens: z.number().int().nonnegative(),
    total_tokens: z.number().int().nonnegative().optional(),
  })
  .transform((usage) => ({ ...usage, total_tokens: usage.total_tokens ?? usage.prompt_tokens + usage.completion_tokens }));

/** One chunk a model runtime yields; unknown fields are dropped so nothing unserializable reaches the state. */
export const llmChunkSchema = z
  .object({
    content: z.string().nullish(),
    tool_calls: z.array(toolCallSchema).optional(),
    usage: usageSchema.optional(),
  })
  .transform(({ content, tool_calls, usage }) => ({
    ...(content ? { content } : {}),
    ...(tool_calls ? { tool_calls } : {}),
    ...(usage ? { usage } : {}),
  }));

const versionSchema = z
  .number({ error: (issue) => (issue.input === undefined ? 'missing: create states with AgentRuntime.createInitialState' : 'expected a number') })
  .superRefine((version, context) => {
    if (READABLE_STATE_VERSIONS.includes(version)) return;
    // Stryker disable next-line EqualityOperator: the current version is always readable, so it never gets here
    const newer = version > AGENT_STATE_VERSION ? ' was written by a newer runtime;' : ' cannot be read;';
    // Stryker disable next-line StringLiteral: the separator of a one-version list never shows
    const readable = READABLE_STATE_VERSIONS.join(', ');
    context.addIssue({ code: 'custom', message: `version ${version}${newer} this runtime reads ${readable}` });
  });

const stateFields = {
  schemaVersion: versionSchema,
  sessionId: z.string().trim().min(1, 'expected a non-empty session id'),
  status: z.enum(['idle', 'running', 'waiting_for_human_input', 'done', 'error', 'interrupted']),
  createdAt: z.string(),
  lastModified: z.string(),
  pendingToolsCalling: z.array(toolCallSchema).optional(),
  pendingHumanPrompt: z.object({ prompt: z.string().min(1), metadata: z.record(z.string(), z.unknown()).optional() }).optional(),
  pendingHumanSelect: z.object({ prompt: z.string().min(1), options: z.array(z.object({ label: z.string(), value: z.string() })).min(1), multi: z.boolean() }).optional(),
  error: z.object({ name: z.string(), message: z.string() }).optional(),
  stepCount: z.number().int().nonnegative(),
  maxSteps: z.number().int().positive().optional(),
  usage: z.object({ prompt_tokens: z.number().nonnegative(), completion_tokens: z.number().nonnegative(), total_tokens: z.number().nonnegative() }),
  costUsd: z.number().nonnegative(),
  maxCostUsd: z.number().nonnegative().optional(),
  onCostLimit: z.enum(['stop', 'interrupt']).optional(),
  interruption: z.object({ reason: z.string(), resumeStatus: z.enum(['running', 'waiting_for_human_input']) }).optional(),
};

/** A state of an older readable version, as the current version: what it lacked, it has not done yet. */
export function upgradeState(input: unknown): unknown {
  if ((input as { schemaVersion?: unknown } | null)?.schemaVersion !== 1) return input;
  return { ...(input as object), schemaVersion: AGENT_STATE_VERSION, stepCount: 0, usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 }, costUsd: 0 };
}

type StateFields = { status: string; pendingToolsCalling?: unknown[]; pendingHumanPrompt?: unknown; pendingHumanSelect?: unknown; error?: unknown; interruption?: unknown };

/** What each status requires: a state waiting for a human holds what it waits for, a failed one its error. */
function checkStatus(state: StateFields, context: z.RefinementCtx): void {
  if (state.status === 'waiting_for_human_input' && !(state.pendingToolsCalling?.length || state.pendingHumanPrompt || state.pendingHumanSelect)) {
    context.addIssue({
      code: 'custom',
      path: ['pendingToolsCalling'],
      message: 'a waiting_for_human_input state must hold what it waits for (pendingToolsCalling, pendingHumanPrompt or pendingHumanSelect)',
    });
  }
  if (state.status === 'error' && !state.error) {
    context.addIssue({ code: 'custom', path: ['error'], message: 'an error state must hold its error ({ name, message })' });
  }
  if (state.status === 'interrupted' && !state.interruption) {
    context.addIssue({ code: 'custom', path: ['interruption'], message: 'an interrupted state must hold its interruption ({ reason, resumeStatus })' });
  }
}

/** A whole state, status by status. */
export const agentStateSchema = z.preprocess(
  upgradeState,
  z.looseObject({ ...stateFields, messages: z.array(messageSchema), events: z.array(z.looseObject({ type: z.string().min(1) })) }).superRefine(checkStatus),
);

/** The same, without looking inside messages and events (checked one by one, once each, as they are adopted). */
export const stateHeaderSchema = z.preprocess(upgradeState, z.looseObject({ ...stateFields, messages: z.array(z.unknown()), events: z.array(z.unknown()) }).superRefine(checkStatus));

/** A zod failure as one line: each bad field by its path under `root`. */
export function describeIssues(error: z.ZodError, root: string): string {
  return error.issues.map((issue) => `${[root, ...issue.path].join('.')}: ${issue.message}`).join('; ');
}
