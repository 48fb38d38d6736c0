import type { ChatMessage, ToolCall } from '../llm';
import { callLlm } from './executors/call-llm';
import { summarizeState } from './state';
import type { AgentEvent, AgentState, ExecutorContext, StepResult } from './types';

const SKIPPED = JSON.stringify({ skipped: true, reason: 'The step limit was reached before this call ran' });

/**
 * The last step a state with `maxSteps` may take: the agent is not asked. Calls still unanswered get their
 * one tool row (skipped), the model answers once without tools, and the state is done.
 */
export async function forcedFinalAnswer(state: AgentState, context: ExecutorContext): Promise<StepResult> {
  for (const call of unansweredCalls(state.messages)) state.messages.push({ role: 'tool', tool_call_id: call.id, content: SKIPPED });
  delete state.pendingToolsCalling;
  delete state.pendingHumanPrompt;
  delete state.pendingHumanSelect;
  const events: AgentEvent[] = [];
  if (context.config.modelRuntime) {
    // No model named: the model runtime's own (an undefined key is as good as none).
    const answered = await callLlm({ type: 'call_llm', payload: { messages: state.messages, model: context.config.model } }, state, context);
    events.push(...answered.events);
    // Text only: a call the model still asks for would never run.
    const reply = state.messages.pop() as ChatMessage;
    state.messages.push({ role: 'assistant', content: reply.content });
  }
  state.status = 'done';
  events.push({ type: 'done', sessionId: state.sessionId, reason: 'max_steps', finalState: summarizeState(state) });
  return { events, newState: state };
}

/** The last assistant message's tool calls that no tool message answers yet. */
function unansweredCalls(messages: ChatMessage[]): ToolCall[] {
  const index = messages.findLastIndex((message) => message.role === 'assistant');
  const calls = messages[index]?.tool_calls ?? [];
  const answered = new Set(messages.slice(index + 1).map((message) => message.tool_call_id));
  return calls.filter((call) => !answered.has(call.id));
}
