export * from './stop-hook-types';
export { StopHookRegistry, type StopHookProgress } from './stop-hook-registry';
export { StopHookExecutor, STOP_HOOK_MARKER, type StopHookExecutorOptions } from './stop-hook-executor';
