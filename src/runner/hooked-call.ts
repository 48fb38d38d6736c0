import { firePostToolUse, firePreToolUse, hookToolName, type CommandHooks, type HookVerdict } from '../hooks';
import type { CallPermission, ToolResult } from '../tools';
import type { PlannedCall } from './tool-call-plan';
import type { RunnerEvent } from './types';

/** What a round's calls share beyond the tools: the hooks, where the shell is, what each call's permission knows. */
export interface CallContext {
  hooks?: CommandHooks;
  /** The working directory now (it follows `cd`): the hooks' cwd. */
  cwd(): string;
  /** What a call's permission check knows beyond the rules: may it pause (defer), was it approved already. */
  permission?(call: PlannedCall): CallPermission | undefined;
  emit(event: RunnerEvent): void;
}

/** One call's end: its result, the input it ran with (a PreToolUse hook may change it), and a hook's `continue: false`. */
export interface CallOutcome {
  result: ToolResult;
  args: Record<string, unknown>;
  stopRun?: string;
  /** What PostToolUse hooks added after the result (already in `result.message`). */
  feedback?: string[];
}

export type ExecuteCall = (args: Record<string, unknown>, permission: CallPermission | undefined) => Promise<ToolResult>;

/**
 * Runs one tool call between its PreToolUse and PostToolUse hooks. PreToolUse may deny it (its reason is
 * the result the model reads), defer it, allow or ask (handed to the permission check, which deny rules
 * still overrule), or change its input. PostToolUse, after a call that ran, may add what the model is told.
 * Without hooks for these events the call runs as it would without hooks.
 */
export async function runWithHooks(planned: PlannedCall, context: CallContext, execute: ExecuteCall, signal?: AbortSignal): Promise<CallOutcome> {
  const base = context.permission?.(planned);
  const { hooks } = context;
  if (!hooks?.has('PreToolUse') && !hooks?.has('PostToolUse')) return { result: await execute(planned.args, base), args: planned.args };
  const call = { toolName: hookToolName(planned.call.function.name, planned.command), toolInput: planned.args, toolCallId: planned.call.id };
  const pre = await firePreToolUse(hooks, call, { cwd: context.cwd(), signal });
  notify(context, 'PreToolUse', pre);
  if (pre.stopRun) return { result: notRun(`the run was stopped by a PreToolUse hook: ${pre.stopRun}`), args: planned.args, stopRun: pre.stopRun };
  if (pre.decision === 'deny') return { result: deniedByHook(pre.reason), args: planned.args };
  const args = pre.updatedInput ?? planned.args;
  const rule = `the PreToolUse hook defers it${pre.reason ? `: ${pre.reason}` : ''}`;
  if (pre.decision === 'defer' && base?.defer && !base.approved) return { result: deferred(rule), args };
  const permission: CallPermission | undefined = pre.decision ? { ...base, hook: pre.decision === 'allow' ? 'allow' : 'ask', ...(pre.reason ? { reason: pre.reason } : {}) } : base;
  const result = await execute(args, permission);
  // A call the policy did not let run (or that waits for approval) did not run: there is nothing to follow up.
  if (result.extras?.failureCategory === 'permission_denied') return { result, args };
  const post = await firePostToolUse(hooks, { ...call, toolInput: args, toolResponse: toolResponse(result) }, { cwd: context.cwd(), signal });
  notify(context, 'PostToolUse', post);
  const feedback = [...(post.block ? [`[PostToolUse hook] ${post.block}`] : []), ...post.context.map((text) => `[PostToolUse hook context] ${text}`)];
  const told = feedback.length ? { result: { ...result, message: `${result.message.trimEnd()}\n\n${feedback.join('\n\n')}` }, feedback } : { result };
  return { ...told, args, ...(post.stopRun ? { stopRun: post.stopRun } : {}) };
}

/** What PostToolUse hooks are told about the result (the model's view of it: redacted and bounded). */
function toolResponse(result: ToolResult): Record<string, unknown> {
  return { output: result.output, isError: result.isError, ...(result.extras?.exitCode !== undefined ? { exitCode: result.extras.exitCode } : {}) };
}

function notify(context: CallContext, hookEvent: 'PreToolUse' | 'PostToolUse', verdict: HookVerdict): void {
  for (const message of verdict.notices) context.emit({ type: 'hook_notice', hookEvent, message });
}

function deniedByHook(reason: string | undefined): ToolResult {
  const message = `Blocked by a PreToolUse hook: ${reason ?? 'no reason given'}\n\nCommand not run. Hint: do not retry it as it is. Reach the goal another way, or tell the user what you need and why.`;
  return { isError: true, output: '', message, brief: 'blocked by a hook', extras: { failureCategory: 'permission_denied' } };
}

function notRun(why: string): ToolResult {
  return { isError: true, output: '', message: `Command not run: ${why}.`, brief: 'not run', extras: { failureCategory: 'permission_denied' } };
}

/** A call that waits for a person's answer (the run pauses on it). */
export function deferred(rule: string): ToolResult {
  return { isError: true, output: '', message: `Waiting for approval: ${rule}`, brief: 'waiting for approval', extras: { failureCategory: 'permission_denied', approvalRequired: { rule } } };
}
