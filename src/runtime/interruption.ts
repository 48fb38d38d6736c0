import { copyState } from './owned-state';
import { parseAgentState } from './state';
import { interruptState, isLive } from './step-accounting';
import type { AgentState, StepResult } from './types';

/**
 * Stops a state at a step boundary: status `interrupted`, with why and where `resume` returns it. A step of
 * an interrupted state does nothing; `run` ends at once. Only a live state (idle, running or waiting for a
 * human) can be interrupted.
 */
export function interrupt(state: AgentState, reason = 'Interrupted by the user'): StepResult {
  const next = copyState(parseAgentState(state));
  if (!isLive(next)) throw new Error(`Cannot interrupt a state that is ${next.status}`);
  const event = interruptState(next, reason);
  return stamped(next, event);
}

/** Takes an interrupted state back to where it was: running, or waiting for the same human input. */
export function resume(state: AgentState): StepResult {
  const next = copyState(parseAgentState(state));
  if (next.status !== 'interrupted') throw new Error(`Only an interrupted state can be resumed (this one is ${next.status})`);
  // An interrupted state always holds its interruption: the schema checks it.
  next.status = next.interruption!.resumeStatus;
  delete next.interruption;
  return stamped(next, { type: 'resumed', sessionId: next.sessionId });
}

function stamped(state: AgentState, event: StepResult['events'][number]): StepResult {
  state.lastModified = new Date().toISOString();
  state.events.push(event);
  return { events: [event], newState: state };
}
