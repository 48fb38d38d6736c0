import type { ChatMessage } from '../llm';
import type { ToolResult } from '../tools';

/** The tool a user's `!<command>` runs through: the same Bash tool the model calls. */
export const BASH_TOOL = 'Bash';

/**
 * A command the user ran themselves, as context for the model: the command line and what it printed,
 * as the model would have read it from the tool (bounded and redacted).
 */
export function userCommandNote(command: string, result: ToolResult): ChatMessage {
  const exitCode = result.extras?.exitCode;
  const status = exitCode === undefined ? (result.isError ? 'failed' : 'done') : `exit code ${exitCode}`;
  return {
    role: 'user',
    content: `[The user ran a shell command themselves; its output is here for context.]\n<user-shell-command>${command}</user-shell-command>\n<user-shell-output status="${status}">\n${result.message.trimEnd()}\n</user-shell-output>`,
  };
}
