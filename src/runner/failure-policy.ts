import type { ToolResult } from '../tools';

/**
 * Failures that say the model is using the tools wrongly; an execution error (a missing file) does not,
 * nor does a permission denial (the policy or the sandbox said no: the model can read why and recover).
 */
const USAGE_FAILURES = new Set(['command_not_found', 'invalid_usage']);

export const isUsageFailure = (result: ToolResult): boolean => result.isError && USAGE_FAILURES.has(String(result.extras?.failureCategory));

/** Counts rounds in a row whose failures include a usage failure; a round without one resets the count. */
export class ConsecutiveFailurePolicy {
  private rounds = 0;

  constructor(private readonly limit: number) {}

  /** Records a round's results; true when the limit is reached and the run must stop. */
  record(results: ToolResult[]): boolean {
    this.rounds = results.some(isUsageFailure) ? this.rounds + 1 : 0;
    return this.rounds >= this.limit;
  }

  /** A round the model got wrong before any tool ran (malformed arguments) counts as a usage failure. */
  recordMalformedRound(): boolean {
    this.rounds += 1;
    return this.rounds >= this.limit;
  }
}

export const CONSECUTIVE_FAILURES_MESSAGE = 'Consecutive tool execution failures; stopping.';
