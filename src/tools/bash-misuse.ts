import type { ToolResult } from './types';

/**
 * Catches the ways models misuse the Bash tool before anything runs: the tool name given as the command
 * (`Bash`), or the call written out inside the command (`Bash(command="ls -la")`).
 */
export function detectBashMisuse(command: string): ToolResult | undefined {
  const text = command.trim();
  if (/^Bash(\s*\(\s*\))?$/.test(text)) {
    return misuse('"Bash" is the name of the tool, not a command. Put the shell command itself in the command parameter: ' + 'Bash(command="...") — for example Bash(command="ls -la").');
  }
  if (/^Bash\s*\(/.test(text)) {
    const inner = innerCommand(text);
    const example = inner ? `Bash(command=${JSON.stringify(inner)})` : 'Bash(command="ls -la")';
    return misuse(
      'Do not wrap Bash(...) inside command: the command parameter must hold only the bare shell command. ' +
        `Call the tool as ${example}${inner ? `, i.e. with command ${JSON.stringify(inner)}` : ''}.`,
    );
  }
  const prefixed = /^Bash\s+(\S[\s\S]*)/.exec(text);
  if (prefixed) {
    return misuse(`Do not start the command with the tool name "Bash". Call Bash(command=${JSON.stringify(prefixed[1])}).`);
  }
  return undefined;
}

/** `Bash(command="ls -la")` -> `ls -la`, when the wrapping is well-formed. */
function innerCommand(text: string): string | undefined {
  const match = /^Bash\s*\(\s*(?:command\s*[=:]\s*)?(["'`])([\s\S]*)\1\s*\)$/.exec(text);
  if (!match) return undefined;
  const [, quote, body] = match;
  if (quote !== '"') return body;
  try {
    return JSON.parse(`"${body}"`) as string;
  } catch {
    return body;
  }
}

function misuse(explanation: string): ToolResult {
  const message = `Invalid usage: ${explanation}`;
  return {
    isError: true,
    output: message,
    message,
    brief: 'invalid Bash usage',
    extras: { failureCategory: 'invalid_usage', baseCommand: 'Bash' },
  };
}
