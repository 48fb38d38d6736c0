import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { pricingTableSchema, type PricingTable } from './pricing';

/** `~/.synapse/pricing.json` (HOME as it is when called). */
export function defaultPricingPath(): string {
  return join(homedir(), '.synapse', 'pricing.json');
}

/** The prices read, and why there are none when the file could not be used (missing is not a problem). */
export interface LoadedPricing {
  pricing: PricingTable;
  /** One line naming the file and what is wrong with it; absent when the file was read, or is missing. */
  warning?: string;
  /** False when there was no file. */
  found: boolean;
}

/**
 * Reads a pricing file. Missing means no pricing; a file that cannot be used (unreadable, not JSON, a
 * model or field that is not a price) means no pricing at all, with a warning naming the file and the key:
 * half a price list would show costs that look right and are not.
 */
export function loadPricingFile(path: string = defaultPricingPath()): LoadedPricing {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { pricing: {}, found: false };
    return { pricing: {}, found: true, warning: `cannot read the pricing file ${path} (${code ?? (error as Error).message}); costs are not computed` };
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    return { pricing: {}, found: true, warning: `the pricing file ${path} is not valid JSON (${(error as Error).message}); costs are not computed` };
  }
  const parsed = pricingTableSchema.safeParse(document);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? issue.path.map(String).join('.') : 'the file';
    return { pricing: {}, found: true, warning: `the pricing file ${path} is not valid at ${where}: ${issue.message}; costs are not computed` };
  }
  return { pricing: parsed.data, found: true };
}
