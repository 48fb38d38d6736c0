import { CliError } from './exit-codes';

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/**
 * A duration flag (`90s`, `12h`, `7d`): a whole number and a unit, in milliseconds. A bare number is
 * refused: whether `7` meant days or milliseconds is worth asking rather than guessing. Undefined when the
 * flag is absent; the last value when it was given more than once.
 */
export function durationOption(value: unknown, flag: string): number | undefined {
  const given = Array.isArray(value) ? value.at(-1) : value;
  if (given === undefined) return undefined;
  const match = /^(\d{1,12})(ms|s|m|h|d)$/.exec(String(given).trim());
  const ms = match ? Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS] : 0;
  if (!(ms > 0 && Number.isSafeInteger(ms))) throw new CliError(`${flag} must be a duration above 0: a whole number and a unit ms, s, m, h or d, such as 7d (got ${JSON.stringify(String(given))})`);
  return ms;
}
