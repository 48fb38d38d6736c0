import { isDeepStrictEqual } from 'node:util';
import { SessionStore, type ChatMessage } from '../../src';
import { protocolViolations } from '../../step-definitions/support/protocol';
import type { FailureLog, Figures } from './figures';

/**
 * Reads a session as a new process would and counts what is wrong: it does not load, a persisted tool
 * call has no result (or the history breaks the protocol otherwise), or a message confirmed earlier
 * (`before`) is no longer where it was. Returns the messages now on disk ([] when it does not exist).
 */
export async function checkSession(sessionsDir: string, id: string, before: readonly ChatMessage[], figures: Figures, log: FailureLog, where: string): Promise<ChatMessage[]> {
  const store = new SessionStore(sessionsDir);
  if (!(await store.exists(id))) {
    if (before.length) {
      figures.messagesLost += before.length;
      log.add('messagesLost', `${where}: session ${id} vanished with ${before.length} messages`);
    }
    return [];
  }
  let messages: ChatMessage[];
  try {
    messages = [...(await store.open(id)).messages];
  } catch (error) {
    figures.sessionsFailingToLoad++;
    log.add('sessionsFailingToLoad', `${where}: ${(error as Error).message}`);
    return [...before];
  }
  const violations = protocolViolations(messages);
  if (violations.length) {
    figures.danglingToolCalls += violations.length;
    log.add('danglingToolCalls', `${where}: ${violations.join('; ')}`);
  }
  const lost = countLost(before, messages);
  if (lost) {
    figures.messagesLost += lost;
    log.add('messagesLost', `${where}: ${lost} of ${before.length} earlier messages are not where they were`);
  }
  return messages;
}

/** How many of `before` are not the same, in order, at the start of `after`. */
export function countLost(before: readonly ChatMessage[], after: readonly ChatMessage[]): number {
  let kept = 0;
  while (kept < before.length && kept < after.length && isDeepStrictEqual(before[kept], after[kept])) kept++;
  return before.length - kept;
}

/** Counts the requests a real API would reject. */
export function checkRequests(requests: ReadonlyArray<{ messages: ChatMessage[] }>, figures: Figures, log: FailureLog, where: string): void {
  for (const request of requests) {
    const violations = protocolViolations(request.messages.filter((message) => message.role !== 'system'));
    if (violations.length) {
      figures.protocolErrors++;
      log.add('protocolErrors', `${where}: ${violations.join('; ')}`);
    }
  }
}
