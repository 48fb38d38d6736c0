import type { ChatMessage } from '../llm';
import { copyState } from './owned-state';
import type { AgentState } from './types';

/** A human's answer to a pending prompt: it joins the conversation as a user message. */
export function answerPrompt(state: AgentState, answer: string): AgentState {
  if (!state.pendingHumanPrompt) throw new Error('No prompt is pending on this state');
  return answerWith(state, 'pendingHumanPrompt', { role: 'user', content: answer });
}

/** A human's selection (option values) for a pending select. */
export function answerSelect(state: AgentState, values: string[]): AgentState {
  const pending = state.pendingHumanSelect;
  if (!pending) throw new Error('No selection is pending on this state');
  const known = new Set(pending.options.map((option) => option.value));
  const unknown = values.filter((value) => !known.has(value));
  if (unknown.length) throw new Error(`Unknown option: ${unknown.join(', ')} (expected one of ${[...known].join(', ')})`);
  if (!pending.multi && values.length !== 1) throw new Error('Exactly one option must be selected');
  return answerWith(state, 'pendingHumanSelect', { role: 'user', content: values.join(', ') });
}

/** A human's refusal of a pending tool call: the model is told, the call is no longer pending. */
export function rejectToolCall(state: AgentState, toolCallId: string, reason = 'Rejected by the user'): AgentState {
  const pending = state.pendingToolsCalling ?? [];
  if (!pending.some((call) => call.id === toolCallId)) throw new Error(`No pending tool call with id ${toolCallId}`);
  const next = copyState(state);
  next.messages.push({ role: 'tool', tool_call_id: toolCallId, content: JSON.stringify({ rejected: true, reason }) });
  next.pendingToolsCalling = pending.filter((call) => call.id !== toolCallId);
  if (!next.pendingToolsCalling.length) delete next.pendingToolsCalling;
  return settled(next);
}

function answerWith(state: AgentState, pendingKey: 'pendingHumanPrompt' | 'pendingHumanSelect', message: ChatMessage): AgentState {
  const next = copyState(state);
  delete next[pendingKey];
  next.messages.push(message);
  return settled(next);
}

/** Back to running once nothing is left waiting; stamped either way. */
function settled(state: AgentState): AgentState {
  if (!state.pendingToolsCalling?.length && !state.pendingHumanPrompt && !state.pendingHumanSelect) state.status = 'running';
  state.lastModified = new Date().toISOString();
  return state;
}
