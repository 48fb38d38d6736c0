import type { Usage } from '../llm';
import { costOf, defaultPricingPath, loadPricingFile, RunBudget, tokenUsageOf, UnpricedBudgetError, getPricing, type PricingTable } from '../usage';

export interface RunCostingOptions {
  /** Prices; default: `~/.synapse/pricing.json`, read when the first run starts. */
  pricing?: PricingTable;
  maxBudgetUsd?: number;
  /** The parent run's budget (sub-agents): checked here, paid into by the parent. */
  sharedBudget?: RunBudget;
}

/**
 * What a runner's runs cost: each call priced by the model that made it (sub-agents' calls included, as
 * the parent records them), and the budget a run is held to. A runner given a parent's budget only reads
 * it: the parent already pays every call of its sub-agents into it.
 */
export class RunCosting {
  private loaded?: { pricing: PricingTable; warning?: string };
  private budget: RunBudget;

  constructor(private readonly options: RunCostingOptions) {
    this.budget = options.sharedBudget ?? new RunBudget(options.maxBudgetUsd);
  }

  get pricing(): PricingTable {
    this.loaded ??= this.options.pricing ? { pricing: this.options.pricing } : loadPricingFile();
    return this.loaded.pricing;
  }

  /** Why the pricing file could not be used, if it could not (reported once per runner). */
  get warning(): string | undefined {
    void this.pricing;
    return this.loaded?.warning;
  }

  /**
   * A new run's budget (a sub-agent keeps its parent's). Throws UnpricedBudgetError when the run has a budget
   * and `model` has no price: its spend could not be counted (a sub-agent asked to use another model too).
   */
  startRun(model: string): void {
    if (this.budget.limitUsd !== undefined && !getPricing(model, this.pricing)) {
      throw new UnpricedBudgetError(model, this.options.pricing ? 'the pricing option' : defaultPricingPath());
    }
    if (!this.options.sharedBudget) this.budget = new RunBudget(this.options.maxBudgetUsd);
  }

  /** One call's cost, paid into the run's budget (unless the budget is a parent's). */
  record(usage: Usage, model: string): number | null {
    const cost = costOf(tokenUsageOf(usage), model, this.pricing);
    if (!this.options.sharedBudget) this.budget.add(cost);
    return cost;
  }

  /** The line to stop with, when the run's spend has passed its budget. */
  get overBudget(): string | undefined {
    return this.budget.exceeded ? this.budget.stopMessage() : undefined;
  }

  /** The budget the run's sub-agents check. */
  get runBudget(): RunBudget {
    return this.budget;
  }
}
