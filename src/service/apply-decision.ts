import type { ToolCall } from '../llm';
import { AgentRuntime, type AgentState } from '../runtime';
import type { Decision } from './operation-types';

/** What a decision leaves for the step: events so far, the state, and a tool call to run if one was approved. */
export interface Decided {
  events: object[];
  state: AgentState;
  approved?: ToolCall;
  /** Nothing more to do in this job (an interrupt, a resume, a rejection that leaves calls pending). */
  settled: boolean;
}

/**
 * Applies a human's decision to the state, as AgentRuntime#run does for a human present: approve runs the
 * call in the step, reject tells the model, an answer joins the conversation, interrupt and resume stop or
 * restart the state. A decision the state can no longer take is reported as an event, and changes nothing.
 */
export function applyDecision(state: AgentState, decision: Decision | undefined): Decided {
  if (!decision) return { events: [], state, settled: false };
  const { sessionId } = state;
  try {
    switch (decision.kind) {
      case 'interrupt': {
        const interrupted = AgentRuntime.interrupt(state, decision.reason);
        return { events: interrupted.events, state: interrupted.newState, settled: true };
      }
      case 'resume': {
        const resumed = AgentRuntime.resume(state);
        return { events: resumed.events, state: resumed.newState, settled: resumed.newState.status !== 'running' };
      }
      case 'approve': {
        const approved = state.pendingToolsCalling?.find((call) => call.id === decision.toolCallId);
        if (!approved) throw new Error(`No pending tool call with id ${decision.toolCallId}`);
        return { events: [], state, approved, settled: false };
      }
      case 'reject': {
        const call = state.pendingToolsCalling?.find((pending) => pending.id === decision.toolCallId);
        const reason = decision.reason ?? 'Rejected by the user';
        const next = AgentRuntime.rejectToolCall(state, decision.toolCallId, reason);
        const event = { type: 'tool_rejected', sessionId, id: decision.toolCallId, name: call?.function.name, reason };
        return { events: [event], state: next, settled: next.status !== 'running' };
      }
      case 'answer':
        return answered(AgentRuntime.answerPrompt(state, decision.text), decision.text);
      case 'select':
        return answered(AgentRuntime.answerSelect(state, decision.values), decision.values.join(', '));
    }
  } catch (error) {
    const event = { type: 'decision_failed', sessionId, decision: decision.kind, message: (error as Error).message };
    return { events: [event], state, settled: true };
  }
}

function answered(state: AgentState, answer: string): Decided {
  return { events: [{ type: 'human_answered', sessionId: state.sessionId, answer }], state, settled: state.status !== 'running' };
}
