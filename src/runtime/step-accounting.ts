import { calculateCost, getPricing } from '../usage/pricing';
import { tokenUsageOf } from '../usage/token-usage';
import { summarizeState } from './state';
import type { AgentEvent, AgentState, RuntimeConfig } from './types';

/**
 * What every committed step adds to the state's books: one more step, the tokens of its model replies and
 * their price, and, once the spend reaches `maxCostUsd`, the end (`stop`) or an interruption (`interrupt`).
 */
export function accountStep(state: AgentState, events: AgentEvent[], config: RuntimeConfig): void {
  state.stepCount += 1;
  const spentBefore = state.costUsd;
  let model = config.model;
  for (const event of events) {
    if (event.type === 'llm_start') model = event.payload.model ?? config.model;
    if (event.type !== 'llm_result' || !event.result.usage) continue;
    const { prompt_tokens, completion_tokens, total_tokens } = event.result.usage;
    state.usage = {
      prompt_tokens: state.usage.prompt_tokens + prompt_tokens,
      completion_tokens: state.usage.completion_tokens + completion_tokens,
      total_tokens: state.usage.total_tokens + total_tokens,
    };
    // Priced as the runner prices (cache reads and writes at their own prices), by the model that answered.
    const price = config.pricing && model !== undefined ? getPricing(model, config.pricing) : undefined;
    if (price) state.costUsd += calculateCost(tokenUsageOf(event.result.usage), price);
  }
  // Checked when money is spent: a state resumed past its limit goes on until its next priced reply.
  if (state.costUsd === spentBefore || state.maxCostUsd === undefined || state.costUsd < state.maxCostUsd || !isLive(state)) return;
  const reason = `cost limit reached: $${state.costUsd.toFixed(6)} of $${state.maxCostUsd}`;
  if (state.onCostLimit === 'interrupt') {
    events.push(interruptState(state, reason));
  } else {
    state.status = 'done';
    events.push({ type: 'done', sessionId: state.sessionId, reason, finalState: summarizeState(state) });
  }
}

/** Whether the state can still take steps (a limit has something to stop). */
export function isLive(state: AgentState): boolean {
  return state.status === 'running' || state.status === 'idle' || state.status === 'waiting_for_human_input';
}

/** Marks a live state interrupted, remembering where `resume` returns it; the event says why. */
export function interruptState(state: AgentState, reason: string): AgentEvent {
  state.interruption = { reason, resumeStatus: state.status === 'waiting_for_human_input' ? 'waiting_for_human_input' : 'running' };
  state.status = 'interrupted';
  return { type: 'interrupted', sessionId: state.sessionId, reason };
}
