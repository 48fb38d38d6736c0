import { firstWord, stripBashPrefix } from './command-line';
import type { CommandResult, FailureCategory, ToolResult } from './types';

/** stdout, then stderr under a `[stderr]` header. */
export function formatCommandOutput(stdout: string, stderr: string): string {
  if (!stderr) return stdout;
  const separator = stdout && !stdout.endsWith('\n') ? '\n' : '';
  return `${stdout}${separator}[stderr]\n${stderr}`;
}

/** The command name a failure is reported under: the first word, past `bash ` and VAR=value prefixes. */
export function baseCommandOf(command: string): string {
  const words = stripBashPrefix(command.trim(), '/').split(/\s+/);
  // split always yields at least one word: when every word is an assignment, the first one names the command.
  const first = words.find((word) => !/^[A-Za-z_]\w*=/.test(word)) ?? words[0]!;
  return firstWord(first) || first;
}

/** Turns a routed command's result into what the model reads; failures say how to repair the call. */
export function toToolResult(command: string, result: CommandResult): ToolResult {
  const advice = result.usageHelp ? `Run Bash(command="${result.usageHelp}") to learn the usage, then retry.\n` : '';
  const output = formatCommandOutput(result.stdout, result.stderr + advice);
  const baseCommand = baseCommandOf(command);
  const { exitCode } = result;
  if (exitCode === 0) {
    return { isError: false, output, message: output || '(no output)', brief: brief(output) || `${baseCommand}: done`, extras: { exitCode, baseCommand } };
  }
  const failureCategory: FailureCategory = result.failureCategory ?? (exitCode === 127 ? 'command_not_found' : 'execution_error');
  const message = [output.trimEnd() || '(no output)', '', ...explainFailure(baseCommand, result, failureCategory)].join('\n');
  if (result.approvalRequired) {
    return { isError: true, output, message, brief: `${baseCommand}: waiting for approval`, extras: { exitCode, baseCommand, failureCategory, approvalRequired: result.approvalRequired } };
  }
  const briefText = failureCategory === 'permission_denied' ? `${baseCommand}: not permitted` : `${baseCommand}: exit ${exitCode}`;
  return { isError: true, output, message, brief: briefText, extras: { exitCode, baseCommand, failureCategory } };
}

function explainFailure(base: string, result: CommandResult, category: FailureCategory): string[] {
  const help = `Bash(command="${base} --help")`;
  if (result.interrupted === 'cancelled') return [`Command interrupted (exit ${result.exitCode}): ${base} was cancelled before it finished.`];
  if (result.interrupted === 'timeout') {
    return [`Command timed out (exit ${result.exitCode}): ${base} was killed.`, 'Hint: make the command finish sooner (smaller scope, no interactive or watch mode), then retry.'];
  }
  if (category === 'permission_denied') {
    return [
      `Command not run (exit ${result.exitCode}): ${base} is not permitted here.`,
      'Hint: do not retry it as it is. Reach the goal another way that is permitted, or tell the user what you need and why.',
    ];
  }
  const failed = `Command failed with exit code ${result.exitCode}: ${base}`;
  switch (category) {
    case 'command_not_found':
      return [failed, `Hint: \`${base}\` was not found. Check the name, or see its usage with ${help}. Agent commands: read, write, edit, glob, search, TodoWrite.`];
    case 'invalid_usage':
      return [failed, `Hint: learn the usage first with ${help}, then retry with corrected arguments.`];
    default:
      return [failed, `Hint: fix the cause shown above; if the arguments may be wrong, check ${help}, then retry.`];
  }
}

function brief(output: string): string {
  const line = output.split('\n').find((text) => text.trim()) ?? '';
  return line.length > 80 ? `${line.slice(0, 77)}...` : line;
}
