import { positiveIntFromEnv } from '../env-settings';

/** The window assumed for a model nobody named and the table does not know. */
export const DEFAULT_CONTEXT_WINDOW = 128_000;

/**
 * Context windows (prompt and reply together, in tokens) of well-known models, by name prefix; the
 * longest matching prefix wins, so `gpt-4o-mini` is `gpt-4o`, not `gpt-4`. Deliberately small: a local
 * server's window is whatever it was started with (Ollama's num_ctx, vLLM's --max-model-len), so for
 * those pass --context-window.
 */
export const KNOWN_CONTEXT_WINDOWS: Readonly<Record<string, number>> = {
  'gpt-3.5-turbo': 16_385,
  'gpt-4': 8_192,
  'gpt-4-turbo': 128_000,
  'gpt-4o': 128_000,
  'gpt-4.1': 1_047_576,
  'gpt-5': 400_000,
  o1: 200_000,
  o3: 200_000,
  'o4-mini': 200_000,
  claude: 200_000,
  'qwen2.5': 32_768,
  'llama3.1': 131_072,
};

export interface ResolvedContextWindow {
  tokens: number;
  /** Where the figure came from: the caller, SYNAPSE_CONTEXT_WINDOW, the table, or the default. */
  source: 'option' | 'env' | 'table' | 'default';
}

/** The window for `model`: the caller's figure, else SYNAPSE_CONTEXT_WINDOW, else the table, else 128k. */
export function resolveContextWindow(model: string, explicit?: number, env: NodeJS.ProcessEnv = process.env): ResolvedContextWindow {
  if (explicit !== undefined) {
    if (!Number.isSafeInteger(explicit) || explicit <= 0) throw new RangeError(`contextWindow must be a positive whole number of tokens, got ${explicit}`);
    return { tokens: explicit, source: 'option' };
  }
  const fromEnv = positiveIntFromEnv('SYNAPSE_CONTEXT_WINDOW', 0, env);
  if (fromEnv > 0) return { tokens: fromEnv, source: 'env' };
  const known = knownContextWindow(model);
  return known === undefined ? { tokens: DEFAULT_CONTEXT_WINDOW, source: 'default' } : { tokens: known, source: 'table' };
}

/** The table's window for a model name (`openai/gpt-4o`, `qwen2.5:7b` included), or undefined. */
export function knownContextWindow(model: string): number | undefined {
  const name = model.toLowerCase().split('/').at(-1)!;
  let best: string | undefined;
  for (const prefix of Object.keys(KNOWN_CONTEXT_WINDOWS)) {
    if (name.startsWith(prefix) && (best === undefined || prefix.length > best.length)) best = prefix;
  }
  return best === undefined ? undefined : KNOWN_CONTEXT_WINDOWS[best];
}
