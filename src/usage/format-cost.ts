import type { UsageAccount } from './usage-account';

// Made on first use: creating it loads ICU's number data (about 10 ms), which a chat's start-up need not wait for.
let numbers: Intl.NumberFormat | undefined;

/** A whole number as people read it: `1,234,567`. */
export function formatCount(value: number): string {
  numbers ??= new Intl.NumberFormat('en-US');
  return numbers.format(value);
}

/** Dollars: cents, or four decimals for less than a cent that is not nothing (`$0.0042`). */
export function formatUsd(cost: number): string {
  return `$${cost > 0 && cost < 0.01 ? cost.toFixed(4) : cost.toFixed(2)}`;
}

/** All the input of an account: what was neither read from nor written to a cache, and what was. */
export function totalInput(account: UsageAccount): number {
  return account.totalInputOther + account.totalCacheRead + account.totalCacheCreation;
}

/** The share of the input read from a cache, in whole percent; 0 when there was no input. */
export function cacheHitRate(account: UsageAccount): number {
  const input = totalInput(account);
  return input > 0 ? Math.round((account.totalCacheRead / input) * 100) : 0;
}

/** The cost as shown: dollars when known, `$0.00` before any call, `N/A` when a model used has no price. */
export function formatAccountCost(account: UsageAccount): string {
  if (account.totalCost !== null) return formatUsd(account.totalCost);
  return account.roundCount === 0 ? formatUsd(0) : 'N/A';
}

/** `Token: 12,345 in / 678 out | Cache: 10,000 read / 0 write (81% hit) | Cost: $0.05`. */
export function formatCostOutput(account: UsageAccount): string {
  const cache = `${formatCount(account.totalCacheRead)} read / ${formatCount(account.totalCacheCreation)} write (${cacheHitRate(account)}% hit)`;
  return `Token: ${formatCount(totalInput(account))} in / ${formatCount(account.totalOutput)} out | Cache: ${cache} | Cost: ${formatAccountCost(account)}`;
}
