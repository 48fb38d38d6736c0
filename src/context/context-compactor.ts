import { AbortError, type ChatMessage } from '../llm';
import { isUserInput } from '../session';
import { type OffloadStore, referencedFiles } from './offload-store';
import { messagesTokens, messageTokens } from './request-tokens';
import { restoreOffloaded } from './restore-offloaded';
import { SUMMARY_PREFIX, summaryRequest } from './summary-request';
import type { ContextSettings } from './context-settings';

/** Asks a model for a summary: the text of its reply. */
export type SummaryModel = (request: { messages: ChatMessage[]; model?: string; signal?: AbortSignal }) => Promise<string>;

export interface CompactResult {
  success: boolean;
  /** The new history, or the original one when the compaction did not happen. */
  messages: ChatMessage[];
  previousTokens: number;
  currentTokens: number;
  freedTokens: number;
  /** Messages kept verbatim (the original request, the latest input, the latest messages). */
  preservedCount: number;
  summarizedCount: number;
  /** Offloaded files deleted because nothing refers to them any more. */
  deletedFiles: string[];
  /** Summary requests sent. */
  attempts: number;
  /** Why it failed. */
  error?: string;
}

export interface CompactOptions {
  signal?: AbortSignal;
  /** What the request adds to the messages (system prompt, tool definitions), so token figures are the request's. */
  fixedTokens?: number;
  /** Makes the new history the real one (the session's rewrite); offloaded files are cleaned up only after it. */
  commit?: (messages: ChatMessage[]) => Promise<void>;
}

export type CompactorSettings = Pick<ContextSettings, 'window' | 'requestLimit' | 'preserveCount' | 'preserveTokens' | 'summaryTokens' | 'compactRetries' | 'compactRetryDelayMs' | 'compactModel'>;

/**
 * Compaction, the costly half: the older part of the conversation is replaced by a summary the model
 * writes. Kept verbatim: the original request, the latest input and the latest messages (never starting
 * inside a tool round). The summary request is retried; when every attempt fails the history is kept.
 */
export class ContextCompactor {
  constructor(
    private readonly summarize: SummaryModel,
    private readonly store: OffloadStore,
    /** Replaced when the window turns out smaller than assumed (a server's refusal names it). */
    public settings: CompactorSettings,
    private readonly onWarning: (message: string) => void = () => {},
  ) {}

  async compact(messages: readonly ChatMessage[], options: CompactOptions = {}): Promise<CompactResult> {
    const fixed = options.fixedTokens ?? 0;
    const previousTokens = fixed + messagesTokens(messages);
    const result = (success: boolean, extra: Partial<CompactResult> = {}): CompactResult => ({
      success,
      messages: [...messages],
      previousTokens,
      currentTokens: previousTokens,
      freedTokens: 0,
      preservedCount: messages.length,
      summarizedCount: 0,
      deletedFiles: [],
      attempts: 0,
      ...extra,
    });
    if (messages.length <= this.settings.preserveCount) return result(true);

    const { kept, summarized } = this.split(messages);
    if (summarized.length === 0) return result(true);
    const restored = await restoreOffloaded(summarized, this.store);
    const budget = this.settings.requestLimit - this.settings.summaryTokens;
    const request = summaryRequest(restored, this.settings.summaryTokens, budget);
    const { summary, attempts, error } = await this.requestSummary(request, options.signal);
    if (summary === undefined) return result(false, { attempts, error });

    const summaryMessage: ChatMessage = { role: 'user', content: `${SUMMARY_PREFIX}\n\n${summary}`, meta: { summary: true } };
    const next = [...kept.pinned, summaryMessage, ...kept.tail];
    await options.commit?.(next);
    const cleanup = await this.store.cleanup(referencedFiles(next));
    for (const failure of cleanup.failed) this.onWarning(`an offloaded file could not be deleted (${failure.path}: ${failure.reason}); it stays`);
    const currentTokens = fixed + messagesTokens(next);
    return {
      success: true,
      messages: next,
      previousTokens,
      currentTokens,
      freedTokens: previousTokens - currentTokens,
      preservedCount: next.length - 1,
      summarizedCount: summarized.length,
      deletedFiles: cleanup.deleted,
      attempts,
    };
  }

  /** The latest messages (within the count and token budget, from a round's start) and the pinned inputs before them. */
  private split(messages: readonly ChatMessage[]): { kept: { pinned: ChatMessage[]; tail: ChatMessage[] }; summarized: ChatMessage[] } {
    let start = Math.max(0, messages.length - this.settings.preserveCount);
    while (start > 0 && messages[start]!.role === 'tool') start--;
    let tailTokens = messagesTokens(messages.slice(start));
    while (start < messages.length && (tailTokens > this.settings.preserveTokens || messages[start]!.role === 'tool')) {
      tailTokens -= messageTokens(messages[start]!);
      start++;
    }
    const inputs = messages.slice(0, start).filter(isUserInput);
    const pinned = [...new Set([inputs[0], inputs.at(-1)])].filter((message): message is ChatMessage => message !== undefined && messageTokens(message) <= this.settings.preserveTokens);
    const summarized = messages.slice(0, start).filter((message) => !pinned.includes(message));
    return { kept: { pinned, tail: messages.slice(start) }, summarized };
  }

  private async requestSummary(messages: ChatMessage[], signal?: AbortSignal): Promise<{ summary?: string; attempts: number; error?: string }> {
    let error = '';
    const attempts = 1 + this.settings.compactRetries;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        const text = (await this.summarize({ messages, model: this.settings.compactModel, signal })).trim();
        if (text) return { summary: text, attempts: attempt };
        error = 'the model returned an empty summary';
      } catch (failure) {
        if (signal?.aborted || failure instanceof AbortError) throw failure;
        error = failure instanceof Error ? failure.message : String(failure);
      }
      this.onWarning(`summary attempt ${attempt} of ${attempts} failed: ${error}`);
      if (attempt < attempts) await delay(this.settings.compactRetryDelayMs * attempt, signal);
    }
    return { attempts, error };
  }
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortError('The run was interrupted'));
    if (ms <= 0) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortError('The run was interrupted'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
