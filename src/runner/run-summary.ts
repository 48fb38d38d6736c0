import { addCost, formatUsd } from '../usage';
import type { RunnerEvent } from './types';

/** The figures of a run people and scripts look at when it ends. */
export interface RunSummaryFigures {
  /**
   * Model requests, sub-agents' included: each one that reported usage (a usage round, as `sessions stats`
   * counts them), plus the agent's own that reported none.
   */
  modelCalls: number;
  /** Tool calls the agent made. */
  toolCalls: number;
  /** Tokens sent and received, sub-agents included, as the server reported them. */
  inputTokens: number;
  outputTokens: number;
  /** What those tokens cost in US dollars, sub-agents included: 0 before any call, null when a model used has no price. */
  costUsd: number | null;
  durationMs: number;
}

/** Tallies a run from its events: pass `observe` the runner's events (or call it from your onEvent). */
export class RunSummary {
  private readonly startedAt = performance.now();
  private figures: Omit<RunSummaryFigures, 'durationMs'> = { modelCalls: 0, toolCalls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0 };
  /** The event before was a usage round: the agent's reply that follows is that round, not another call. */
  private usageJustBefore = false;

  readonly observe = (event: RunnerEvent): void => {
    const afterUsage = this.usageJustBefore;
    this.usageJustBefore = event.type === 'usage';
    if (event.type === 'assistant_message' && !afterUsage) this.figures.modelCalls += 1;
    else if (event.type === 'tool_call_finished') this.figures.toolCalls += 1;
    else if (event.type === 'usage') {
      this.figures.modelCalls += 1;
      this.figures.inputTokens += event.usage.prompt_tokens;
      this.figures.outputTokens += event.usage.completion_tokens;
      this.figures.costUsd = addCost(this.figures.costUsd, event.costUsd);
    }
  };

  get(): RunSummaryFigures {
    return { ...this.figures, durationMs: Math.round(performance.now() - this.startedAt) };
  }
}

/** `2 model calls · 420 tokens in / 35 out · $0.0012 · 1 tool call · 1.4s` (`cost N/A` without a price). */
export function formatRunSummary(figures: RunSummaryFigures): string {
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  return [
    plural(figures.modelCalls, 'model call'),
    `${figures.inputTokens.toLocaleString('en-US')} tokens in / ${figures.outputTokens.toLocaleString('en-US')} out`,
    figures.costUsd === null ? 'cost N/A' : formatUsd(figures.costUsd),
    plural(figures.toolCalls, 'tool call'),
    `${(figures.durationMs / 1000).toFixed(1)}s`,
  ].join(' · ');
}
