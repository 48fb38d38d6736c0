import type { ChatMessage } from '../llm';
import { countTokens } from './tokenizer';
import type { ContextStats } from './types';

export function emptyContextStats(): ContextStats {
  return { messageCount: 0, tokenCount: 0, toolCallCount: 0 };
}

/**
 * Per-message results, so a growing history is only tokenized once per message. Messages are treated
 * as immutable values: a message mutated after it was counted keeps its old count.
 */
const messageStatsCache = new WeakMap<ChatMessage, ContextStats>();

/** Tokens of the content plus every tool call's name and arguments; no per-message framing overhead. */
export function messageContextStats(message: ChatMessage): ContextStats {
  const cached = messageStatsCache.get(message);
  if (cached) return cached;
  let tokenCount = countTokens(message.content ?? '');
  const toolCalls = message.tool_calls ?? [];
  for (const call of toolCalls) tokenCount += countTokens(call.function.name) + countTokens(call.function.arguments);
  const stats = { messageCount: 1, tokenCount, toolCallCount: toolCalls.length };
  messageStatsCache.set(message, stats);
  return stats;
}

/** The size of a history: message count, tokens (js-tiktoken, o200k_base) and tool calls. */
export function contextStats(messages: readonly ChatMessage[]): ContextStats {
  let total = emptyContextStats();
  for (const message of messages) total = addContextStats(total, messageContextStats(message));
  return total;
}

export function addContextStats(a: ContextStats, b: ContextStats): ContextStats {
  return {
    messageCount: a.messageCount + b.messageCount,
    tokenCount: a.tokenCount + b.tokenCount,
    toolCallCount: a.toolCallCount + b.toolCallCount,
  };
}

export function subtractContextStats(a: ContextStats, b: ContextStats): ContextStats {
  return {
    messageCount: a.messageCount - b.messageCount,
    tokenCount: a.tokenCount - b.tokenCount,
    toolCallCount: a.toolCallCount - b.toolCallCount,
  };
}

/** A copy of `message` with more `meta` (which no token count depends on): its cached stats go with it. */
export function withMeta(message: ChatMessage, meta: NonNullable<ChatMessage['meta']>): ChatMessage {
  const copy = { ...message, meta: { ...message.meta, ...meta } };
  const cached = messageStatsCache.get(message);
  if (cached) messageStatsCache.set(copy, cached);
  return copy;
}
