import { CliError } from './exit-codes';

/**
 * A flag that takes one value, given twice, is a mistake to name, not a choice to guess: yargs would make an
 * array of it (`--sandbox read-only --sandbox off` read as "read-only,off"), and "the last one wins" would
 * silently drop a safety setting. Repeatable flags (declared as arrays) are left alone.
 */
export function rejectRepeatedFlags(args: Record<string, unknown>, options: { key: Record<string, unknown>; array: readonly string[] }): void {
  for (const name of Object.keys(options.key)) {
    const value = args[name];
    if (!Array.isArray(value) || options.array.includes(name)) continue;
    // `--session x --no-session`: a value and its negation.
    if (value.includes(false) && value.some((one) => one !== false && one !== true)) throw new CliError(`--${name} and --no-${name} conflict: give one of them`);
    throw new CliError(`--${name} was given ${value.length} times (${value.map((one) => JSON.stringify(String(one))).join(', ')}); give it once`);
  }
}
