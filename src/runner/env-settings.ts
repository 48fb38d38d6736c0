import { positiveIntFromEnv } from '../env-settings';

/** The runner's settings from the environment, each read when used. */
export const maxParallelTasks = () => positiveIntFromEnv('SYNAPSE_MAX_PARALLEL_TASKS', 5);
/** Ten minutes: a sub-agent doing real work takes a while; a stuck one must not hold the batch forever. */
export const taskTimeoutMs = () => positiveIntFromEnv('SYNAPSE_TASK_TIMEOUT', 600_000);
export const maxConsecutiveToolFailures = () => positiveIntFromEnv('SYNAPSE_MAX_CONSECUTIVE_TOOL_FAILURES', 3);
