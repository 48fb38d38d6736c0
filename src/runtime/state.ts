import { z } from 'zod';
import type { ChatMessage } from '../llm/types';
import { generateSessionId } from '../session/session-id';
import type { AgentState } from './types';

/** Runtime sessions share the persisted sessions' id scheme: `session-<time>-<random>`. */
export const newSessionId = generateSessionId;

export function createInitialState(options: { sessionId?: string; messages?: ChatMessage[] } = {}): AgentState {
  const sessionId = options.sessionId ?? newSessionId();
  if (typeof sessionId !== 'string' || sessionId.trim() === '') {
    throw new TypeError('createInitialState: sessionId must be a non-empty string');
  }
  const now = new Date().toISOString();
  return {
    sessionId,
    status: 'idle',
    messages: structuredClone(options.messages ?? []),
    events: [],
    createdAt: now,
    lastModified: now,
  };
}

/** A deep, JSON-faithful copy: what a step works on, so the caller's state is never touched. */
export function cloneState(state: AgentState): AgentState {
  return JSON.parse(JSON.stringify(state)) as AgentState;
}

const toolCallSchema = z.object({
  id: z.string().min(1),
  type: z.literal('function'),
  function: z.object({ name: z.string().min(1), arguments: z.string() }),
});

const messageSchema = z.looseObject({
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  content: z.string().nullable(),
  tool_calls: z.array(toolCallSchema).optional(),
  tool_call_id: z.string().optional(),
});

/** The shape a state must have to be stepped or resumed from disk. */
export const agentStateSchema = z.looseObject({
  sessionId: z.string().trim().min(1, 'expected a non-empty session id'),
  status: z.enum(['idle', 'running', 'waiting_for_human_input', 'done', 'error']),
  messages: z.array(messageSchema),
  events: z.array(z.looseObject({ type: z.string() })),
  createdAt: z.string(),
  lastModified: z.string(),
  pendingToolsCalling: z.array(toolCallSchema).optional(),
});

export { toolCallSchema, messageSchema };
