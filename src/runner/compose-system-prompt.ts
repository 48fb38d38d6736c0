import type { ProjectInstructions } from './project-instructions';

export interface SystemPromptParts {
  /** The base prompt: the default one, or a replacement (e.g. from --system-prompt-file). */
  base: string;
  /** The project's AGENTS.md, if it is to be read. */
  projectInstructions?: ProjectInstructions;
  /** Text added at the end (e.g. --append-system-prompt). */
  append?: string;
}

/** The system prompt a run sends: the base, then the project's instructions, then what was appended. */
export function composeSystemPrompt({ base, projectInstructions, append }: SystemPromptParts): string {
  const sections = [base.trimEnd()];
  if (projectInstructions?.text.trim()) {
    sections.push(`# Project instructions (${projectInstructions.path})\n\n${projectInstructions.text.trim()}`);
  }
  if (append?.trim()) sections.push(append.trim());
  return sections.join('\n\n');
}
