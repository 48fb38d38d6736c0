import type { HookEvent } from '../settings';
import type { HookResponse } from './hook-response';

/** What every event's hooks can do: end the run (`continue: false`), and tell the user something. */
export interface HookVerdict {
  /** `continue: false`: the run ends, with this reason (the `stopReason`, shown to the user). */
  stopRun?: string;
  /** For the user, one line each: `systemMessage`s, non-blocking errors, an exit 2 of an event that cannot block. */
  notices: string[];
}

export type PermissionDecision = 'allow' | 'deny' | 'ask' | 'defer';

/** The PreToolUse hooks of one tool call, together. */
export interface PreToolUseVerdict extends HookVerdict {
  /** The strictest decision given: deny > defer > ask > allow (none: the policy alone decides). */
  decision?: PermissionDecision;
  /** Why: what the model reads on a deny, what a person is shown on an ask. */
  reason?: string;
  /** The tool input to run instead (the first hook's that gave one, in configuration order). */
  updatedInput?: Record<string, unknown>;
}

/** The hooks of any other event: a block (with what the model, or the user, is told) and context to add. */
export interface FeedbackVerdict extends HookVerdict {
  /** Exit 2 or `decision: "block"`: the reasons, joined. */
  block?: string;
  /** `additionalContext` (and, for UserPromptSubmit and SessionStart, plain stdout). */
  context: string[];
}

const STRICTNESS: Record<PermissionDecision, number> = { allow: 0, ask: 1, defer: 2, deny: 3 };
/** Events whose exit 2 or `decision: "block"` blocks something (the rest only tell the user). */
const BLOCKING_EVENTS = new Set<HookEvent>(['PostToolUse', 'Stop', 'SubagentStop', 'UserPromptSubmit']);
/** Events whose plain stdout is context for the model, as in Claude Code. */
const TEXT_AS_CONTEXT = new Set<HookEvent>(['UserPromptSubmit', 'SessionStart']);

export function preToolUseVerdict(responses: readonly HookResponse[]): PreToolUseVerdict {
  const verdict: PreToolUseVerdict = common('PreToolUse', responses);
  const reasons = new Map<PermissionDecision, string[]>();
  const decide = (decision: PermissionDecision, reason: string | undefined) => {
    if (!verdict.decision || STRICTNESS[decision] > STRICTNESS[verdict.decision]) verdict.decision = decision;
    if (reason) reasons.set(decision, [...(reasons.get(decision) ?? []), reason]);
  };
  for (const response of responses) {
    if (response.outcome === 'blocking') decide('deny', response.reason);
    // A guard that answered and cannot be understood is asked about, never taken as a yes.
    if (response.unreadable) decide('ask', `the PreToolUse hook \`${response.command}\` gave an answer that cannot be read`);
    const output = response.output;
    if (!output) continue;
    const specific = output.hookSpecificOutput;
    const decision = specific?.permissionDecision ?? legacyDecision(output.decision);
    if (decision) decide(decision, specific?.permissionDecisionReason ?? output.reason);
    if (specific?.updatedInput && !verdict.updatedInput) verdict.updatedInput = specific.updatedInput;
  }
  if (verdict.decision) verdict.reason = reasons.get(verdict.decision)?.join('\n');
  return verdict;
}

export function feedbackVerdict(event: HookEvent, responses: readonly HookResponse[]): FeedbackVerdict {
  const verdict: FeedbackVerdict = { ...common(event, responses), context: [] };
  const blocks: string[] = [];
  const blocking = BLOCKING_EVENTS.has(event);
  for (const response of responses) {
    if (response.outcome === 'blocking') {
      if (blocking) blocks.push(response.reason!);
      else verdict.notices.push(`${event} hook \`${response.command}\` (exit 2): ${response.reason}`);
    }
    const output = response.output;
    if (output?.decision === 'block' && blocking) blocks.push(output.reason?.trim() || `blocked by the ${event} hook \`${response.command}\``);
    const context = output?.hookSpecificOutput?.additionalContext ?? (TEXT_AS_CONTEXT.has(event) ? response.text : undefined);
    if (context?.trim()) verdict.context.push(context.trim());
  }
  if (blocks.length) verdict.block = blocks.join('\n');
  return verdict;
}

/** `continue: false` and the notices, the same for every event. */
function common(event: HookEvent, responses: readonly HookResponse[]): HookVerdict {
  const verdict: HookVerdict = { notices: [] };
  for (const response of responses) {
    if (response.outcome === 'error') verdict.notices.push(`${event} hook \`${response.command}\` failed: ${response.error}`);
    const output = response.output;
    if (output?.systemMessage) verdict.notices.push(output.systemMessage);
    if (output?.continue === false) verdict.stopRun ??= output.stopReason?.trim() || `stopped by the ${event} hook \`${response.command}\``;
  }
  return verdict;
}

/** PreToolUse's older fields: `decision: "approve"` is allow, `"block"` is deny. */
function legacyDecision(decision: 'block' | 'approve' | undefined): PermissionDecision | undefined {
  if (decision === 'approve') return 'allow';
  return decision === 'block' ? 'deny' : undefined;
}
