export * from './types';
export { AgentRuntime } from './agent-runtime';
export { StepError } from './step-error';
export { agentStateSchema, createInitialState, newSessionId } from './state';
export { builtinExecutors } from './executors';
export { createToolApprovalAgent } from './tool-approval-agent';
