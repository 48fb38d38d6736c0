import type { ChatMessage, ModelRuntime, ToolCall, ToolDefinition } from '../llm/types';

export type AgentStatus = 'idle' | 'running' | 'waiting_for_human_input' | 'done' | 'error';

export interface HumanSelectOption {
  label: string;
  value: string;
}

/** An error as kept on the state: plain data, so the state stays serializable. */
export interface StateError {
  name: string;
  message: string;
}

/** Everything a session is, as plain JSON: a later process can resume from it. */
export interface AgentState {
  sessionId: string;
  status: AgentStatus;
  messages: ChatMessage[];
  events: AgentEvent[];
  createdAt: string;
  lastModified: string;
  /** Tool calls waiting for a human's approval. */
  pendingToolsCalling?: ToolCall[];
  /** A question waiting for a human's free-text answer. */
  pendingHumanPrompt?: { prompt: string; metadata?: Record<string, unknown> };
  /** A choice waiting for a human's selection. */
  pendingHumanSelect?: { prompt: string; options: HumanSelectOption[]; multi: boolean };
  error?: StateError;
}

export type AgentInstruction =
  | { type: 'call_llm'; payload?: { messages?: ChatMessage[]; tools?: ToolDefinition[]; model?: string } }
  | { type: 'call_tool'; toolCall: ToolCall }
  | { type: 'request_human_approve'; pendingToolsCalling: ToolCall[] }
  | { type: 'request_human_prompt'; prompt: string; metadata?: Record<string, unknown> }
  | { type: 'request_human_select'; prompt: string; options: HumanSelectOption[]; multi?: boolean }
  | { type: 'finish'; reason?: string }
  | { type: string; [key: string]: unknown };

export type AgentEvent =
  | { type: 'llm_start'; sessionId: string; payload: unknown }
  | { type: 'llm_stream'; sessionId: string; chunk: unknown }
  | { type: 'llm_result'; sessionId: string; result: { content: string; tool_calls: ToolCall[]; usage?: unknown } }
  | { type: 'tool_result'; sessionId: string; id: string; result: unknown }
  | { type: 'human_approve_required'; sessionId: string; pendingToolsCalling: ToolCall[] }
  | { type: 'tool_pending'; sessionId: string; toolCalls: ToolCall[] }
  | { type: 'human_prompt_required'; sessionId: string; prompt: string; metadata?: Record<string, unknown> }
  | { type: 'human_select_required'; sessionId: string; prompt: string; options: HumanSelectOption[]; multi: boolean }
  | { type: 'done'; sessionId: string; reason?: string; finalState: Omit<AgentState, 'events'> }
  | { type: 'error'; sessionId: string; error: Error };

export type AgentTool = (args: any) => unknown | Promise<unknown>;

/** The brain: decides the next instruction from the state. It holds no state of its own. */
export interface Agent {
  runner(state: AgentState): AgentInstruction | Promise<AgentInstruction>;
  tools?: Record<string, AgentTool>;
  executors?: Record<string, InstructionExecutor>;
}

export interface StepResult {
  events: AgentEvent[];
  newState: AgentState;
}

export interface ExecutorContext {
  agent: Agent;
  config: RuntimeConfig;
}

/**
 * The engine for one instruction type. It receives a private copy of the state (free to modify) and
 * returns the events it produced and the state after it.
 */
export type InstructionExecutor = (
  instruction: any,
  state: AgentState,
  context: ExecutorContext,
) => StepResult | Promise<StepResult>;

export interface RuntimeConfig {
  modelRuntime?: ModelRuntime;
  executors?: Record<string, InstructionExecutor>;
}
