/** What a line typed at the chat prompt is. */
export type ReplInput =
  | { kind: 'empty' }
  /** `/name args`: a slash command (the name in lower case). */
  | { kind: 'command'; name: string; args: string }
  /** `!command`: run it in the session's shell. */
  | { kind: 'shell'; command: string }
  /** `!` alone. */
  | { kind: 'shell-usage' }
  | { kind: 'message'; text: string };

/**
 * Classifies a line. Only a `/` followed by a command word is a command, so a path like `/etc/hosts is
 * broken` or `//` goes to the model as text.
 */
export function parseInput(line: string): ReplInput {
  const text = line.trim();
  if (!text) return { kind: 'empty' };
  if (text.startsWith('!')) {
    const command = text.slice(1).trim();
    return command ? { kind: 'shell', command } : { kind: 'shell-usage' };
  }
  const command = /^\/([A-Za-z][\w-]*|\?)(?:\s+([\s\S]*))?$/.exec(text);
  if (command) return { kind: 'command', name: command[1]!.toLowerCase(), args: command[2]?.trim() ?? '' };
  return { kind: 'message', text: line };
}
