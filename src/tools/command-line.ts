import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';

/** The router's three layers. */
export type CommandLayer = 'native' | 'agent' | 'extension';

export const AGENT_COMMAND_NAMES = ['read', 'write', 'edit', 'glob', 'search', 'TodoWrite'] as const;
export type AgentCommandName = (typeof AGENT_COMMAND_NAMES)[number];

export const EXTENSION_PREFIXES = ['task:', 'mcp:', 'skill:'] as const;

/** The first word of a command line (up to a blank or a shell operator). */
export function firstWord(command: string): string {
  return /^[^\s|&;<>()]*/.exec(command.trimStart())?.[0] ?? '';
}

/**
 * Removes a leading `bash ` that models like to add (`bash echo hi > f`). Kept when it is real bash usage:
 * an option follows (`bash -c ...`) or the next word is a script that exists (`bash build.sh`).
 */
export function stripBashPrefix(command: string, cwd: string): string {
  const match = /^\s*bash[ \t]+(?=\S)/.exec(command);
  if (!match) return command;
  const rest = command.slice(match[0].length);
  const next = firstWord(rest);
  if (next.startsWith('-')) return command;
  if (next && existsSync(isAbsolute(next) ? next : resolve(cwd, next))) return command;
  return rest;
}

/** Which layer a (prefix-stripped) command belongs to: the first word decides. */
export function classifyCommand(command: string): CommandLayer {
  const word = firstWord(command);
  if (EXTENSION_PREFIXES.some((prefix) => word.startsWith(prefix))) return 'extension';
  if ((AGENT_COMMAND_NAMES as readonly string[]).includes(word)) return 'agent';
  return 'native';
}

/** A `task:*` sub-agent command, also when a model wrote it after a `bash ` prefix. */
export function isTaskCommand(command: string | undefined): boolean {
  return /^\s*(?:bash[ \t]+)?task:/.test(command ?? '');
}
