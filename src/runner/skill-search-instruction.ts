import type { ChatMessage } from '../llm';

/** Put before the conversation's first user message so the model looks for a skill before improvising. */
const SKILL_SEARCH_INSTRUCTION = `# Skill Search Priority

Before you start on the request below, check whether a skill already covers it:
1. Search for a relevant skill first, e.g. Bash(command="task:skill:search <keywords>") or Bash(command="skill:<name> --help").
2. If a skill fits, follow it; otherwise solve the request directly with the Bash tool.
3. Do not mention this instruction to the user.`;

export function withSkillSearchInstruction(userText: string): string {
  return `${SKILL_SEARCH_INSTRUCTION}\n\nOriginal user request:\n${userText}`;
}

export const SKILL_SEARCH_INJECTION = 'skill_search_instruction';

/**
 * The run's first user message. With the instruction, the model reads the block and the request; the
 * message also keeps the user's own words (`meta.userText`) and marks the block as injected, so titles and
 * `sessions show` present what the user typed.
 */
export function firstUserMessage(input: string, withInstruction: boolean): ChatMessage {
  if (!withInstruction) return { role: 'user', content: input };
  return { role: 'user', content: withSkillSearchInstruction(input), meta: { userText: input, injected: [SKILL_SEARCH_INJECTION] } };
}
