import { visibleText } from '../visible-text';
import { CliError, ExitCode } from './exit-codes';
import { interruptExitCode } from './interrupt';

/** Values that must never reach the terminal (the API key): replaced wherever they appear. */
const secrets = new Set<string>();

export function registerSecret(value: string | undefined): void {
  if (value && value.length >= 4) secrets.add(value);
}

export function redact(text: string): string {
  let result = text;
  for (const secret of secrets) result = result.split(secret).join('***');
  return result;
}

/** Errors that mean "what you asked for cannot be done as given" rather than "the run failed". */
const badInputErrors = new Set([
  'SessionNotFoundError',
  'AmbiguousSessionError',
  'InvalidSessionIdError',
  'SessionsDirError',
  'DirectoryError',
  'InvalidStateError',
  'ProjectInstructionsError',
  'ZodError',
  // A budget for a model without a price: it could not be enforced, so nothing was sent.
  'UnpricedBudgetError',
  'SettingsFileError',
  'SettingValueError',
  // A new prompt for a session whose run waits for approval, or answers that do not fit the paused calls.
  'PendingApprovalError',
  'ApprovalDecisionError',
]);

/** Whether an exit code means "interrupted by a signal" (130, 143, 129). */
export function isInterruptCode(code: number): boolean {
  return code === ExitCode.interrupted || code === ExitCode.terminated || code === ExitCode.hangup;
}

export function exitCodeFor(error: unknown): number {
  if (error instanceof CliError) return error.exitCode;
  const name = (error as { name?: unknown } | null)?.name;
  // ExitPromptError: Ctrl-C inside an interactive prompt.
  if (name === 'AbortError' || name === 'ExitPromptError') return interruptExitCode();
  if (typeof name === 'string' && badInputErrors.has(name)) return ExitCode.badInput;
  return ExitCode.failed;
}

/**
 * One line naming what went wrong; model errors carry their HTTP status. A message may quote input (a file,
 * an argument, a server's reply): its control characters are made visible.
 */
export function describeError(error: unknown): string {
  return visibleText(errorLine(error));
}

function errorLine(error: unknown): string {
  if (!(error instanceof Error)) return redact(String(error));
  if (error.name === 'AbortError' || error.name === 'ExitPromptError') return 'interrupted';
  const status = (error as { status?: unknown }).status;
  const firstLine = error.message.split('\n')[0]!.trim() || error.name;
  if (error.name === 'ModelError') {
    return redact(`model request failed${typeof status === 'number' ? ` (HTTP ${status})` : ''}: ${firstLine}`);
  }
  return redact(firstLine);
}

/** Writes the error to stderr (one line, or the stack with --debug) and returns the exit code. */
export function reportError(error: unknown, options: { debug?: boolean } = {}): number {
  const line = `synapse: ${describeError(error)}`;
  process.stderr.write(`${line}\n`);
  if (options.debug && error instanceof Error && error.stack) process.stderr.write(`${visibleText(redact(error.stack))}\n`);
  return exitCodeFor(error);
}
