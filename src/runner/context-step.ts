import { mkdir } from 'node:fs/promises';
import {
  ContextCompactor,
  ContextOrchestrator,
  contextSettings,
  messagesTokenBound,
  messagesTokens,
  OffloadStore,
  resolveContextWindow,
  ToolResultOffloader,
  type CompactResult,
  type ContextEvent,
  type ContextOptions,
  type ContextSettings,
} from '../context';
import type { ChatMessage, ModelRuntime, ToolDefinition, Usage } from '../llm';
import { countTokens } from '../session';
import type { ConversationHistory } from './conversation-history';
import { newPrivateOffloadDir, removeLeftoverOffloadDirs } from './private-offload-dir';

export interface ContextStepOptions {
  model: string;
  contextWindow?: number;
  context?: ContextOptions;
  modelRuntime: ModelRuntime;
  /** The session's offload directory; none for a runner without a session. */
  offloadDir?: string;
  /** A directory of this runner's own, removed by close() (default: one under ~/.synapse/offload when there is no session). */
  privateOffloadDir?: string;
  onEvent: (event: ContextEvent) => void;
  onWarning: (message: string) => void;
  recordUsage: (usage: Usage, model: string) => Promise<void>;
}

/** What a request adds to the confirmed history: the system prompt, the tool definitions, what is staged. */
export interface RequestFrame {
  systemPrompt: string;
  tools: readonly ToolDefinition[];
  extra: readonly ChatMessage[];
}

/**
 * The runner's side of context management: before each request, the history is offloaded or compacted
 * as the thresholds say (the session rewritten, nothing lost); after the server refused a request as too
 * long, one compaction and one retry. Summaries are asked of the runner's model (or `compactModel`),
 * and their usage is recorded like any other.
 */
export class ContextStep {
  private built?: ContextOrchestrator;
  private initial?: ContextSettings;
  /** Where offloaded tool results go (the sandbox keeps it readable for the model's `read`). */
  readonly offloadDir: string;
  private readonly privateDir?: string;
  private prepared = false;

  constructor(private readonly options: ContextStepOptions) {
    this.privateDir = options.offloadDir ? undefined : (options.privateOffloadDir ?? newPrivateOffloadDir());
    this.offloadDir = options.offloadDir ?? this.privateDir!;
  }

  /** Offloads or compacts the confirmed history if the request would pass the thresholds. */
  async beforeRequest(history: ConversationHistory, frame: RequestFrame, signal?: AbortSignal): Promise<void> {
    // Every token is at least one byte: far below the threshold, nothing is built and the tokenizer is not loaded.
    const bound = Buffer.byteLength(frame.systemPrompt) + Buffer.byteLength(JSON.stringify(frame.tools)) + messagesTokenBound([...history.messages, ...frame.extra]);
    if (bound <= this.settings.offloadThreshold) return;
    await this.orchestrator().offloadIfNeeded([...history.persisted], { fixedTokens: this.fixedTokens(history, frame), signal, commit: (messages) => history.replace(messages) });
  }

  /** After a refusal for length: compacts (or rethrows the refusal when that cannot shrink the request). */
  async afterOverflow(history: ConversationHistory, frame: RequestFrame, refusal: Error, signal?: AbortSignal): Promise<void> {
    const fixedTokens = this.fixedTokens(history, frame);
    const refusedTokens = fixedTokens + messagesTokens(history.persisted);
    await this.orchestrator().recoverFromOverflow([...history.persisted], refusal, refusedTokens, { fixedTokens, signal, commit: (messages) => history.replace(messages) });
  }

  /** A compaction on request (`/compact`). */
  compact(history: ConversationHistory, frame: RequestFrame, signal?: AbortSignal): Promise<CompactResult> {
    return this.orchestrator().forceCompact([...history.persisted], { fixedTokens: this.fixedTokens(history, frame), signal, commit: (messages) => history.replace(messages) });
  }

  get window(): number {
    return this.settings.window;
  }

  /**
   * Makes the offload directory before any tool runs: the sandbox mounts a readable path only if it exists
   * when the shell (or the file helper) starts, and the model must be able to `read` what is offloaded.
   */
  async prepare(): Promise<void> {
    // Leftovers of killed runners are looked for where this runner's own directory was chosen for it.
    if (this.privateDir && !this.options.privateOffloadDir && !this.prepared) await removeLeftoverOffloadDirs();
    this.prepared = true;
    await mkdir(this.offloadDir, { recursive: true, mode: 0o700 });
  }

  /** Removes the private offload directory of a runner without a session. */
  async close(): Promise<void> {
    if (this.privateDir) await new OffloadStore(this.privateDir).remove();
  }

  /** The thresholds in force: the orchestrator's once it exists (a refusal may have taught it a smaller window). */
  private get settings(): ContextSettings {
    this.initial ??= contextSettings(resolveContextWindow(this.options.model, this.options.contextWindow).tokens, this.options.context ?? {});
    return this.built?.settings ?? this.initial;
  }

  private fixedTokens(history: ConversationHistory, frame: RequestFrame): number {
    const staged = history.messages.slice(history.persisted.length);
    return countTokens(frame.systemPrompt) + countTokens(JSON.stringify(frame.tools)) + messagesTokens([...staged, ...frame.extra]) + 8;
  }

  /** Built on first use (most runs never need it). */
  private orchestrator(): ContextOrchestrator {
    if (this.built) return this.built;
    const { context = {}, onEvent, onWarning } = this.options;
    const settings = this.settings;
    const store = new OffloadStore(this.offloadDir);
    const offloader = new ToolResultOffloader(store, { threshold: settings.offloadThreshold, scanRatio: settings.scanRatio, minChars: settings.minChars });
    const compactor = new ContextCompactor((request) => this.summarize(request), store, settings, onWarning);
    this.built = new ContextOrchestrator({ settings, overrides: context, offloader, compactor, onEvent, onWarning });
    return this.built;
  }

  private async summarize({ messages, model, signal }: { messages: ChatMessage[]; model?: string; signal?: AbortSignal }): Promise<string> {
    let text = '';
    let usage: Usage | undefined;
    // Without a compaction model the request goes to the runner's own model, as every other request does.
    for await (const chunk of this.options.modelRuntime({ messages, signal, ...(model ? { model } : {}) })) {
      text += chunk.content ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    if (usage) await this.options.recordUsage(usage, model ?? this.options.model);
    return text;
  }
}
