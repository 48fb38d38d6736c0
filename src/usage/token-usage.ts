import type { Usage } from '../llm';

/** One call's input split by how it is priced, and its output (the upstream documents' names). */
export interface TokenUsage {
  /** Input tokens neither read from nor written to a prompt cache. */
  inputOther: number;
  output: number;
  inputCacheRead: number;
  inputCacheCreation: number;
}

/** The priced parts of a Usage (whose `prompt_tokens` counts all the input, cached or not). */
export function tokenUsageOf(usage: Usage): TokenUsage {
  const inputCacheRead = usage.cache_read_tokens ?? 0;
  const inputCacheCreation = usage.cache_write_tokens ?? 0;
  return { inputOther: Math.max(0, usage.prompt_tokens - inputCacheRead - inputCacheCreation), output: usage.completion_tokens, inputCacheRead, inputCacheCreation };
}
