import { positiveIntFromEnv } from '../env-settings';
import type { Usage } from '../llm';
import type { ModelUsage, SessionUsage, UsageRound } from './types';

/** Rounds a session keeps in memory by default (`SYNAPSE_MAX_ROUNDS_KEPT`); totals always count every round. */
export const MAX_ROUNDS_KEPT = 50;

/** The number of recent rounds kept, read when used: `SYNAPSE_MAX_ROUNDS_KEPT`, or MAX_ROUNDS_KEPT. */
export const maxRoundsKept = (): number => positiveIntFromEnv('SYNAPSE_MAX_ROUNDS_KEPT', MAX_ROUNDS_KEPT);

export function emptyUsage(): Usage {
  return { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };
}

export function emptySessionUsage(): SessionUsage {
  return { total: emptyUsage(), byModel: {}, rounds: [], roundCount: 0 };
}

/** The sum of two usages; a cache field appears when either side has it. */
export function addUsage(a: Usage, b: Usage): Usage {
  const sum: Usage = {
    prompt_tokens: a.prompt_tokens + b.prompt_tokens,
    completion_tokens: a.completion_tokens + b.completion_tokens,
    total_tokens: a.total_tokens + b.total_tokens,
  };
  const read = (a.cache_read_tokens ?? 0) + (b.cache_read_tokens ?? 0);
  const write = (a.cache_write_tokens ?? 0) + (b.cache_write_tokens ?? 0);
  if (read) sum.cache_read_tokens = read;
  if (write) sum.cache_write_tokens = write;
  return sum;
}

/**
 * A session's usage as it grows: totals over every round, overall and per model (what cost is computed
 * from), and only the most recent rounds, so a long session's memory does not grow with its length.
 */
export class UsageLedger {
  private total = emptyUsage();
  private readonly byModel = new Map<string, ModelUsage>();
  private readonly recent: UsageRound[] = [];
  private count = 0;

  constructor(rounds: Iterable<UsageRound> = []) {
    for (const round of rounds) this.add(round);
  }

  add(round: UsageRound): void {
    this.total = addUsage(this.total, round.usage);
    const model = this.byModel.get(round.model);
    this.byModel.set(round.model, { usage: addUsage(model?.usage ?? emptyUsage(), round.usage), rounds: (model?.rounds ?? 0) + 1 });
    this.count += 1;
    this.recent.push(round);
    const excess = this.recent.length - maxRoundsKept();
    if (excess > 0) this.recent.splice(0, excess);
  }

  get roundCount(): number {
    return this.count;
  }

  get totals(): Usage {
    return { ...this.total };
  }

  get modelTotals(): Record<string, ModelUsage> {
    return Object.fromEntries([...this.byModel].map(([model, { usage, rounds }]) => [model, { usage: { ...usage }, rounds }]));
  }

  snapshot(): SessionUsage {
    return { total: this.totals, byModel: this.modelTotals, rounds: [...this.recent], roundCount: this.count };
  }
}
