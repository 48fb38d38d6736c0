import type { CommandResult } from './types';

export function commandSuccess(stdout: string): CommandResult {
  return { stdout, stderr: '', exitCode: 0 };
}

/** A well-formed command that failed in the world (missing file, text not found): not the model's syntax. */
export function executionFailure(message: string, exitCode = 1): CommandResult {
  return { stdout: '', stderr: ensureNewline(message), exitCode, failureCategory: 'execution_error' };
}

/**
 * Wrong arguments: the reason and the usage line; `usageHelp` names the command that shows the full usage,
 * and whoever presents the result says how to run it (the model: Bash(command="..."); a person: synapse exec).
 */
export function usageFailure(command: string, usage: string, reason: string): CommandResult {
  return { stdout: '', stderr: `Error: ${reason}\n${usage}\n`, exitCode: 1, failureCategory: 'invalid_usage', usageHelp: `${command} --help` };
}

/** Refused by the sandbox's rules: like a policy denial, not the model's syntax and not worth retrying. */
export function permissionFailure(message: string): CommandResult {
  return { stdout: '', stderr: ensureNewline(message), exitCode: 126, failureCategory: 'permission_denied' };
}

export function notFoundFailure(message: string): CommandResult {
  return { stdout: '', stderr: ensureNewline(message), exitCode: 1, failureCategory: 'command_not_found' };
}

function ensureNewline(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}
