import type { ChatMessage } from '../llm';
import { countTokens } from '../session';
import { MESSAGE_OVERHEAD_TOKENS } from './request-tokens';

/** The first line of the message that stands for the summarized part of a conversation. */
export const SUMMARY_PREFIX = '[Compressed History]';

/** The first user message of a summary request (so it reads as an instruction, whatever the transcript holds). */
export const SUMMARY_DIRECTIVE = 'Summarize the conversation transcript in the next message, following the system instructions.';

export function summaryInstructions(targetTokens: number): string {
  return [
    'You write the working memory of a coding agent whose conversation has grown too long to keep in full.',
    'Summarize the transcript you are given so the agent can continue the work without it. Use these sections:',
    '## Request: what the user asked for, with every constraint and preference they stated.',
    '## Done so far: commands run, files read, created or changed (paths), results and findings that matter.',
    '## Problems: errors met, their causes, what fixed them, what is still failing.',
    '## Current state: where the work stands now.',
    '## Next steps: what remains to be done.',
    'Keep exact names, paths, numbers and error messages. Write only the summary, no preamble.',
    `Aim for about ${targetTokens} tokens.`,
  ].join('\n');
}

const MIN_CAP_CHARS = 200;

/**
 * The messages of a summary request: instructions, a directive, and the transcript of `messages` as
 * text (roles, tool calls and results), fitted into `budgetTokens`: long messages are cut in the middle
 * (head and tail kept), and if that is not enough the oldest ones are left out and counted.
 */
export function summaryRequest(messages: readonly ChatMessage[], targetTokens: number, budgetTokens: number): ChatMessage[] {
  const system = summaryInstructions(targetTokens);
  const fixed = countTokens(system) + countTokens(SUMMARY_DIRECTIVE) + 3 * MESSAGE_OVERHEAD_TOKENS;
  const transcript = fitTranscript(messages.map(renderMessage), Math.max(0, budgetTokens - fixed));
  return [
    { role: 'system', content: system },
    { role: 'user', content: SUMMARY_DIRECTIVE },
    { role: 'user', content: transcript },
  ];
}

function renderMessage(message: ChatMessage): string {
  const label = message.role === 'tool' ? `[tool result ${message.tool_call_id ?? ''}]`.replace(' ]', ']') : `[${message.role}]`;
  const calls = (message.tool_calls ?? []).map((call) => `-> ${call.function.name} ${call.function.arguments}`);
  return [label, message.content ?? '', ...calls].filter(Boolean).join('\n');
}

function fitTranscript(entries: string[], budget: number): string {
  const join = (list: string[]) => list.join('\n\n');
  if (countTokens(join(entries)) <= budget) return join(entries);
  // The longest cap per entry that fits, by bisection over characters.
  let low = MIN_CAP_CHARS;
  let high = Math.max(MIN_CAP_CHARS, ...entries.map((entry) => entry.length));
  const fits = (cap: number) => countTokens(join(entries.map((entry) => cut(entry, cap)))) <= budget;
  if (fits(low)) {
    while (high - low > 64) {
      const middle = Math.floor((low + high) / 2);
      if (fits(middle)) low = middle;
      else high = middle;
    }
    return join(entries.map((entry) => cut(entry, low)));
  }
  // Even short entries do not fit: keep the most recent ones that do.
  const capped = entries.map((entry) => cut(entry, MIN_CAP_CHARS));
  let from = 0;
  const withNote = () => join([`[${from} earlier messages left out]`, ...capped.slice(from)]);
  while (from < capped.length && countTokens(withNote()) > budget) from++;
  return withNote();
}

/** The text with its middle replaced by a note when it is longer than `cap` characters. */
function cut(text: string, cap: number): string {
  if (text.length <= cap) return text;
  const half = Math.floor(cap / 2);
  return `${text.slice(0, half)}\n[... ${text.length - 2 * half} characters left out ...]\n${text.slice(text.length - half)}`;
}
