import { positiveIntFromEnv } from '../env-settings';

/**
 * Five minutes: long enough for a slow local model or a reasoning model's first token, short enough that a
 * server that never answers (or stops mid-stream) ends the run with a clear error instead of a hang.
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 300_000;

/** `SYNAPSE_REQUEST_TIMEOUT` in milliseconds, read at call time; anything but a positive whole number means the default. */
export function readRequestTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  return positiveIntFromEnv('SYNAPSE_REQUEST_TIMEOUT', DEFAULT_REQUEST_TIMEOUT_MS, env);
}
