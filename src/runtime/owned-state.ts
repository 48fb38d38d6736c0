import { z } from 'zod';
import { describeIssues, messageSchema, stateHeaderSchema } from './state-schema';
import type { AgentEvent, AgentState } from './types';
import { InvalidStateError } from './state-error';

/**
 * Messages and events the runtime has checked, copied to plain JSON and frozen. Steps share them instead of
 * copying the whole state each time (a copy per step made a long run quadratic); being frozen, no executor,
 * agent or caller can change one in place, so a state handed out never changes under its holder.
 */
const owned = new WeakSet<object>();

const eventSchema = z.looseObject({ type: z.string().min(1) });

/**
 * A checked copy of `state` the runtime may work on: new top-level object and arrays, shared frozen
 * elements. Elements seen for the first time are validated and copied (the caller's objects are never
 * touched). Throws InvalidStateError naming each bad field.
 */
export function adoptState(state: AgentState): AgentState {
  const header = stateHeaderSchema.safeParse(state);
  if (!header.success) throw new InvalidStateError(`Invalid state: ${describeIssues(header.error, 'state')}`);
  // The header as parsed: an older version comes out upgraded (its elements are the caller's, checked below).
  const { messages, events, ...rest } = header.data as AgentState;
  return {
    ...(plainCopy(rest, 'state') as Omit<AgentState, 'messages' | 'events'>),
    messages: messages.map((message, i) => adopt(message, messageSchema, `state.messages.${i}`, true)),
    events: events.map((event, i) => adopt(event, eventSchema, `state.events.${i}`, true)),
  };
}

/** Takes a step's own events into the trace as they are (the step's result holds the same objects), frozen. */
export function adoptStepEvents(events: readonly AgentEvent[]): AgentEvent[] {
  return events.map((event, i) => adopt(event, eventSchema, `events.${i}`, false));
}

/** A copy a reader may change freely without touching the original: new fields and arrays, shared frozen elements. */
export function copyState(state: AgentState): AgentState {
  const { messages, events, ...rest } = state;
  return { ...(structuredClone(rest) as Omit<AgentState, 'messages' | 'events'>), messages: [...messages], events: [...events] };
}

function adopt<T extends object>(value: T, schema: z.ZodType, path: string, copy: boolean): T {
  if (owned.has(value)) return value;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new InvalidStateError(`Invalid state: ${describeIssues(parsed.error, path)}`);
  const adopted = copy ? (plainCopy(value, path) as T) : checkedJson(value, path);
  deepFreeze(adopted);
  owned.add(adopted);
  return adopted;
}

function plainCopy(value: unknown, path: string): unknown {
  try {
    return JSON.parse(JSON.stringify(value));
  } catch (error) {
    throw new InvalidStateError(`Invalid state: ${path}: not JSON (${(error as Error).message})`);
  }
}

function checkedJson<T>(value: T, path: string): T {
  try {
    JSON.stringify(value);
    return value;
  } catch (error) {
    throw new InvalidStateError(`Invalid state: ${path}: not JSON (${(error as Error).message})`);
  }
}

function deepFreeze(value: unknown): void {
  // Primitives and null count as frozen, and so does what is frozen already.
  if (Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const key of Object.keys(value as object)) deepFreeze((value as Record<string, unknown>)[key]);
}
