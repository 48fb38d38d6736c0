import { homedir } from 'node:os';
import { resolve } from 'node:path';
import type { TodoStore } from '../../todo';
import type { WorkspaceFiles } from '../security/workspace-files';
import { tokenizeShellLine } from '../shell-tokenizer';
import type { CommandResult } from '../types';

export interface AgentCommandContext {
  /** The shell's current directory: relative paths resolve against it. */
  cwd: string;
  todoStore: TodoStore;
  signal: AbortSignal;
  /** How the command reaches files: through the sandbox (see WorkspaceFiles). */
  files: WorkspaceFiles;
}

/** A built-in command the router runs in Node instead of the shell. */
export interface AgentCommand {
  readonly name: string;
  /** One line: `Usage: read <path> [--offset N] [--limit N]`. */
  readonly usage: string;
  /** The full `--help` text. */
  readonly help: string;
  /** Changes files or state: refused by read-only routers. */
  readonly writes: boolean;
  /** `args` is the raw text after the command name. */
  run(args: string, context: AgentCommandContext): Promise<CommandResult>;
}

/** Thrown by argument parsing; the router turns it into a `Usage:` error for the command. */
export class UsageError extends Error {
  // Stryker disable next-line StringLiteral: callers tell a UsageError by instanceof; its name is shown nowhere.
  override readonly name = 'UsageError';
}

/** Splits agent-command arguments shell-style; shell operators are a usage error (this is not a shell). */
export function splitArguments(args: string): string[] {
  let tokenized;
  try {
    tokenized = tokenizeShellLine(args);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (tokenized.operators.length) {
    throw new UsageError(
      `shell operator ${tokenized.operators[0]} is not supported by agent commands; run the command alone (quote text containing | ; & < >), or use native tools such as cat/grep in pipelines`,
    );
  }
  return tokenized.words;
}

/** Separates `--name value` / `--name=value` options from positional words. */
// Stryker disable next-line ArrayDeclaration: a default flag list could only matter to an option of exactly that name.
export function parseOptions(words: string[], known: readonly string[], flags: readonly string[] = []): { positional: string[]; options: Map<string, string> } {
  const positional: string[] = [];
  const options = new Map<string, string>();
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    const match = /^(--?[\w-]+)(?:=(.*))?$/s.exec(word);
    if (!match || /^-\d/.test(word)) {
      positional.push(word);
      continue;
    }
    const [, name, inline] = match;
    if (flags.includes(name) && inline === undefined) {
      // Stryker disable next-line StringLiteral: a flag is read with has(); its value is never read.
      options.set(name, 'true');
      continue;
    }
    if (!known.includes(name)) throw new UsageError(`unknown option ${name}`);
    const value = inline ?? words[++i];
    if (value === undefined) throw new UsageError(`option ${name} needs a value`);
    options.set(name, value);
  }
  return { positional, options };
}

export function positiveIntegerOption(options: Map<string, string>, name: string, fallback: number): number {
  const raw = options.get(name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new UsageError(`${name} must be a positive integer, got ${JSON.stringify(raw)}`);
  return Number(raw);
}

export function isHelpRequest(args: string): boolean {
  return /^\s*(--help|-h)\s*$/.test(args);
}

/** A path as the model wrote it, resolved against the shell's directory (`~` is the home directory). */
export function resolvePath(cwd: string, path: string): string {
  if (path === '~' || path.startsWith('~/')) return resolve(homedir(), path.slice(2));
  return resolve(cwd, path);
}
