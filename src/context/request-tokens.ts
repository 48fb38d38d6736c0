import type { ChatMessage } from '../llm';
import { messageContextStats } from '../session';

/** What the API adds around each message (role, separators): a few tokens, counted so estimates err high. */
export const MESSAGE_OVERHEAD_TOKENS = 4;

/** Tokens a message takes in a request (o200k_base; content, tool calls, framing). Cached per message object. */
export function messageTokens(message: ChatMessage): number {
  return messageContextStats(message).tokenCount + MESSAGE_OVERHEAD_TOKENS;
}

export function messagesTokens(messages: readonly ChatMessage[]): number {
  let total = 0;
  for (const message of messages) total += messageTokens(message);
  return total;
}

const byteBounds = new WeakMap<ChatMessage, number>();

/**
 * An upper bound of a message's tokens without the tokenizer: every token stands for at least one byte
 * of UTF-8. Lets a short conversation skip the tokenizer's start-up (0.2 s) altogether.
 */
export function messageTokenBound(message: ChatMessage): number {
  let bound = byteBounds.get(message);
  if (bound === undefined) {
    bound = Buffer.byteLength(message.content ?? '') + MESSAGE_OVERHEAD_TOKENS;
    for (const call of message.tool_calls ?? []) bound += Buffer.byteLength(call.function.name) + Buffer.byteLength(call.function.arguments);
    byteBounds.set(message, bound);
  }
  return bound;
}

export function messagesTokenBound(messages: readonly ChatMessage[]): number {
  let total = 0;
  for (const message of messages) total += messageTokenBound(message);
  return total;
}
