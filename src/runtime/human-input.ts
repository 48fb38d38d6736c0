import type { ToolCall } from '../llm';
import { answerPrompt, answerSelect, rejectToolCall } from './human-answers';
import type { AgentState, PendingHumanPrompt, PendingHumanSelect } from './types';
import type { RunLoopEvent } from './run-loop';

type MaybePromise<T> = T | Promise<T>;

/**
 * Who answers when the runtime waits for a human. Each method returns the decision, or `undefined` when
 * nobody can decide now: the run then pauses, and a later run (maybe in another process) resumes it.
 */
export interface HumanResponder {
  /** `true` runs the call, `false` rejects it (the model is told). */
  approve?(toolCall: ToolCall, state: AgentState): MaybePromise<boolean | undefined>;
  /** Free text that answers the prompt. */
  answer?(request: PendingHumanPrompt, state: AgentState): MaybePromise<string | undefined>;
  /** The chosen option values. */
  select?(request: PendingHumanSelect, state: AgentState): MaybePromise<string[] | undefined>;
}

/** What a paused run waits for. */
export type WaitingFor = { kind: 'approval'; toolCall: ToolCall } | ({ kind: 'prompt' } & PendingHumanPrompt) | ({ kind: 'select' } & PendingHumanSelect);

/** A responder's answer the state cannot take (an unknown option, say). */
export class HumanResponseError extends Error {
  override readonly name = 'HumanResponseError';
}

interface SettleHooks {
  /** Runs an approved call as a step; returns the state after it. */
  runApproved(call: ToolCall, state: AgentState): Promise<AgentState>;
  /** Records a state the human's decision produced, with the event that says what happened. */
  changed(state: AgentState, event: RunLoopEvent): Promise<void>;
}

/** The first pending approval, else a prompt, then a selection; stops at the first question nobody answers. */
export async function settleHumanInput(initial: AgentState, human: HumanResponder | undefined, hooks: SettleHooks): Promise<{ waitingFor?: WaitingFor }> {
  let state = initial;
  const { sessionId } = state;
  // One pending call at a time, in order: the run comes back while the state still waits.
  const call = state.pendingToolsCalling?.[0];
  if (call) {
    const decision = await human?.approve?.(call, state);
    if (typeof decision !== 'boolean') return { waitingFor: { kind: 'approval', toolCall: call } };
    if (decision) {
      await hooks.runApproved(call, state);
    } else {
      const reason = 'Rejected by the user';
      await hooks.changed(rejectToolCall(state, call.id, reason), { type: 'tool_rejected', sessionId, id: call.id, name: call.function.name, reason });
    }
    return {};
  }
  if (state.pendingHumanPrompt) {
    const answer = await human?.answer?.(state.pendingHumanPrompt, state);
    if (typeof answer !== 'string') return { waitingFor: { kind: 'prompt', ...state.pendingHumanPrompt } };
    state = answerPrompt(state, answer);
    await hooks.changed(state, { type: 'human_answered', sessionId, answer });
  }
  if (state.pendingHumanSelect) {
    const pending = state.pendingHumanSelect;
    const values = await human?.select?.(pending, state);
    if (!Array.isArray(values)) return { waitingFor: { kind: 'select', ...pending } };
    try {
      state = answerSelect(state, values);
    } catch (error) {
      throw new HumanResponseError((error as Error).message);
    }
    await hooks.changed(state, { type: 'human_answered', sessionId, answer: values.join(', ') });
  }
  return {};
}

/** What a waiting state waits for first: the first pending approval, else a prompt, else a selection. */
export function waitingFor(state: AgentState): WaitingFor | undefined {
  if (state.status !== 'waiting_for_human_input') return undefined;
  const call = state.pendingToolsCalling?.[0];
  if (call) return { kind: 'approval', toolCall: call };
  if (state.pendingHumanPrompt) return { kind: 'prompt', ...state.pendingHumanPrompt };
  // A waiting state holds one of the three: the state schema checks it.
  return { kind: 'select', ...state.pendingHumanSelect! };
}
