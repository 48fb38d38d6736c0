import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { CliError } from './exit-codes';

/** Flags every command accepts. */
export interface GlobalArgs {
  debug: boolean;
}

export const globalOptions = {
  debug: { type: 'boolean', default: false, describe: 'Print stack traces with errors', global: true },
} as const;

/** --cwd, for the commands that run tools (run, exec). */
export interface CwdArgs {
  cwd?: string;
}

export const cwdOption = {
  cwd: { type: 'string', describe: 'Working directory of the shell and file commands', defaultDescription: 'the current directory' },
} as const;

/** Resolves --cwd to an absolute directory that exists: a typo fails here, not in the middle of a run. */
export function resolveCwd(cwd: string | undefined): string {
  const dir = resolve(cwd ?? process.cwd());
  let isDirectory = false;
  try {
    isDirectory = statSync(dir).isDirectory();
  } catch {
    throw new CliError(`--cwd ${dir} does not exist`);
  }
  if (!isDirectory) throw new CliError(`--cwd ${dir} is not a directory`);
  return dir;
}
