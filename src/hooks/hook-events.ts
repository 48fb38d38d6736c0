import type { HookEvent } from '../settings';
import type { CommandHooks, HookRunOptions } from './command-hooks';
import { feedbackVerdict, preToolUseVerdict, type FeedbackVerdict, type PreToolUseVerdict } from './hook-verdicts';

/**
 * The name hooks know a tool call by: `mcp__<server>__<tool>` for `mcp:<server>:<tool>` (Claude Code's name
 * for an MCP tool, so `mcp__memory__.*` matchers work), else the tool's own name (`Bash`).
 */
export function hookToolName(toolName: string, command: string | undefined): string {
  const mcp = /^\s*mcp:([^:\s]+):([^\s]+)/.exec(command ?? '');
  return mcp ? `mcp__${mcp[1]}__${mcp[2]}` : toolName;
}

export interface ToolCallHookInput {
  /** The tool's name as hooks know it (see hookToolName). */
  toolName: string;
  toolInput: Record<string, unknown>;
  toolCallId: string;
}

/** PreToolUse: may allow, ask, defer or deny the call, or change its input. */
export async function firePreToolUse(hooks: CommandHooks | undefined, call: ToolCallHookInput, options: HookRunOptions): Promise<PreToolUseVerdict> {
  if (!hooks?.has('PreToolUse')) return { notices: [] };
  const responses = await hooks.run(
    'PreToolUse',
    { tool_name: call.toolName, tool_input: call.toolInput, tool_use_id: call.toolCallId },
    { ...options, subject: call.toolName, toolCallId: call.toolCallId },
  );
  return preToolUseVerdict(responses);
}

/** PostToolUse: may block (its reason goes to the model with the result) or add context. */
export function firePostToolUse(hooks: CommandHooks | undefined, call: ToolCallHookInput & { toolResponse: Record<string, unknown> }, options: HookRunOptions): Promise<FeedbackVerdict> {
  return fire(
    hooks,
    'PostToolUse',
    { tool_name: call.toolName, tool_input: call.toolInput, tool_response: call.toolResponse, tool_use_id: call.toolCallId },
    { ...options, subject: call.toolName, toolCallId: call.toolCallId },
  );
}

/** Any other event: its fields, what its matchers see (`subject`), and what its hooks said together. */
export async function fire(hooks: CommandHooks | undefined, event: HookEvent, fields: Record<string, unknown>, options: HookRunOptions): Promise<FeedbackVerdict> {
  if (!hooks?.has(event)) return { notices: [], context: [] };
  return feedbackVerdict(event, await hooks.run(event, fields, options));
}
