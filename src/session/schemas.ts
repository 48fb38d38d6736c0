import { z } from 'zod';

/** Session files are external input: every record read from disk is parsed with these. */

const persistedToolCallSchema = z.looseObject({
  id: z.string().min(1),
  type: z.literal('function'),
  function: z.looseObject({ name: z.string().min(1), arguments: z.string() }),
});

/** One line of history.jsonl. Loose, so fields a newer writer adds survive a rewrite. */
export const persistedMessageSchema = z.looseObject({
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  content: z.string().nullable(),
  tool_calls: z.array(persistedToolCallSchema).optional(),
  tool_call_id: z.string().min(1).optional(),
  name: z.string().optional(),
  meta: z
    .looseObject({
      userText: z.string().optional(),
      injected: z.array(z.string()).optional(),
      summary: z.boolean().optional(),
      reminder: z.boolean().optional(),
      archived: z.number().int().nonnegative().optional(),
      unanswered: z.boolean().optional(),
    })
    .optional(),
});

const tokenCountSchema = z.number().int().nonnegative();

export const persistedUsageSchema = z.object({
  prompt_tokens: tokenCountSchema,
  completion_tokens: tokenCountSchema,
  total_tokens: tokenCountSchema,
  // Written since cache tokens are kept; older lines have neither.
  cache_read_tokens: tokenCountSchema.optional(),
  cache_write_tokens: tokenCountSchema.optional(),
});

/** One line of usage.jsonl. */
export const persistedUsageRoundSchema = z.object({
  model: z.string(),
  usage: persistedUsageSchema,
  at: z.string(),
});

/**
 * Context stats of the first `messageCount` messages of history.jsonl, whose lines end at byte
 * `historyBytes`: lets a resume skip re-tokenizing the whole history.
 */
const persistedContextSchema = z.object({
  messageCount: tokenCountSchema,
  tokenCount: tokenCountSchema,
  toolCallCount: tokenCountSchema,
  historyBytes: tokenCountSchema,
});

export const SESSION_INDEX_VERSION = 1;

/** Where and with what a session was held: `--continue` picks the latest of a directory, with its model. */
export const sessionOriginSchema = z.object({
  cwd: z.string(),
  model: z.string(),
  baseURL: z.string().optional(),
});

export type SessionOrigin = z.infer<typeof sessionOriginSchema>;

/** index.json: small, fixed-size metadata, rewritten atomically on every change. */
export const sessionIndexSchema = z.object({
  version: z.literal(SESSION_INDEX_VERSION),
  id: z.string(),
  title: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  messageCount: tokenCountSchema,
  // byModel: written since costs are computed per model (listings price a session from it); older indexes lack it.
  usage: z.object({ total: persistedUsageSchema, roundCount: tokenCountSchema, byModel: z.record(z.string(), z.object({ usage: persistedUsageSchema, rounds: tokenCountSchema })).optional() }),
  context: persistedContextSchema.nullable(),
  /** Absent in sessions written before it was recorded. */
  origin: sessionOriginSchema.optional(),
  /** Messages archive.jsonl holds for sure (absent before anything was archived). */
  archive: z.object({ messageCount: tokenCountSchema }).optional(),
});

export type SessionIndex = z.infer<typeof sessionIndexSchema>;
export type PersistedContext = z.infer<typeof persistedContextSchema>;
