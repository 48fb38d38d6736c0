/**
 * A positive whole number from the environment, read when used (so a change applies to the next call).
 * Unset, blank, non-numeric, zero or negative values fall back to the default rather than failing.
 */
export function positiveIntFromEnv(name: string, fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[name];
  if (raw === undefined || !/^\s*\d+\s*$/.test(raw)) return fallback;
  const value = Number(raw);
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
}
