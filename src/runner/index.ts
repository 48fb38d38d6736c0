export { AgentRunner } from './agent-runner';
export type { AgentRunnerOptions, RunnerEvent, RunOptions, StopReason } from './types';
export { runPool } from './task-pool';
export { groupToolCalls, planToolCalls, type PlannedCall, type CallGroup } from './tool-call-plan';
export { CONSECUTIVE_FAILURES_MESSAGE } from './failure-policy';
