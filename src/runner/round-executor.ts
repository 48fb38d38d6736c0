import { AbortError, linkAbort } from '../llm';
import { AGENT_COMMANDS, type CallPermission, type CancelablePromise, type Tool, type ToolResult } from '../tools';
import { maxParallelTasks, taskTimeoutMs } from './env-settings';
import { runWithHooks, type CallContext, type CallOutcome } from './hooked-call';
import { runPool } from './task-pool';
import { groupToolCalls, type PlannedCall } from './tool-call-plan';
import { timerDelay } from '../timer-delay';

/** What a round's calls share: see CallContext. `decided`: calls answered before the round (a person refused them): reported, not run. */
export interface RoundContext extends CallContext {
  decided?: ReadonlyMap<string, ToolResult>;
}

/**
 * Runs one round of tool calls: groups in order, task batches through a pool, each call's outcome in call
 * order. A call that waits for approval or a hook's `continue: false` ends the round after its group: the
 * outcomes then cover the calls that ran. On abort every running tool is cancelled and the round rejects
 * with AbortError; a signal aborted before the round starts no call (the caller's own check rejects).
 */
export async function executeRound(calls: PlannedCall[], tools: ReadonlyMap<string, Tool>, context: RoundContext, signal?: AbortSignal): Promise<CallOutcome[]> {
  const running = new Set<CancelablePromise<ToolResult>>();
  let onAbort = () => {};
  // Rejects the round at once on abort, whether or not every cancelled tool has settled yet.
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => {
      for (const promise of running) promise.cancel();
      reject(new AbortError('The run was interrupted'));
    };
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: an AbortSignal dispatches 'abort' at most once, so `once` changes nothing observable (the listener is removed in the finally below)
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  const work = (async () => {
    const outcomes: CallOutcome[] = [];
    for (const group of groupToolCalls(calls)) {
      if (signal?.aborted || outcomes.some(endsRound)) break;
      const jobs = group.calls.map((planned) => () => runOne(planned, tools, running, context, signal));
      outcomes.push(...(group.parallel ? await runPool(jobs, maxParallelTasks(), () => !!signal?.aborted) : [await jobs[0]()]));
    }
    return outcomes;
  })();
  aborted.catch(() => {});
  work.catch(() => {}); // once the abort wins the race, a late failure of the rest must not go unhandled
  try {
    // Aborted before the round began, no call starts and the results are empty: the caller checks its signal.
    return await Promise.race([work, aborted]);
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

/** A call waiting for approval, or a hook that ends the run, ends the round. */
function endsRound(outcome: CallOutcome): boolean {
  return outcome.stopRun !== undefined || outcome.result.extras?.approvalRequired !== undefined;
}

async function runOne(planned: PlannedCall, tools: ReadonlyMap<string, Tool>, running: Set<CancelablePromise<ToolResult>>, context: RoundContext, signal?: AbortSignal): Promise<CallOutcome> {
  const { call, command, isTask, description } = planned;
  const about = { toolCallId: call.id, name: call.function.name, command, isTask, description };
  context.emit({ type: 'tool_call_started', ...about });
  const started = performance.now();
  const tool = tools.get(call.function.name);
  const decided = context.decided?.get(call.id);
  const outcome: CallOutcome = decided
    ? { result: decided, args: planned.args }
    : tool
      ? await runWithHooks(planned, context, (args, permission) => guardedCall(tool, { ...planned, args }, permission, running, signal), signal)
      : { result: unknownTool(call.function.name, [...tools.keys()]), args: planned.args };
  context.emit({ type: 'tool_call_finished', ...about, result: outcome.result, durationMs: performance.now() - started });
  return outcome;
}

/**
 * The whole tool call inside one guard: a synchronous throw, a rejection, a tool that returns something
 * other than a cancelable promise, all become an error result of that call alone. The tool gets its own
 * signal, linked to the run's, so the run's signal carries one listener per running call, removed when
 * the call settles.
 */
async function guardedCall(tool: Tool, planned: PlannedCall, permission: CallPermission | undefined, running: Set<CancelablePromise<ToolResult>>, signal?: AbortSignal): Promise<ToolResult> {
  const link = linkAbort(signal);
  let promise: CancelablePromise<ToolResult> | undefined;
  try {
    const returned: unknown = tool.execute(planned.args, { signal: link.signal, ...(permission ? { permission } : {}) });
    promise = asCancelable(returned);
    running.add(promise);
    // A task call always carries its command (isTask is decided from it).
    const settled = await (planned.isTask ? withTimeout(promise, taskTimeoutMs(), planned.command!) : promise);
    return isToolResult(settled) ? settled : errorResult(`Tool ${tool.name} returned no result (expected { isError, output, message })`, 'execution_error');
  } catch (error) {
    // Tools promise not to throw; if one does anyway, its failure stays its own.
    return errorResult(`Tool ${tool.name} failed: ${describe(error)}`, 'execution_error');
  } finally {
    // Stryker disable next-line ConditionalExpression: forced true, it deletes undefined from the set, which is a no-op
    if (promise) running.delete(promise);
    link.dispose();
  }
}

function asCancelable(value: unknown): CancelablePromise<ToolResult> {
  const promise = Promise.resolve(value) as CancelablePromise<ToolResult>;
  const cancel = (value as { cancel?: unknown } | null)?.cancel;
  return Object.assign(promise, { cancel: typeof cancel === 'function' ? () => (cancel as () => void).call(value) : () => {} });
}

function isToolResult(value: unknown): value is ToolResult {
  return typeof value === 'object' && value !== null && typeof (value as ToolResult).isError === 'boolean' && typeof (value as ToolResult).message === 'string';
}

function describe(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'an error that cannot be described';
  }
}

function withTimeout(promise: CancelablePromise<ToolResult>, ms: number, what: string): Promise<ToolResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<ToolResult>((resolve) => {
    timer = setTimeout(() => {
      // Settle first: the cancelled tool resolves too, as "interrupted", and must not win the race.
      resolve(errorResult(`Task timed out after ${ms} ms and was cancelled: ${what}`, 'execution_error', { timedOut: true }));
      promise.cancel();
    }, timerDelay(ms));
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A tool that does not exist: command_not_found, with the call that would work (`Read` is `Bash(command="read ...")`). */
function unknownTool(name: string, known: string[]): ToolResult {
  const command = name.toLowerCase();
  const hint = known.includes('Bash') && AGENT_COMMANDS.has(command) ? ` ${command} is a command of the Bash tool: Bash(command="${command} ...").` : '';
  return errorResult(`Unknown tool: ${name}. Available tools: ${known.join(', ')}. Call them as Bash(command="...").${hint}`, 'command_not_found');
}

function errorResult(message: string, failureCategory: 'invalid_usage' | 'execution_error' | 'command_not_found', extra: object = {}): ToolResult {
  return { isError: true, output: '', message, brief: message.split('\n')[0], extras: { failureCategory, ...extra } };
}
