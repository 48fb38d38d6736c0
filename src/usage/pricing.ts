import { z } from 'zod';
import type { TokenUsage } from './token-usage';

const perMillion = z.number().finite().nonnegative();

/** One model's prices in US dollars per million tokens, as `~/.synapse/pricing.json` writes them. */
export const modelPricingSchema = z.strictObject({
  inputPerMillion: perMillion,
  outputPerMillion: perMillion,
  /** Default: the input price (a cache read is never priced below what we know). */
  cacheReadPerMillion: perMillion.optional(),
  /** Default: the input price. */
  cacheWritePerMillion: perMillion.optional(),
});

/** `{ "<model>": { inputPerMillion, outputPerMillion, cacheReadPerMillion?, cacheWritePerMillion? } }`. */
export const pricingTableSchema = z.record(z.string().min(1, 'a model name must not be empty'), modelPricingSchema);

export type ModelPricing = z.infer<typeof modelPricingSchema>;
export type PricingTable = Readonly<Record<string, ModelPricing>>;

/** The prices of `model`: its entry, by exact name (case and surrounding blanks aside); none is no price. */
export function getPricing(model: string, pricing: PricingTable): ModelPricing | undefined {
  const wanted = model.trim().toLowerCase();
  if (Object.hasOwn(pricing, model)) return pricing[model];
  const key = Object.keys(pricing).find((name) => name.trim().toLowerCase() === wanted);
  return key === undefined ? undefined : pricing[key];
}

/** What `tokens` cost at `price`, in US dollars. */
export function calculateCost(tokens: TokenUsage, price: ModelPricing): number {
  const cacheRead = price.cacheReadPerMillion ?? price.inputPerMillion;
  const cacheWrite = price.cacheWritePerMillion ?? price.inputPerMillion;
  const micro = tokens.inputOther * price.inputPerMillion + tokens.output * price.outputPerMillion + tokens.inputCacheRead * cacheRead + tokens.inputCacheCreation * cacheWrite;
  return micro / 1_000_000;
}

/** The cost of `tokens` used by `model`, or null when the model has no price. */
export function costOf(tokens: TokenUsage, model: string, pricing: PricingTable): number | null {
  const price = getPricing(model, pricing);
  return price ? calculateCost(tokens, price) : null;
}
