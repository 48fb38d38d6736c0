import { readFile, rename } from 'node:fs/promises';
import { z } from 'zod';
import type { ChatMessage } from '../llm';
import { removeFileDurably, syncDirectory, writeFileAtomic } from './atomic-write';
import { persistedMessageSchema } from './schemas';
import { sessionFileError } from './session-file-error';

/**
 * A round of tool calls paused for a person's approval (pending-approval.json). The history never holds
 * half a round: the model's tool-call message, the results of the calls that ran, and the calls waiting
 * for an answer wait here, and join the history together once every call has its result.
 */
export interface PendingApproval {
  /** The model's message with all the round's tool calls. */
  message: ChatMessage;
  /** Results of the calls that ran before the pause, by tool call id. */
  results: Array<{ toolCallId: string; content: string }>;
  /** The calls waiting for an answer: what they would run (after any hook's change) and what asked. */
  pending: Array<{ toolCallId: string; command: string; args: Record<string, unknown>; rule: string }>;
  /** When the run paused. */
  at: string;
}

const VERSION = 1;

const pendingApprovalSchema = z.object({
  version: z.literal(VERSION),
  message: persistedMessageSchema.refine((message) => message.role === 'assistant' && (message.tool_calls?.length ?? 0) > 0, 'expected the assistant message with the tool calls'),
  results: z.array(z.object({ toolCallId: z.string().min(1), content: z.string() })),
  pending: z.array(z.object({ toolCallId: z.string().min(1), command: z.string(), args: z.record(z.string(), z.unknown()), rule: z.string() })).min(1),
  at: z.string(),
});

export async function writePendingApproval(path: string, approval: PendingApproval): Promise<void> {
  await writeFileAtomic(path, `${JSON.stringify({ version: VERSION, ...approval }, null, 2)}\n`);
}

/**
 * The paused round, if there is one. A file that cannot be read is moved aside (nothing is deleted) and
 * reported; one whose round the history already holds (the process died between the two writes) is
 * stale and removed.
 */
export async function readPendingApproval(path: string, dir: string, history: readonly ChatMessage[]): Promise<{ approval: PendingApproval | null; warning?: string }> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { approval: null };
    throw sessionFileError(path, 'read', error);
  }
  const parsed = parse(text);
  if ('error' in parsed) {
    const aside = `${path}.unreadable-${Date.now()}`;
    await rename(path, aside).catch((error: unknown) => Promise.reject(sessionFileError(path, 'write', error)));
    await syncDirectory(dir);
    return { approval: null, warning: `is not a readable paused round (${parsed.error}); kept as ${aside}, and the tool calls it held are not run` };
  }
  const { version: _version, ...approval } = parsed.value;
  const ids = new Set(approval.message.tool_calls!.map((call) => call.id));
  if (history.some((message) => message.role === 'tool' && ids.has(message.tool_call_id!))) {
    await removeFileDurably(path);
    return { approval: null };
  }
  return { approval: approval as PendingApproval };
}

function parse(text: string): { value: z.infer<typeof pendingApprovalSchema> } | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { error: `not JSON: ${(error as Error).message}` };
  }
  const result = pendingApprovalSchema.safeParse(json);
  if (result.success) return { value: result.data };
  const issue = result.error.issues[0]!;
  return { error: `${issue.path.map(String).join('.') || '(top level)'}: ${issue.message}` };
}
