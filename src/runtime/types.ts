import type { ChatMessage, ModelRuntime, ToolCall, ToolDefinition, Usage } from '../llm';

export type AgentStatus = 'idle' | 'running' | 'waiting_for_human_input' | 'done' | 'error' | 'interrupted';

/** What to do when an operation's spend reaches `maxCostUsd`: end it (`done`), or interrupt it (resumable). */
export type CostLimitAction = 'stop' | 'interrupt';

/** Why a state is interrupted, and the status `resume` returns it to. */
export interface Interruption {
  reason: string;
  resumeStatus: 'running' | 'waiting_for_human_input';
}

/** Token counts summed over every model reply of the state. */
export interface UsageTotals {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/**
 * A model's price per million tokens, in US dollars (the shape of ~/.synapse/pricing.json entries); cache reads
 * and writes cost the input price unless given.
 */
export interface ModelPrice {
  inputPerMillion: number;
  outputPerMillion: number;
  cacheReadPerMillion?: number;
  cacheWritePerMillion?: number;
}

export interface HumanSelectOption {
  label: string;
  value: string;
}

/** An error as kept on the state: plain data, so the state stays serializable. */
export interface StateError {
  name: string;
  message: string;
}

/** A question waiting for a human's free-text answer. */
export interface PendingHumanPrompt {
  prompt: string;
  metadata?: Record<string, unknown>;
}

/** A choice waiting for a human's selection. */
export interface PendingHumanSelect {
  prompt: string;
  options: HumanSelectOption[];
  multi: boolean;
}

/**
 * Everything a session is, as plain JSON: a later process can resume from it. `schemaVersion` says which
 * shape this is (see AGENT_STATE_VERSION); `parseAgentState` checks it, and the fields each status needs.
 */
export interface AgentState {
  schemaVersion: number;
  sessionId: string;
  status: AgentStatus;
  messages: ChatMessage[];
  /** The execution trace: every step's events (stream chunks are dropped by compactState). */
  events: AgentEvent[];
  createdAt: string;
  lastModified: string;
  /** Tool calls waiting for a human's approval. */
  pendingToolsCalling?: ToolCall[];
  pendingHumanPrompt?: PendingHumanPrompt;
  pendingHumanSelect?: PendingHumanSelect;
  error?: StateError;
  /** Steps committed on this state, over its whole life (every process that stepped it). */
  stepCount: number;
  /** The step numbered `maxSteps` is a forced final answer: the model answers without tools, the state is done. */
  maxSteps?: number;
  usage: UsageTotals;
  /** Spend of the priced replies (see RuntimeConfig.pricing), in US dollars. */
  costUsd: number;
  maxCostUsd?: number;
  /** Default `stop`. */
  onCostLimit?: CostLimitAction;
  /** Set while the status is `interrupted`. */
  interruption?: Interruption;
}

/** The final state in a `done` event: everything but the conversation and the trace, which the state holds. */
export type AgentStateSummary = Omit<AgentState, 'messages' | 'events'> & { messageCount: number };

/** What an `llm_start` event records of a request: its size, not a copy of the conversation. */
export interface LlmRequestSummary {
  model?: string;
  messageCount: number;
  /** Names of the tools offered. */
  tools: string[];
}

export type AgentInstruction =
  | { type: 'call_llm'; payload?: { messages?: ChatMessage[]; tools?: ToolDefinition[]; model?: string } }
  | { type: 'call_tool'; toolCall: ToolCall }
  | { type: 'request_human_approve'; pendingToolsCalling: ToolCall[] }
  | { type: 'request_human_prompt'; prompt: string; metadata?: Record<string, unknown> }
  | { type: 'request_human_select'; prompt: string; options: HumanSelectOption[]; multi?: boolean }
  | { type: 'finish'; reason?: string }
  | { type: string; [key: string]: unknown };

/** A piece of a streamed reply, as validated at the model-runtime boundary. */
export interface LlmChunk {
  content?: string;
  tool_calls?: ToolCall[];
  usage?: Usage;
}

export type AgentEvent =
  | { type: 'llm_start'; sessionId: string; payload: LlmRequestSummary }
  | { type: 'llm_stream'; sessionId: string; chunk: LlmChunk }
  | { type: 'llm_result'; sessionId: string; result: { content: string; tool_calls: ToolCall[]; usage?: Usage } }
  | { type: 'tool_result'; sessionId: string; id: string; result: unknown }
  | { type: 'human_approve_required'; sessionId: string; pendingToolsCalling: ToolCall[] }
  | { type: 'tool_pending'; sessionId: string; toolCalls: ToolCall[] }
  | { type: 'human_prompt_required'; sessionId: string; prompt: string; metadata?: Record<string, unknown> }
  | { type: 'human_select_required'; sessionId: string; prompt: string; options: HumanSelectOption[]; multi: boolean }
  | { type: 'done'; sessionId: string; reason?: string; finalState: AgentStateSummary }
  | { type: 'error'; sessionId: string; error: Error }
  | { type: 'interrupted'; sessionId: string; reason: string }
  | { type: 'resumed'; sessionId: string };

/** What a tool receives besides its arguments. */
export interface AgentToolContext {
  /** Aborted when the step is: stop work and release what was started. */
  signal: AbortSignal;
  sessionId: string;
  toolCall: ToolCall;
  /** The call's id: the same on every attempt of this call, so a tool with effects can make them once (an idempotency key). */
  toolCallId: string;
}

/** A tool: parsed JSON arguments in, a JSON-serializable result out. */
// biome-ignore lint/suspicious/noExplicitAny: callers declare their own argument type; with unknown, (args: { text: string }) => ... would not fit
export type AgentTool = (args: any, context: AgentToolContext) => unknown | Promise<unknown>;

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

export interface StepOptions {
  /** Aborts the step: the model request and the running tool see it, and the step ends with an AbortError event. */
  signal?: AbortSignal;
  /**
   * Hears each of the step's events as it happens (stream chunks while they stream), each exactly once;
   * the step's result holds the same events. A listener that throws is ignored.
   */
  onEvent?: (event: AgentEvent) => void;
}

export interface ExecutorContext {
  agent: Agent;
  config: RuntimeConfig;
  /** The step's signal: pass it to whatever the executor starts. */
  signal: AbortSignal;
  /** Delivers an event to the step's listener now, before the executor returns (it must still be returned). */
  emit(event: AgentEvent): void;
}

/**
 * The engine for one instruction type. It receives a private copy of the state (free to modify) and
 * returns the events it produced and the state after it.
 */
export type InstructionExecutor = (
  // biome-ignore lint/suspicious/noExplicitAny: each executor declares the instruction type it handles; the runtime dispatches on instruction.type
  instruction: any,
  state: AgentState,
  context: ExecutorContext,
) => StepResult | Promise<StepResult>;

export interface RuntimeConfig {
  modelRuntime?: ModelRuntime;
  executors?: Record<string, InstructionExecutor>;
  /** The model replies are priced as when a request names none (and the forced final answer asks). */
  model?: string;
  /** Prices by model name (matched as `~/.synapse/pricing.json` is); a model without one costs nothing here (its tokens are still counted). */
  pricing?: Record<string, ModelPrice>;
}
