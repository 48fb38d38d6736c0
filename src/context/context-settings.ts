/**
 * The thresholds of context management, in tokens of the whole request (system prompt, tool
 * definitions and messages). Defaults are proportional to the window, so a 16k model and a 200k model
 * behave alike; docs/context.md says why each is what it is.
 */
export interface ContextSettings {
  /** The model's context window. */
  window: number;
  /** Past this, large tool results are offloaded to files. Default 75% of the window. */
  offloadThreshold: number;
  /** Offload looks at this leading share of the messages only (the latest results stay inline). Default 0.5. */
  scanRatio: number;
  /** Tool results up to this many characters stay inline (a reference would save little). Default 1,000. */
  minChars: number;
  /** Still past the offload threshold and offload freed less than this: compact. Default 7.5% of the window. */
  compactTriggerThreshold: number;
  /** A request must fit under this (the rest is the reply's room): past it, compact whatever the cooldown. Default 90%. */
  requestLimit: number;
  /** The latest messages kept verbatim by a compaction. Default 5. */
  preserveCount: number;
  /** ...at most this many tokens of them. Default 30% of the window. */
  preserveTokens: number;
  /** The length asked of a summary. Default 5% of the window, between 200 and 8,000. */
  summaryTokens: number;
  /** Requests after a compaction attempt before a threshold may trigger another. Default 5. */
  compactCooldownSteps: number;
  /** Further attempts after a failed summary request. Default 2. */
  compactRetries: number;
  /** Wait before retry n: n times this. Default 1,000 ms. */
  compactRetryDelayMs: number;
  /** The model that writes summaries. Default: the runner's model. */
  compactModel?: string;
}

export type ContextOptions = Partial<Omit<ContextSettings, 'window'>>;

export function contextSettings(window: number, options: ContextOptions = {}): ContextSettings {
  const share = (ratio: number) => Math.floor(window * ratio);
  const defined = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as ContextOptions;
  return {
    window,
    offloadThreshold: share(0.75),
    scanRatio: 0.5,
    minChars: 1_000,
    compactTriggerThreshold: share(0.075),
    requestLimit: share(0.9),
    preserveCount: 5,
    preserveTokens: share(0.3),
    summaryTokens: Math.min(8_000, Math.max(200, share(0.05))),
    compactCooldownSteps: 5,
    compactRetries: 2,
    compactRetryDelayMs: 1_000,
    ...defined,
  };
}
