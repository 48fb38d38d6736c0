import type { ChatMessage } from '../llm';
import { OffloadStore } from './offload-store';
import { messagesTokens } from './request-tokens';

export interface OffloadOptions {
  /** Past this many tokens (messages plus `fixedTokens`), offload. */
  threshold: number;
  /** The leading share of the messages looked at. */
  scanRatio: number;
  /** Tool results of at most this many characters stay inline. */
  minChars: number;
}

export interface OffloadResult {
  messages: ChatMessage[];
  offloadedCount: number;
  /** The files written (one per offloaded result; identical results share one). */
  files: string[];
  previousTokens: number;
  currentTokens: number;
  freedTokens: number;
  /** Still past the threshold after offloading. */
  stillExceedsThreshold: boolean;
}

/**
 * Offload, the cheap half of context management: once a request would pass the threshold, large tool
 * results in the older part of the conversation go to files and are replaced by `Tool result is at:
 * <path>`, which the model can `read`. Only tool messages, only the leading `scanRatio` of the history,
 * only results longer than `minChars`, and never a result that already is a reference.
 */
export class ToolResultOffloader {
  constructor(
    readonly store: OffloadStore,
    /** Replaced when the window turns out smaller than assumed (a server's refusal names it). */
    public options: OffloadOptions,
  ) {}

  /**
   * `fixedTokens`: what the request adds to the messages (system prompt, tool definitions). `scanRatio`
   * replaces the configured share (1: every tool result, the latest included).
   */
  async offloadIfNeeded(messages: readonly ChatMessage[], fixedTokens = 0, scanRatio = this.options.scanRatio): Promise<OffloadResult> {
    const previousTokens = fixedTokens + messagesTokens(messages);
    const unchanged = { messages: [...messages], offloadedCount: 0, files: [], previousTokens, currentTokens: previousTokens, freedTokens: 0 };
    if (previousTokens <= this.options.threshold) return { ...unchanged, stillExceedsThreshold: false };

    const scanEnd = Math.floor(messages.length * scanRatio);
    const next = [...messages];
    const files = new Set<string>();
    let offloadedCount = 0;
    for (let i = 0; i < scanEnd; i++) {
      const message = next[i]!;
      if (!this.offloadable(message)) continue;
      const path = await this.store.save(message.content!);
      files.add(path);
      next[i] = { ...message, content: OffloadStore.reference(path) };
      offloadedCount++;
    }
    const currentTokens = fixedTokens + messagesTokens(next);
    return {
      messages: next,
      offloadedCount,
      files: [...files],
      previousTokens,
      currentTokens,
      freedTokens: previousTokens - currentTokens,
      stillExceedsThreshold: currentTokens > this.options.threshold,
    };
  }

  private offloadable(message: ChatMessage): boolean {
    if (message.role !== 'tool' || typeof message.content !== 'string') return false;
    if (message.content.length <= this.options.minChars) return false;
    return OffloadStore.referenceIn(message.content) === undefined;
  }
}
