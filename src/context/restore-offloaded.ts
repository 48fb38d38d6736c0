import type { ChatMessage } from '../llm';
import { OffloadStore } from './offload-store';

/**
 * Puts offloaded tool results back in place (before a summary is written from them). Only tool messages
 * are restored, only from files the store owns: a reference to a path elsewhere is left as it is and
 * nothing is read; a file that is gone becomes `[Content unavailable: <path>]`.
 */
export async function restoreOffloaded(messages: readonly ChatMessage[], store: OffloadStore): Promise<ChatMessage[]> {
  return Promise.all(
    messages.map(async (message) => {
      if (message.role !== 'tool') return message;
      const path = OffloadStore.referenceIn(message.content);
      if (!path || !store.owns(path)) return message;
      const content = await store.read(path).catch(() => undefined);
      return { ...message, content: content ?? `[Content unavailable: ${path}]` };
    }),
  );
}
