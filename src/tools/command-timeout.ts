export const DEFAULT_COMMAND_TIMEOUT_MS = 30_000;

/** `SYNAPSE_COMMAND_TIMEOUT` in milliseconds, read at call time; anything but a positive number means the default. */
export function readCommandTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.SYNAPSE_COMMAND_TIMEOUT);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_COMMAND_TIMEOUT_MS;
}
