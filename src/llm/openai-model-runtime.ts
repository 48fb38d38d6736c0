import OpenAI from 'openai';
import { AbortError, ModelError } from './model-error';
import { toModelError } from './model-error-text';
import { linkAbort } from './linked-abort';
import { readRequestTimeoutMs } from './request-timeout';
import { ToolCallAssembler } from './tool-call-assembler';
import type { ModelChunk, ModelPayload, ModelRuntime } from './types';
import { toWireMessages } from './wire-messages';
import { usageFromWire } from './wire-usage';
import { timerDelay } from '../timer-delay';

export interface OpenAIModelRuntimeOptions {
  model: string;
  apiKey?: string;
  baseURL?: string;
  /** A ready client (tests pass one wired to msw; sub-agents share the parent's). */
  client?: OpenAI;
  /** Ask the server for a final usage chunk (`stream_options.include_usage`). Default true. */
  includeUsage?: boolean;
  /** Longest wait for the reply to start and between two streamed chunks. Default: the client's timeout. */
  requestTimeoutMs?: number;
}

export interface OpenAIClientOptions {
  apiKey?: string;
  baseURL?: string;
  maxRetries?: number;
  /** Per attempt, until the response starts; also the idle-stream limit. Default SYNAPSE_REQUEST_TIMEOUT or 300000. */
  requestTimeoutMs?: number;
  /** A fetch to use instead of the global one (the CLI's offline fixtures answer in process). */
  fetch?: typeof fetch;
}

export function createOpenAIClient(options: OpenAIClientOptions): OpenAI {
  return new OpenAI({
    apiKey: options.apiKey ?? process.env.OPENAI_API_KEY ?? 'not-needed',
    baseURL: options.baseURL ?? process.env.OPENAI_BASE_URL,
    maxRetries: options.maxRetries,
    timeout: timerDelay(options.requestTimeoutMs ?? readRequestTimeoutMs()),
    // Our errors say what failed; the SDK's own console logging would add lines around them.
    logLevel: 'off',
    // Resolve fetch per request, so an interceptor installed after construction still sees the call.
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
  });
}

/**
 * A model runtime over `chat.completions.create({ stream: true })`: yields text as it streams, then the
 * tool calls assembled from their deltas, then usage when the server reports it. Every request is
 * bounded: the client's timeout until the response starts, the same again between two chunks after it.
 * Rejects with AbortError whenever the caller's signal aborted, whatever the SDK reported.
 */
export function createOpenAIModelRuntime(options: OpenAIModelRuntimeOptions): ModelRuntime {
  const client = options.client ?? createOpenAIClient(options);
  const includeUsage = options.includeUsage ?? true;

  return async function* modelRuntime(payload: ModelPayload): AsyncGenerator<ModelChunk> {
    const timeoutMs = timerDelay(options.requestTimeoutMs ?? client.timeout);
    const request = linkAbort(payload.signal);
    const idle = new IdleTimer(timeoutMs, () => request.controller.abort());
    const context = () => ({ signal: payload.signal, idleTimeoutMs: idle.fired ? timeoutMs : undefined, requestTimeoutMs: timeoutMs, baseURL: client.baseURL });
    const toolCalls = new ToolCallAssembler();
    let finished = false;
    try {
      const stream = await client.chat.completions.create(
        {
          model: payload.model ?? options.model,
          messages: toWireMessages(payload.messages) as OpenAI.Chat.ChatCompletionMessageParam[],
          ...(payload.tools?.length ? { tools: payload.tools as OpenAI.Chat.ChatCompletionTool[] } : {}),
          stream: true,
          ...(includeUsage ? { stream_options: { include_usage: true } } : {}),
        },
        { signal: request.signal, timeout: timeoutMs },
      );
      // The SDK's timer stops once headers arrive; from here on a silent server is ours to bound.
      idle.start();
      for await (const chunk of stream) {
        idle.start();
        const choice = chunk.choices?.[0];
        if (choice?.delta?.content) yield { content: choice.delta.content };
        for (const delta of choice?.delta?.tool_calls ?? []) toolCalls.add(delta);
        if (choice?.finish_reason) finished = true;
        if (chunk.usage) {
          if (toolCalls.size) yield { tool_calls: toolCalls.result() };
          toolCalls.clear();
          yield { usage: usageFromWire(chunk.usage) };
        }
      }
    } catch (error) {
      throw toModelError(error, context());
    } finally {
      idle.stop();
      request.dispose();
    }
    // The SDK ends its iterator silently when the request is aborted: that is an abort or our timeout, not a cut.
    if (payload.signal?.aborted) throw new AbortError('The run was interrupted');
    if (idle.fired) throw toModelError(undefined, context());
    if (!finished) throw new ModelError('the model stream ended before the reply was complete (no finish_reason)');
    if (toolCalls.size) yield { tool_calls: toolCalls.result() };
  };
}

/** Fires once when `start()` is not called again within `ms`. */
class IdleTimer {
  fired = false;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly ms: number,
    private readonly onIdle: () => void,
  ) {}

  start(): void {
    this.stop();
    this.timer = setTimeout(() => {
      this.fired = true;
      this.onIdle();
    }, this.ms);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
  }
}
