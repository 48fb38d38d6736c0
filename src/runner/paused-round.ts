import type { ChatMessage } from '../llm';
import type { PendingApproval } from '../session';
import type { ToolResult } from '../tools';
import type { CallOutcome } from './hooked-call';
import { planToolCalls, type PlannedCall } from './tool-call-plan';
import type { ApprovalDecisions, PendingToolCall } from './types';

/** Answers to a paused run that do not fit its calls: bad input, nothing changed. */
export class ApprovalDecisionError extends Error {
  override readonly name = 'ApprovalDecisionError';
}

/** A run on a session whose last run paused for approval: the paused calls must be answered first. */
export class PendingApprovalError extends Error {
  override readonly name = 'PendingApprovalError';
  constructor(readonly pending: PendingToolCall[]) {
    const ids = pending.map((call) => call.toolCallId).join(', ');
    super(`the session's last run is waiting for approval of ${ids}: approve or reject ${pending.length === 1 ? 'it' : 'them'} first (resume)`);
  }
}

/** The calls a paused round waits on. */
export function pendingCalls(approval: PendingApproval): PendingToolCall[] {
  return approval.pending.map(({ toolCallId, command, rule }) => ({ toolCallId, command, rule }));
}

/**
 * The round as it stands when some of its calls wait for approval: the results of those that ran, and
 * the waiting ones with the input they would run with. Calls after them have not started.
 */
export function pauseRound(round: Pick<ResumedRound, 'message' | 'done'>, planned: readonly PlannedCall[], outcomes: readonly CallOutcome[]): PendingApproval {
  const results: PendingApproval['results'] = [...round.done].map(([toolCallId, content]) => ({ toolCallId, content }));
  const pending: PendingApproval['pending'] = [];
  outcomes.forEach((outcome, i) => {
    const toolCallId = planned[i]!.call.id;
    const waiting = outcome.result.extras?.approvalRequired;
    if (!waiting) results.push({ toolCallId, content: outcome.result.message });
    else pending.push({ toolCallId, command: typeof outcome.args.command === 'string' ? outcome.args.command : (planned[i]!.command ?? ''), args: outcome.args, rule: waiting.rule });
  });
  return { message: round.message, results, pending, at: new Date().toISOString() };
}

/** How a paused round goes on: the calls still to run (approved ones as they were checked), the refused ones' results, the results it has. */
export interface ResumedRound {
  message: ChatMessage;
  /** Every call of the round, in order; the paused ones with the input they were checked with. */
  planned: PlannedCall[];
  /** Results the round has already: the calls that ran before the pause. */
  done: Map<string, string>;
  /** The calls a person refused: their results, reported and not run. */
  refused: Map<string, ToolResult>;
  approved: Set<string>;
}

/** Checks the answers against the paused calls (each answered exactly once, no other id) and plans the rest of the round. */
export function resumeRound(approval: PendingApproval, decisions: ApprovalDecisions): ResumedRound {
  const approve = new Set(decisions.approve ?? []);
  const reject = new Set(decisions.reject ?? []);
  const waiting = new Map(approval.pending.map((call) => [call.toolCallId, call]));
  const ids = [...waiting.keys()].join(', ');
  for (const id of [...approve, ...reject]) if (!waiting.has(id)) throw new ApprovalDecisionError(`${id} is not waiting for approval (waiting: ${ids})`);
  for (const id of approve) if (reject.has(id)) throw new ApprovalDecisionError(`${id} is both approved and rejected`);
  const unanswered = [...waiting.keys()].filter((id) => !approve.has(id) && !reject.has(id));
  if (unanswered.length) throw new ApprovalDecisionError(`${unanswered.join(', ')} ${unanswered.length === 1 ? 'is' : 'are'} still waiting: approve or reject every paused call`);
  const planned = planToolCalls(approval.message.tool_calls ?? []).planned.map((call) => {
    const paused = waiting.get(call.call.id);
    return paused ? { ...call, args: paused.args, command: paused.command } : call;
  });
  const refused = new Map([...reject].map((id) => [id, rejected(waiting.get(id)!.rule)]));
  return { message: approval.message, planned, done: new Map(approval.results.map((result) => [result.toolCallId, result.content])), refused, approved: approve };
}

function rejected(rule: string): ToolResult {
  const message = `Command not run: the user rejected it (${rule}).\nHint: do not retry it as it is. Reach the goal another way, or tell the user what you need and why.`;
  return { isError: true, output: '', message, brief: 'rejected', extras: { failureCategory: 'permission_denied' } };
}
