import type { Usage } from './types';

/** A usage object as OpenAI-compatible servers send it: OpenAI's fields plus the cache fields others add. */
export interface WireUsage {
  prompt_tokens?: number | null;
  completion_tokens?: number | null;
  total_tokens?: number | null;
  /** OpenAI: the part of prompt_tokens read from the prompt cache. */
  prompt_tokens_details?: { cached_tokens?: number | null } | null;
  /** Anthropic's names, passed on by some OpenAI-compatible servers and proxies. */
  cache_read_input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
  /** DeepSeek's name for the cached part of prompt_tokens. */
  prompt_cache_hit_tokens?: number | null;
}

/**
 * Our Usage from what the server sent. `prompt_tokens` becomes all the input: servers that follow OpenAI count
 * cached tokens in it; when the cache tokens reported are more than `prompt_tokens`, the server evidently
 * counted them apart (Anthropic's convention), and they are added to it.
 */
export function usageFromWire(wire: WireUsage): Usage {
  const count = (value: number | null | undefined) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 0);
  const cacheRead = count(wire.cache_read_input_tokens ?? wire.prompt_tokens_details?.cached_tokens ?? wire.prompt_cache_hit_tokens);
  const cacheWrite = count(wire.cache_creation_input_tokens);
  const reported = count(wire.prompt_tokens);
  const input = cacheRead + cacheWrite > reported ? reported + cacheRead + cacheWrite : reported;
  const output = count(wire.completion_tokens);
  return {
    prompt_tokens: input,
    completion_tokens: output,
    total_tokens: Math.max(count(wire.total_tokens), input + output),
    ...(cacheRead ? { cache_read_tokens: cacheRead } : {}),
    ...(cacheWrite ? { cache_write_tokens: cacheWrite } : {}),
  };
}
