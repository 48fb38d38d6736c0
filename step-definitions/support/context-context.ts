import { join } from 'node:path';
import {
  ContextCompactor,
  ContextOrchestrator,
  contextSettings,
  messagesTokens,
  OffloadStore,
  ToolResultOffloader,
  type ChatMessage,
  type CleanupResult,
  type CompactResult,
  type ContextEvent,
  type ContextOptions,
  type ContextSettings,
  type OffloadResult,
  type PrepareResult,
  type SummaryModel,
} from '../../src';
import { clip, section, type Narrating } from './transcript';
import type { SynapseWorld } from './world';

const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo', 'lima'];

/** About `words` tokens of plain text (each word with its space is one token in o200k_base), tagged so it can be found. */
export function filler(words: number, tag = 'text'): string {
  return `[${tag}] ${Array.from({ length: words }, (_, i) => WORDS[i % WORDS.length]).join(' ')}`;
}

/** One tool round: the assistant's Bash call and its result. */
export function toolRound(id: string, command: string, result: string): ChatMessage[] {
  return [
    { role: 'assistant', content: '', tool_calls: [{ id, type: 'function', function: { name: 'Bash', arguments: JSON.stringify({ command }) } }] },
    { role: 'tool', tool_call_id: id, content: result },
  ];
}

/** A conversation of `rounds` tool rounds after one request, each result `resultWords` long, ending with an answer. */
export function longConversation(rounds: number, resultWords: number, request = 'Read the logs and summarize them.'): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: 'user', content: request }];
  for (let i = 1; i <= rounds; i++) messages.push(...toolRound(`call_${i}`, `cat log-${i}.txt`, filler(resultWords, `log ${i}`)));
  messages.push({ role: 'assistant', content: 'I have read every log.' });
  return messages;
}

/**
 * A history offload cannot shrink much: a long pasted request (never offloaded: it is not a tool result),
 * one tool result, then a short exchange.
 */
export function pastedRequestAndOneResult(pastedWords: number, resultWords: number): ChatMessage[] {
  return [
    { role: 'user', content: filler(pastedWords, 'pasted requirements') },
    ...toolRound('call_1', 'cat notes.txt', filler(resultWords, 'notes')),
    { role: 'assistant', content: 'I read the notes.' },
    { role: 'user', content: 'Anything else?' },
    { role: 'assistant', content: 'No.' },
    { role: 'user', content: 'Go on.' },
    { role: 'assistant', content: 'Going on.' },
  ];
}

/**
 * Context management driven directly: a history, an offload store in the scenario's temp dir, and the
 * offloader, compactor and orchestrator over it (the compactor's summaries come from the msw model, so
 * its requests are real ones), with every compaction, warning and event recorded.
 */
export class ContextManagementContext implements Narrating {
  messages: ChatMessage[] = [];
  /** Explicit thresholds; summaries are retried without waiting. */
  options: ContextOptions = { compactRetryDelayMs: 0 };
  window = 100_000;
  offloadResult?: OffloadResult;
  prepareResult?: PrepareResult;
  compactResult?: CompactResult;
  /** Calls of the compactor's compact(), in order. */
  readonly compactCalls: ChatMessage[][] = [];
  readonly warnings: string[] = [];
  readonly events: ContextEvent[] = [];
  /** Before the step that acts, to tell its calls from the arrangement's. */
  compactCallsBefore = 0;
  restored?: ChatMessage[];
  cleanup?: CleanupResult;
  retained?: Set<string>;
  /** Files a scenario arranged: one that must survive, one that must go, one that cannot be removed, one that is gone. */
  keptFile?: string;
  oldFile?: string;
  undeletable?: string;
  missingPath?: string;
  private store_?: OffloadStore;
  private orchestrator_?: ContextOrchestrator;

  constructor(private readonly world: SynapseWorld) {}

  get settings(): ContextSettings {
    return contextSettings(this.window, this.options);
  }

  async store(): Promise<OffloadStore> {
    this.store_ ??= new OffloadStore(join(await this.world.tempDir(), 'offload'));
    return this.store_;
  }

  async offloader(): Promise<ToolResultOffloader> {
    const { offloadThreshold, scanRatio, minChars } = this.settings;
    return new ToolResultOffloader(await this.store(), { threshold: offloadThreshold, scanRatio, minChars });
  }

  /** A summary model over the msw model (the scenario scripts its replies). */
  summaryModel(): SummaryModel {
    const runtime = this.world.llm.modelRuntime();
    return async ({ messages, model, signal }) => {
      let text = '';
      for await (const chunk of runtime({ messages, signal, ...(model ? { model } : {}) })) text += chunk.content ?? '';
      return text;
    };
  }

  async compactor(): Promise<ContextCompactor> {
    const compactor = new ContextCompactor(this.summaryModel(), await this.store(), this.settings, (message) => this.warnings.push(message));
    const compact = compactor.compact.bind(compactor);
    compactor.compact = (messages, options) => {
      this.compactCalls.push([...messages]);
      return compact(messages, options);
    };
    return compactor;
  }

  async orchestrator(): Promise<ContextOrchestrator> {
    this.orchestrator_ ??= new ContextOrchestrator({
      settings: this.settings,
      overrides: this.options,
      offloader: await this.offloader(),
      compactor: await this.compactor(),
      onEvent: (event) => this.events.push(event),
      onWarning: (message) => this.warnings.push(message),
    });
    return this.orchestrator_;
  }

  tokens(messages: readonly ChatMessage[] = this.messages): number {
    return messagesTokens(messages);
  }

  /** Scripts the summary the model writes for the next compaction. */
  scriptSummary(text = 'The user asked for the logs to be read; every log was read; nothing failed.'): void {
    this.world.llm.reply({ when: 'Summarize the conversation transcript', content: text });
  }

  narrate(): string[] {
    const result = this.compactResult;
    return section('Context management', [
      ...(this.messages.length ? [`history: ${this.messages.length} messages, ${this.tokens()} tokens`] : []),
      ...(this.offloadResult ? [`offload: ${this.offloadResult.offloadedCount} result(s), ${this.offloadResult.previousTokens} -> ${this.offloadResult.currentTokens} tokens`] : []),
      ...(this.compactCalls.length ? [`compact() called ${this.compactCalls.length} time(s)`] : []),
      ...(result ? [`compaction: success ${result.success}, ${result.previousTokens} -> ${result.currentTokens} tokens, ${result.attempts} attempt(s)${result.error ? `, ${result.error}` : ''}`] : []),
      ...this.warnings.map((warning) => `warning: ${clip(warning, 140)}`),
    ]);
  }
}
