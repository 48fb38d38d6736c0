import { z } from 'zod';
import type { ChatMessage } from '../llm';
import { writeFileAtomic } from './atomic-write';
import { readIfPresent } from './read-if-present';
import { persistedMessageSchema } from './schemas';
import type { SessionLoadWarning } from './types';

/**
 * pending-input.json: the input of a run whose model has not answered yet. Written before the run is
 * announced (so the user's words are on disk once the session's id is shown), removed once the input is
 * confirmed with the model's reply or when the run fails cleanly. One that outlives its run (the process
 * was killed) is folded into the history as an unanswered input: kept and shown, never sent.
 */
const pendingInputSchema = z.object({ message: persistedMessageSchema, at: z.string() });

export async function writePendingInput(path: string, message: ChatMessage): Promise<void> {
  await writeFileAtomic(path, `${JSON.stringify({ message, at: new Date().toISOString() })}\n`);
}

/** The pending input, if there is one; an unreadable file is reported and left where it is. */
export async function readPendingInput(path: string, warnings: SessionLoadWarning[]): Promise<ChatMessage | null> {
  const bytes = await readIfPresent(path);
  if (!bytes) return null;
  try {
    return pendingInputSchema.parse(JSON.parse(bytes.toString('utf8'))).message as ChatMessage;
  } catch {
    warnings.push({ file: 'pending-input.json', message: 'is not a readable pending input; left as it is' });
    return null;
  }
}

/** The input as the history keeps it once its run is known to have ended without an answer. */
export function unansweredInput(message: ChatMessage): ChatMessage {
  return { ...message, meta: { ...message.meta, unanswered: true } };
}
