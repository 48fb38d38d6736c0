import type { ChatMessage } from '../llm';

const MAX_TITLE_LENGTH = 60;

/**
 * A one-line title from a user's message: its first non-blank line (a prompt followed by piped input is
 * titled by the prompt), whitespace collapsed, cut at 60 characters with an ellipsis.
 */
export function titleFromText(text: string): string | null {
  const first = text.split('\n').find((candidate) => candidate.trim()) ?? '';
  const line = first.replace(/\s+/g, ' ').trim();
  if (line === '') return null;
  const characters = Array.from(line); // by code point, so a CJK or emoji title is never cut mid-character
  return characters.length <= MAX_TITLE_LENGTH
    ? line
    : `${characters
        .slice(0, MAX_TITLE_LENGTH - 1)
        .join('')
        .trimEnd()}…`;
}

/** What the user wrote in a message: their own words when synapse added text around them. */
export function userWords(message: ChatMessage): string {
  return message.meta?.userText ?? message.content ?? '';
}

/**
 * The title of a rewritten history: from its first input of the user's own (isUserInput); undefined when it
 * has none, so the title stays.
 */
export function titleOfHistory(messages: readonly ChatMessage[]): string | null | undefined {
  const first = messages.find(isUserInput);
  return first ? titleFromText(userWords(first)) : undefined;
}

/** A run's own words: a user message that is not a summary, a reminder or an input the model never saw. */
export function isUserInput(message: ChatMessage): boolean {
  return message.role === 'user' && !message.meta?.summary && !message.meta?.reminder && !message.meta?.unanswered;
}
