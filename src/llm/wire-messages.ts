import type { ChatMessage } from './types';

/** Messages as the chat-completions API takes them: synapse's own fields (`meta`) stay behind. */
export function toWireMessages(messages: readonly ChatMessage[]): ChatMessage[] {
  return messages.map((message) => {
    if (!('meta' in message)) return message;
    const { meta: _meta, ...wire } = message;
    return wire;
  });
}
