import type { ChatMessage } from '../llm';

/** What a run was doing when it was interrupted: waiting for the model, or running these commands. */
export interface RunActivity {
  running: readonly string[];
}

/**
 * The record of an interrupted request, kept in the history so the model knows on the next turn that
 * its last request was cut short and what was stopped (rather than finding the request silently gone).
 */
export function interruptionNote(activity: RunActivity): ChatMessage {
  const commands = activity.running.map((command) => `\`${command.length > 200 ? `${command.slice(0, 199)}…` : command}\``);
  const what = commands.length
    ? `while ${commands.length === 1 ? 'this command was' : 'these commands were'} running: ${commands.join(', ')} (stopped before ${commands.length === 1 ? 'it' : 'they'} finished; ${commands.length === 1 ? 'its' : 'their'} output is not available)`
    : 'while the model was answering (its partial answer was discarded)';
  return { role: 'user', content: `[The user interrupted the previous request ${what}.]` };
}

/** Whether a message is such a note (for displays that show it differently). */
export function isInterruptionNote(message: ChatMessage): boolean {
  return message.role === 'user' && typeof message.content === 'string' && message.content.startsWith('[The user interrupted the previous request ');
}
