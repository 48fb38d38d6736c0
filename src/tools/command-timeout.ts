import { positiveIntFromEnv } from '../env-settings';

export const DEFAULT_COMMAND_TIMEOUT_MS = 30_000;

/** `SYNAPSE_COMMAND_TIMEOUT` in milliseconds, read at call time; anything but a positive whole number means the default. */
export function readCommandTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  return positiveIntFromEnv('SYNAPSE_COMMAND_TIMEOUT', DEFAULT_COMMAND_TIMEOUT_MS, env);
}
