export { tokenUsageOf, type TokenUsage } from './token-usage';
export { calculateCost, costOf, getPricing, modelPricingSchema, pricingTableSchema, type ModelPricing, type PricingTable } from './pricing';
export { defaultPricingPath, loadPricingFile, type LoadedPricing } from './pricing-file';
export {
  accumulateUsage,
  addCost,
  createEmptyUsageAccount,
  resetSessionUsage,
  spentUsd,
  usageAccountOf,
  type AccountRound,
  type AccumulateOptions,
  type UsageAccount,
} from './usage-account';
export { cacheHitRate, formatAccountCost, formatCostOutput, formatCount, formatUsd, totalInput } from './format-cost';
export { RunBudget, UnpricedBudgetError } from './run-budget';
export { MAX_ROUNDS_KEPT, maxRoundsKept } from '../session';
