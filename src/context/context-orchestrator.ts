import type { ChatMessage } from '../llm';
import type { CompactResult, ContextCompactor } from './context-compactor';
import type { CompactReason, ContextEvent } from './context-events';
import { contextSettings, type ContextOptions, type ContextSettings } from './context-settings';
import { ContextWindowError } from './context-window-error';
import { windowNamedIn } from './context-overflow';
import { messagesTokenBound } from './request-tokens';
import type { OffloadResult, ToolResultOffloader } from './tool-result-offloader';

export interface ContextOrchestratorOptions {
  settings: ContextSettings;
  /** The thresholds set explicitly (the rest follow the window when it changes). */
  overrides?: ContextOptions;
  offloader: ToolResultOffloader;
  compactor: ContextCompactor;
  onEvent?: (event: ContextEvent) => void;
  onWarning?: (message: string) => void;
}

export interface PrepareOptions {
  /** What the request adds to these messages: system prompt, tool definitions, messages not yet confirmed. */
  fixedTokens?: number;
  signal?: AbortSignal;
  /** Makes a changed history the real one (the session's rewrite). */
  commit?: (messages: ChatMessage[]) => Promise<void>;
}

export interface PrepareResult {
  messages: ChatMessage[];
  /** Tokens of the request as it now stands. */
  tokens: number;
  offload?: OffloadResult;
  compact?: CompactResult;
}

/**
 * Decides, before each model request, what the history needs: nothing; offload of large tool results;
 * or, when that is not enough, compaction. A compaction that the thresholds ask for waits out a cooldown
 * after the last attempt; one that the request limit or the server's refusal asks for does not.
 */
export class ContextOrchestrator {
  settings: ContextSettings;
  private step = 0;
  private lastCompactAttempt = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: ContextOrchestratorOptions) {
    this.settings = options.settings;
  }

  /**
   * Before a request: offload, then compact if the offload was not enough. A request still past the
   * request limit after that has every large tool result offloaded, the latest included (lossless: the
   * model can read them back); one past the window is not sent at all.
   */
  async offloadIfNeeded(messages: readonly ChatMessage[], options: PrepareOptions = {}): Promise<PrepareResult> {
    this.step++;
    const fixed = options.fixedTokens ?? 0;
    // Every token is at least a byte: a conversation this short cannot be near the threshold (no tokenizer needed).
    const bound = fixed + messagesTokenBound(messages);
    if (bound <= this.settings.offloadThreshold) return { messages: [...messages], tokens: bound };

    const offload = await this.offload(messages, fixed, this.settings.scanRatio, options);
    const result: PrepareResult = { messages: offload.messages, tokens: offload.currentTokens, offload };
    if (!offload.stillExceedsThreshold) return result;

    const overLimit = offload.currentTokens > this.settings.requestLimit;
    const freedTooLittle = offload.freedTokens < this.settings.compactTriggerThreshold;
    if (overLimit || (freedTooLittle && this.cooledDown())) {
      const compact = await this.compact(offload.messages, overLimit ? 'limit' : 'threshold', options);
      result.compact = compact;
      if (compact.success) Object.assign(result, { messages: compact.messages, tokens: compact.currentTokens });
    }
    if (result.tokens > this.settings.requestLimit) {
      const everything = await this.offload(result.messages, fixed, 1, options);
      Object.assign(result, { messages: everything.messages, tokens: everything.currentTokens });
    }
    if (result.tokens > this.settings.offloadThreshold) {
      this.warn(`Context still exceeds threshold: ${result.tokens} tokens after offloading, threshold ${this.settings.offloadThreshold} (window ${this.settings.window}); the run goes on`);
    }
    if (result.tokens > this.settings.window) {
      throw new ContextWindowError(result.tokens, this.settings.window, result.compact?.error ? `compaction failed: ${result.compact.error}` : 'neither offload nor compaction could make it fit');
    }
    return result;
  }

  private async offload(messages: readonly ChatMessage[], fixed: number, scanRatio: number, options: PrepareOptions): Promise<OffloadResult> {
    const offload = await this.options.offloader.offloadIfNeeded(messages, fixed, scanRatio);
    if (offload.offloadedCount > 0) {
      await options.commit?.(offload.messages);
      this.emit({ type: 'context_offloaded', count: offload.offloadedCount, files: offload.files, tokensBefore: offload.previousTokens, tokensAfter: offload.currentTokens });
    }
    return offload;
  }

  /**
   * After the server refused a request as too long: compacts whatever the cooldown, and learns the window
   * the refusal names. Returns the compacted history only if it is smaller than what was refused (which
   * must never be sent again); otherwise rethrows the refusal.
   */
  async recoverFromOverflow(messages: readonly ChatMessage[], refusal: Error, refusedTokens: number, options: PrepareOptions = {}): Promise<PrepareResult> {
    const named = windowNamedIn(refusal.message);
    if (named !== undefined && named < this.settings.window) this.useWindow(named);
    const compact = await this.compact(messages, 'overflow', options);
    if (!compact.success || compact.currentTokens >= refusedTokens) throw refusal;
    return { messages: compact.messages, tokens: compact.currentTokens, compact };
  }

  /** A compaction on request (`/compact`): no threshold, no cooldown. */
  forceCompact(messages: readonly ChatMessage[], options: PrepareOptions = {}): Promise<CompactResult> {
    return this.compact(messages, 'manual', options);
  }

  private async compact(messages: readonly ChatMessage[], reason: CompactReason, options: PrepareOptions): Promise<CompactResult> {
    this.lastCompactAttempt = this.step;
    const result = await this.options.compactor.compact(messages, { signal: options.signal, fixedTokens: options.fixedTokens, commit: options.commit });
    if (result.success && result.summarizedCount > 0) {
      this.emit({
        type: 'context_compacted',
        reason,
        tokensBefore: result.previousTokens,
        tokensAfter: result.currentTokens,
        messagesBefore: messages.length,
        messagesAfter: result.messages.length,
        deletedFiles: result.deletedFiles.length,
      });
    } else if (!result.success) {
      this.warn(`context compaction failed after ${result.attempts} attempt(s) (${result.error}); the history is kept as it was`);
    }
    return result;
  }

  /** From now on, thresholds follow this window (what was set explicitly stays). */
  useWindow(window: number): void {
    this.settings = contextSettings(window, this.options.overrides);
    this.options.offloader.options = { threshold: this.settings.offloadThreshold, scanRatio: this.settings.scanRatio, minChars: this.settings.minChars };
    this.options.compactor.settings = this.settings;
  }

  private cooledDown(): boolean {
    return this.step - this.lastCompactAttempt > this.settings.compactCooldownSteps;
  }

  private emit(event: ContextEvent): void {
    this.options.onEvent?.(event);
  }

  private warn(message: string): void {
    this.options.onWarning?.(message);
  }
}
