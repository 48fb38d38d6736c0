import { CliError } from './exit-codes';

/**
 * A whole-number flag, parsed from the text the user typed (yargs' own number parsing turns `abc` into NaN
 * and loses it). Undefined when the flag is absent; the last value when it was given more than once.
 */
export function wholeNumberOption(value: unknown, flag: string, min: number): number | undefined {
  const given = Array.isArray(value) ? value.at(-1) : value;
  if (given === undefined) return undefined;
  const text = String(given).trim();
  const number = /^\d{1,15}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < min) throw new CliError(`${flag} must be a whole number >= ${min} (got ${JSON.stringify(String(given))})`);
  return number;
}

/** A positive amount (`0.5`, `12`), from the text the user typed; undefined when the flag is absent. */
export function positiveNumberOption(value: unknown, flag: string, what: string): number | undefined {
  const given = Array.isArray(value) ? value.at(-1) : value;
  if (given === undefined) return undefined;
  const text = String(given).trim();
  const number = /^\d{1,12}(\.\d{1,12})?$|^\.\d{1,12}$/.test(text) ? Number(text) : Number.NaN;
  if (!(number > 0)) throw new CliError(`${flag} must be a positive number of ${what} (got ${JSON.stringify(String(given))})`);
  return number;
}
