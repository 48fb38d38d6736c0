import type { Usage } from '../llm/types';
import type { RunSummaryFigures } from '../runner/run-summary';
import type { PendingToolCall, RunnerEvent, StopReason } from '../runner/types';

/** How a run ended, for the last line (JSON) or the summary (people). */
export interface RunOutcome {
  sessionId: string | null;
  text: string;
  usage: Usage;
  summary: RunSummaryFigures;
  isError: boolean;
  stopReason?: StopReason;
  /** What went wrong, one line (also on stderr). */
  error?: string;
  interrupted?: boolean;
  /** The tool calls a paused run waits on (stopReason `approval_required`). */
  pending?: PendingToolCall[];
}

/** Renders a run's progress as it happens, and its outcome once at the end. */
export interface RunRenderer {
  onEvent(event: RunnerEvent): void;
  finish(outcome: RunOutcome): void;
}
