import type { RunnerEvent } from '../runner/types';
import { terminalSafeJson } from '../visible-text';
import type { RunOutcome, RunRenderer } from './run-renderer';

/**
 * For scripts (--json): each of the runner's events as one JSON line, exactly as the library emits it
 * (same names, same fields), and last a `result` line with the outcome and the run's figures. The text
 * is exact; the characters a terminal would act on are \u escapes in it (terminalSafeJson).
 */
export class JsonRunRenderer implements RunRenderer {
  onEvent(event: RunnerEvent): void {
    write(event);
  }

  finish(outcome: RunOutcome): void {
    const { sessionId, text, usage, summary, isError, stopReason, error, interrupted, pending } = outcome;
    write({
      type: 'result',
      sessionId,
      text,
      usage,
      summary,
      isError,
      stopReason: stopReason ?? null,
      ...(error ? { error } : {}),
      ...(interrupted ? { interrupted } : {}),
      ...(pending ? { pending } : {}),
    });
  }
}

function write(value: object): void {
  process.stdout.write(`${terminalSafeJson(value)}\n`);
}
