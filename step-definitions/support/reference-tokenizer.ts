import { getEncoding, type Tiktoken } from 'js-tiktoken';
import type { ChatMessage } from '../../src';

/** The reference tokenizer, straight from js-tiktoken (not src/session's memoized counter); built on first use. */
let referenceEncoder: Tiktoken | undefined;

export function referenceTokens(text: string): number {
  referenceEncoder ??= getEncoding('o200k_base');
  return referenceEncoder.encode(text, [], []).length;
}

/** A history's tokens as the documents define them: each content, tool name and arguments counted on its own. */
export function referenceHistoryTokens(messages: readonly ChatMessage[]): number {
  return messages
    .flatMap((message) => [message.content ?? '', ...(message.tool_calls ?? []).flatMap((call) => [call.function.name, call.function.arguments])])
    .reduce((sum, text) => sum + referenceTokens(text), 0);
}
