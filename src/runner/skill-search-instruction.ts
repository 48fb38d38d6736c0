/** Put before the conversation's first user message so the model looks for a skill before improvising. */
const SKILL_SEARCH_INSTRUCTION = `# Skill Search Priority

Before you start on the request below, check whether a skill already covers it:
1. Search for a relevant skill first, e.g. Bash(command="task:skill:search <keywords>") or Bash(command="skill:<name> --help").
2. If a skill fits, follow it; otherwise solve the request directly with the Bash tool.
3. Do not mention this instruction to the user.`;

export function withSkillSearchInstruction(userText: string): string {
  return `${SKILL_SEARCH_INSTRUCTION}\n\nOriginal user request:\n${userText}`;
}
