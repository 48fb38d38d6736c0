import { AbortError } from '../llm/model-error';
import type { CancelablePromise, Tool, ToolResult } from '../tools/types';
import { maxParallelTasks, taskTimeoutMs } from './env-settings';
import { runPool } from './task-pool';
import { groupToolCalls, type PlannedCall } from './tool-call-plan';
import type { RunnerEvent } from './types';

/**
 * Runs one round of tool calls: groups in order, task batches through a pool, each call's result in call
 * order. On abort every running tool is cancelled and the round rejects with AbortError.
 */
export async function executeRound(
  calls: PlannedCall[],
  tools: ReadonlyMap<string, Tool<any>>,
  emit: (event: RunnerEvent) => void,
  signal?: AbortSignal,
): Promise<ToolResult[]> {
  throwIfAborted(signal);
  const running = new Set<CancelablePromise<ToolResult>>();
  let onAbort = () => {};
  // Rejects the round at once on abort, whether or not every cancelled tool has settled yet.
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => {
      running.forEach((promise) => promise.cancel());
      reject(new AbortError('The run was interrupted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  const work = (async () => {
    const results: ToolResult[] = [];
    for (const group of groupToolCalls(calls)) {
      if (signal?.aborted) break;
      const jobs = group.calls.map((planned) => () => runOne(planned, tools, running, emit, signal));
      results.push(...(group.parallel ? await runPool(jobs, maxParallelTasks(), () => !!signal?.aborted) : [await jobs[0]()]));
    }
    return results;
  })();
  aborted.catch(() => {});
  try {
    const results = await Promise.race([work, aborted]);
    throwIfAborted(signal);
    return results;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

async function runOne(
  planned: PlannedCall,
  tools: ReadonlyMap<string, Tool<any>>,
  running: Set<CancelablePromise<ToolResult>>,
  emit: (event: RunnerEvent) => void,
  signal?: AbortSignal,
): Promise<ToolResult> {
  const { call, command, isTask, description } = planned;
  const about = { toolCallId: call.id, name: call.function.name, command, isTask, description };
  emit({ type: 'tool_call_started', ...about });
  const started = performance.now();
  const tool = tools.get(call.function.name);
  let result: ToolResult;
  if (!tool) {
    result = unknownTool(call.function.name, [...tools.keys()]);
  } else {
    const promise = tool.execute(planned.args, { signal });
    running.add(promise);
    try {
      result = await (isTask ? withTimeout(promise, taskTimeoutMs(), command ?? call.function.name) : promise);
    } catch (error) {
      // Tools promise not to throw; if one does anyway, its failure stays its own.
      result = errorResult(`Tool ${call.function.name} failed: ${error instanceof Error ? error.message : String(error)}`, 'execution_error');
    } finally {
      running.delete(promise);
    }
  }
  emit({ type: 'tool_call_finished', ...about, result, durationMs: performance.now() - started });
  return result;
}

function withTimeout(promise: CancelablePromise<ToolResult>, ms: number, what: string): Promise<ToolResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<ToolResult>((resolve) => {
    timer = setTimeout(() => {
      // Settle first: the cancelled tool resolves too, as "interrupted", and must not win the race.
      resolve(errorResult(`Task timed out after ${ms} ms and was cancelled: ${what}`, 'execution_error', { timedOut: true }));
      promise.cancel();
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function unknownTool(name: string, known: string[]): ToolResult {
  return errorResult(`Unknown tool: ${name}. Available tools: ${known.join(', ')}. Call them as Bash(command="...").`, 'invalid_usage');
}

function errorResult(message: string, failureCategory: 'invalid_usage' | 'execution_error', extra: object = {}): ToolResult {
  return { isError: true, output: '', message, brief: message.split('\n')[0], extras: { failureCategory, ...extra } };
}

function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw new AbortError('The run was interrupted');
}
