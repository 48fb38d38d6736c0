/**
 * Positive integer settings from the environment, read when used (so a change applies to the next call).
 * An unset, non-numeric, zero or negative value falls back to the default rather than failing a run.
 */
export function positiveIntFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

export const maxParallelTasks = () => positiveIntFromEnv('SYNAPSE_MAX_PARALLEL_TASKS', 5);
/** Ten minutes: a sub-agent doing real work takes a while; a stuck one must not hold the batch forever. */
export const taskTimeoutMs = () => positiveIntFromEnv('SYNAPSE_TASK_TIMEOUT', 600_000);
export const maxConsecutiveToolFailures = () => positiveIntFromEnv('SYNAPSE_MAX_CONSECUTIVE_TOOL_FAILURES', 3);
