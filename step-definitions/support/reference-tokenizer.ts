import { Tiktoken, type TiktokenBPE } from 'js-tiktoken/lite';
import type { ChatMessage } from '../../src';

/** The reference tokenizer, straight from js-tiktoken (not src/session's memoized counter); built on first use. */
let referenceEncoder: Tiktoken | undefined;

export function referenceTokens(text: string): number {
  // The lite entry with the one rank table needed: the full entry also loads every other encoding.
  referenceEncoder ??= new Tiktoken(require('js-tiktoken/ranks/o200k_base') as TiktokenBPE);
  return referenceEncoder.encode(text, [], []).length;
}

/** A history's tokens as the documents define them: each content, tool name and arguments counted on its own. */
export function referenceHistoryTokens(messages: readonly ChatMessage[]): number {
  return messages
    .flatMap((message) => [message.content ?? '', ...(message.tool_calls ?? []).flatMap((call) => [call.function.name, call.function.arguments])])
    .reduce((sum, text) => sum + referenceTokens(text), 0);
}
