import type { ChatMessage } from '../llm';
import { generateSessionId } from '../session/session-id';
import { adoptState } from './owned-state';
import { AGENT_STATE_VERSION } from './state-schema';
import type { AgentState, AgentStateSummary, CostLimitAction } from './types';

export { InvalidStateError } from './state-error';

export interface InitialStateOptions {
  sessionId?: string;
  messages?: ChatMessage[];
  /** Limits the state carries through every process that steps it (see AgentState). */
  maxSteps?: number;
  maxCostUsd?: number;
  onCostLimit?: CostLimitAction;
}

export function createInitialState(options: InitialStateOptions = {}): AgentState {
  const sessionId = options.sessionId ?? generateSessionId();
  if (typeof sessionId !== 'string' || sessionId.trim() === '') {
    throw new TypeError('createInitialState: sessionId must be a non-empty string');
  }
  const now = new Date().toISOString();
  return {
    schemaVersion: AGENT_STATE_VERSION,
    sessionId,
    status: 'idle',
    messages: structuredClone(options.messages ?? []),
    events: [],
    createdAt: now,
    lastModified: now,
    stepCount: 0,
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    costUsd: 0,
    ...limitsOf(options),
  };
}

/**
 * Checks a state from anywhere (a file, another process, a caller) against the schema of its version and
 * status, field by field, and returns a checked copy. Throws InvalidStateError naming each bad field.
 */
export function parseAgentState(input: unknown): AgentState {
  return adoptState(input as AgentState);
}

/**
 * The state as it is worth keeping: stream chunks dropped from the trace (the `llm_result` that follows
 * each stream holds the whole reply), so a saved state grows with the conversation, not with its chunks.
 */
export function compactState(state: AgentState): AgentState {
  // A shortcut (forcing it false is equivalent: filtering a trace without chunks gives the same trace).
  if (!state.events.some((event) => event.type === 'llm_stream')) return state;
  return { ...state, events: state.events.filter((event) => event.type !== 'llm_stream') };
}

/** Everything but the conversation and the trace: what a `done` event carries as the final state. */
export function summarizeState(state: AgentState): AgentStateSummary {
  const { messages, events: _trace, ...rest } = state;
  return { ...structuredClone(rest), messageCount: messages.length };
}

/** Only the limits given: an absent limit is no key at all, so the state stays what JSON gives back. */
function limitsOf({ maxSteps, maxCostUsd, onCostLimit }: InitialStateOptions): Partial<AgentState> {
  return Object.fromEntries(Object.entries({ maxSteps, maxCostUsd, onCostLimit }).filter(([, value]) => value !== undefined));
}
