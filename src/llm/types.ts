/** The OpenAI-compatible shapes the runtimes exchange with a model. */

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
  name?: string;
  /** What synapse knows about the message; kept in sessions, never sent to the model. */
  meta?: MessageMeta;
}

export interface MessageMeta {
  /** The user's own words, when `content` also holds text synapse added around them. */
  userText?: string;
  /** What synapse added to `content`, by name (e.g. `skill_search_instruction`). */
  injected?: string[];
  /** A summary compaction wrote in place of older messages. */
  summary?: boolean;
  /** A reminder synapse sent (open todo items), not the user's words. */
  reminder?: boolean;
  /** The session's archive already holds this message (or it was derived): its length when it did. */
  archived?: number;
  /** The input of a run that ended before the model answered: kept in the session, never sent. */
  unanswered?: boolean;
}

/** An OpenAI function-tool definition, as sent in `tools`. */
export interface ToolDefinition {
  type: 'function';
  function: { name: string; description?: string; parameters?: Record<string, unknown> };
}

/**
 * Tokens of one model call. `prompt_tokens` is all the input, cached or not (OpenAI's convention); the cache
 * fields, present only when the server reported them, say how much of it was read from or written to a
 * prompt cache.
 */
export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  /** Input tokens read from the prompt cache (`prompt_tokens_details.cached_tokens`, `cache_read_input_tokens`). */
  cache_read_tokens?: number;
  /** Input tokens written to the prompt cache (`cache_creation_input_tokens`). */
  cache_write_tokens?: number;
}

export interface ModelPayload {
  messages: ChatMessage[];
  tools?: ToolDefinition[];
  model?: string;
  signal?: AbortSignal;
}

/** One piece of a streamed reply: text as it arrives, the assembled tool calls at the end, usage if sent. */
export interface ModelChunk {
  content?: string;
  tool_calls?: ToolCall[];
  usage?: Usage;
}

export type ModelRuntime = (payload: ModelPayload) => AsyncIterable<ModelChunk>;
