import type { AgentState } from '../runtime';
import type { Decision } from './operation-types';
import { ServiceError } from './service-error';

/** Refuses (409) a decision the operation is not waiting for; an unknown option is bad input (400). */
export function checkDecision(operationId: string, state: AgentState, decision: Decision): void {
  const conflict = (what: string) => new ServiceError(409, `operation ${operationId} is ${describe(state)}, not waiting for ${what}`);
  const waiting = state.status === 'waiting_for_human_input';
  switch (decision.kind) {
    case 'approve':
    case 'reject':
      if (!waiting || !state.pendingToolsCalling?.some((call) => call.id === decision.toolCallId)) throw conflict(`a decision on tool call ${decision.toolCallId}`);
      return;
    case 'answer':
      if (!waiting || !state.pendingHumanPrompt) throw conflict('a text answer');
      return;
    case 'select': {
      const options = state.pendingHumanSelect?.options.map((option) => option.value);
      if (!waiting || !options) throw conflict('a choice');
      const unknown = decision.values.filter((value) => !options.includes(value));
      if (unknown.length) throw new ServiceError(400, `unknown option ${unknown.join(', ')} (expected one of ${options.join(', ')})`, 'value');
      if (!state.pendingHumanSelect!.multi && decision.values.length !== 1) throw new ServiceError(400, 'exactly one option must be chosen', 'value');
      return;
    }
    case 'interrupt':
      if (state.status === 'done' || state.status === 'error' || state.status === 'interrupted') throw new ServiceError(409, `operation ${operationId} is ${state.status}: nothing to interrupt`);
      return;
    case 'resume':
      if (state.status !== 'interrupted') throw new ServiceError(409, `operation ${operationId} is ${describe(state)}, not interrupted`);
  }
}

function describe(state: AgentState): string {
  if (state.status !== 'waiting_for_human_input') return state.status;
  if (state.pendingToolsCalling?.length) return `waiting for approval of ${state.pendingToolsCalling.map((call) => call.id).join(', ')}`;
  return state.pendingHumanPrompt ? 'waiting for a text answer' : 'waiting for a choice';
}
