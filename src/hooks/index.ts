export { CommandHooks, DEFAULT_HOOK_TIMEOUT_MS, MAX_HOOK_OUTPUT_BYTES, type CommandHooksOptions, type HookActivity, type HookRunOptions } from './command-hooks';
export { compileMatcher, type HookMatch } from './hook-matcher';
export { fire, firePostToolUse, firePreToolUse, hookToolName, type ToolCallHookInput } from './hook-events';
export type { HookResponse, HookOutput } from './hook-response';
export type { FeedbackVerdict, HookVerdict, PermissionDecision, PreToolUseVerdict } from './hook-verdicts';
export * from './stop-hook-types';
export { StopHookRegistry, type StopHookProgress } from './stop-hook-registry';
export { StopHookExecutor, STOP_HOOK_MARKER, type StopHookExecutorOptions } from './stop-hook-executor';
