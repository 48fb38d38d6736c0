import type { Usage } from '../llm';
import { maxRoundsKept, type SessionUsage } from '../session';
import { costOf, type PricingTable } from './pricing';
import { tokenUsageOf, type TokenUsage } from './token-usage';

/** One model call in an account: its tokens, the model that used them, and what they cost (null: no price). */
export interface AccountRound extends TokenUsage {
  model: string;
  costUsd: number | null;
}

/**
 * The usage of a session as people read it (the upstream documents' SessionUsage): totals by kind of token
 * over every call, the cost, and the most recent calls. `totalCost` is null when nothing was spent yet or
 * when any call used a model without a price (a partial sum would look like the whole bill).
 */
export interface UsageAccount {
  model: string;
  totalInputOther: number;
  totalOutput: number;
  totalCacheRead: number;
  totalCacheCreation: number;
  totalCost: number | null;
  /** The most recent calls, oldest first: at most SYNAPSE_MAX_ROUNDS_KEPT (default 50). */
  rounds: AccountRound[];
  /** Every call counted in the totals, including those no longer in `rounds`. */
  roundCount: number;
}

export interface AccumulateOptions {
  /** The model that made this call. Default: the account's model. */
  model?: string;
  /** Prices to cost the call with. Default: none (the cost is unknown). */
  pricing?: PricingTable;
  /** Rounds to keep. Default: SYNAPSE_MAX_ROUNDS_KEPT, or 50. */
  maxRoundsKept?: number;
}

export function createEmptyUsageAccount(model: string): UsageAccount {
  return { model, totalInputOther: 0, totalOutput: 0, totalCacheRead: 0, totalCacheCreation: 0, totalCost: null, rounds: [], roundCount: 0 };
}

/** The account with one more model call: totals grow, the call is the newest round, the cost follows its price. */
export function accumulateUsage(account: UsageAccount, usage: Usage, options: AccumulateOptions = {}): UsageAccount {
  const model = options.model ?? account.model;
  const tokens = tokenUsageOf(usage);
  const costUsd = costOf(tokens, model, options.pricing ?? {});
  const rounds = [...account.rounds, { model, ...tokens, costUsd }];
  const keep = options.maxRoundsKept ?? maxRoundsKept();
  return {
    model: account.model,
    totalInputOther: account.totalInputOther + tokens.inputOther,
    totalOutput: account.totalOutput + tokens.output,
    totalCacheRead: account.totalCacheRead + tokens.inputCacheRead,
    totalCacheCreation: account.totalCacheCreation + tokens.inputCacheCreation,
    totalCost: addCost(account.roundCount === 0 ? 0 : account.totalCost, costUsd),
    rounds: rounds.slice(Math.max(0, rounds.length - keep)),
    roundCount: account.roundCount + 1,
  };
}

/** An empty account for the same model (after `/clear`, say). */
export function resetSessionUsage(account: UsageAccount): UsageAccount {
  return createEmptyUsageAccount(account.model);
}

/**
 * The account of a session's recorded usage. The cost is computed per model from the session's totals, so
 * it covers every call, not only the rounds still kept; prices are today's (`pricing`), not the past's.
 */
export function usageAccountOf(usage: SessionUsage, pricing: PricingTable, model?: string): UsageAccount {
  const tokens = tokenUsageOf(usage.total);
  const costs = Object.entries(usage.byModel).map(([name, { usage: total }]) => costOf(tokenUsageOf(total), name, pricing));
  return {
    model: model ?? usage.rounds.at(-1)?.model ?? '',
    totalInputOther: tokens.inputOther,
    totalOutput: tokens.output,
    totalCacheRead: tokens.inputCacheRead,
    totalCacheCreation: tokens.inputCacheCreation,
    totalCost: usage.roundCount === 0 ? null : costs.reduce<number | null>(addCost, 0),
    rounds: usage.rounds.map((round) => ({ model: round.model, ...tokenUsageOf(round.usage), costUsd: costOf(tokenUsageOf(round.usage), round.model, pricing) })),
    roundCount: usage.roundCount,
  };
}

/** What the calls so far cost: 0 before any call, null once one had no price. */
export function spentUsd(account: UsageAccount): number | null {
  return account.roundCount === 0 ? 0 : account.totalCost;
}

/** A sum of costs that stays unknown (null) once one part is. */
export function addCost(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : a + b;
}
