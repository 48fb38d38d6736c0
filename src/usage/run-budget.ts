import { formatUsd } from './format-cost';
import { addCost } from './usage-account';

/** A budget was asked for a model without a price: it could not be enforced, so the run does not start. */
export class UnpricedBudgetError extends Error {
  override readonly name = 'UnpricedBudgetError';
  constructor(
    readonly model: string,
    readonly pricingFile: string,
  ) {
    super(`a budget needs a price for model ${model}, and ${pricingFile} has none (add "${model}": {"inputPerMillion": ..., "outputPerMillion": ...})`);
  }
}

/**
 * What one run has spent, its sub-agents included, against an optional limit in US dollars. The run adds
 * each call's cost as it is recorded; the run and its sub-agents look at `exceeded` before each model
 * request, so a call already made is paid for and nothing more is asked once the spend passes the limit.
 */
export class RunBudget {
  private spent: number | null = 0;

  constructor(readonly limitUsd?: number) {
    if (limitUsd !== undefined && !(Number.isFinite(limitUsd) && limitUsd > 0)) throw new RangeError(`maxBudgetUsd must be a positive number of US dollars, got ${limitUsd}`);
  }

  /** Adds one call's cost (null: a model without a price, which makes the spend unknown). */
  add(costUsd: number | null): void {
    this.spent = addCost(this.spent, costUsd);
  }

  /** True once the spend has passed the limit, or is unknown (a call without a price: fail closed). */
  get exceeded(): boolean {
    return this.limitUsd !== undefined && (this.spent === null || this.spent > this.limitUsd);
  }

  /** The one line a run stops with: the budget and the spend. */
  stopMessage(): string {
    const budget = formatUsd(this.limitUsd ?? 0);
    if (this.spent === null) return `This run used a model without a price, so its spend against the budget of ${budget} is unknown; stopping before the next model request.`;
    return `Spent ${formatUsd(this.spent)} in this run, past its budget of ${budget}; stopping before the next model request.`;
  }
}
