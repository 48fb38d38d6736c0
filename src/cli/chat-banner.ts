import type { ChatSession } from '../repl/chat-session';
import { visibleText } from '../visible-text';
import type { Style } from './terminal-style';

/** The first lines of a chat: what it is, the model, the session, and how to get help, quit and run a command. */
export function chatBanner(options: { style: Style; model: string; cwd: string; sessionId: string | null; resumed: number; unavailable?: string }): string {
  const { style, model, cwd, sessionId, resumed, unavailable } = options;
  const session = sessionId ? `Session: ${sessionId}${resumed ? ` (resumed, ${resumed} messages)` : ' (new)'}` : 'Session: not saved (--no-session)';
  const lines = [
    `${style.bold('Synapse Agent')} · chat · model ${visibleText(model)} · ${visibleText(cwd)}`,
    style.dim(session),
    style.dim('Type a message and Enter. /help for commands, /exit (or Ctrl-D) to quit, !<command> to run a shell command.'),
  ];
  if (unavailable) {
    lines.push(style.yellow(`Agent mode unavailable: ${visibleText(unavailable)}`));
    lines.push(style.yellow('Running in echo mode: messages are echoed back; /help, /exit and !<command> still work.'));
  }
  return lines.join('\n');
}

/**
 * What the MCP config and the skill folders could not provide (the chat goes on without it): `lines` to show
 * under the banner, and the same problems as the runner's first `warning` events word them (Extensions.warnings),
 * so the chat does not show them twice.
 */
export async function extensionWarnings(chat: ChatSession): Promise<{ lines: string[]; shown: string[] }> {
  const extensions = chat.extensions;
  if (!extensions) return { lines: [], shown: [] };
  const failed = (kind: string) => (error: unknown) => ({ lines: [`warning: ${kind} tools unavailable: ${(error as Error)?.message ?? String(error)}`], shown: [] });
  const [mcp, skills] = await Promise.all([
    extensions.mcp
      .configuration()
      .then(({ errors }) => ({ lines: errors.map((error) => `warning: MCP tools unavailable: MCP config ${error}`), shown: errors.map((error) => `MCP config ${error}`) }), failed('MCP')),
    extensions.skills
      .load()
      .then(({ warnings }) => ({ lines: warnings.map((warning) => `warning: Skill tools unavailable: ${warning}`), shown: warnings.map((warning) => `skill ${warning}`) }), failed('Skill')),
  ]);
  // The lines quote config files and SKILL.md (the workspace's, which the model can write): made visible.
  return { lines: [...mcp.lines, ...skills.lines].map(visibleText), shown: [...mcp.shown, ...skills.shown] };
}
