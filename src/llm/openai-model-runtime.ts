import OpenAI from 'openai';
import { AbortError, ModelError } from './model-error';
import { ToolCallAssembler } from './tool-call-assembler';
import type { ModelChunk, ModelPayload, ModelRuntime } from './types';
import { toWireMessages } from './wire-messages';

export interface OpenAIModelRuntimeOptions {
  model: string;
  apiKey?: string;
  baseURL?: string;
  /** A ready client (tests pass one wired to msw; sub-agents share the parent's). */
  client?: OpenAI;
  /** Ask the server for a final usage chunk (`stream_options.include_usage`). Default true. */
  includeUsage?: boolean;
}

export function createOpenAIClient(options: { apiKey?: string; baseURL?: string; maxRetries?: number }): OpenAI {
  return new OpenAI({
    apiKey: options.apiKey ?? process.env.OPENAI_API_KEY ?? 'not-needed',
    baseURL: options.baseURL ?? process.env.OPENAI_BASE_URL,
    maxRetries: options.maxRetries,
    // Resolve fetch per request, so an interceptor installed after construction still sees the call.
    fetch: (input, init) => globalThis.fetch(input, init),
  });
}

/**
 * A model runtime over `chat.completions.create({ stream: true })`: yields text as it streams, then the
 * tool calls assembled from their deltas, then usage when the server reports it.
 */
export function createOpenAIModelRuntime(options: OpenAIModelRuntimeOptions): ModelRuntime {
  const client = options.client ?? createOpenAIClient(options);
  const includeUsage = options.includeUsage ?? true;

  return async function* modelRuntime(payload: ModelPayload): AsyncGenerator<ModelChunk> {
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
        { signal: payload.signal },
      );
      for await (const chunk of stream) {
        const choice = chunk.choices?.[0];
        if (choice?.delta?.content) yield { content: choice.delta.content };
        for (const delta of choice?.delta?.tool_calls ?? []) toolCalls.add(delta);
        if (choice?.finish_reason) finished = true;
        if (chunk.usage) {
          if (toolCalls.size) yield { tool_calls: toolCalls.result() };
          toolCalls.clear();
          yield { usage: chunk.usage };
        }
      }
    } catch (error) {
      throw toModelError(error, payload.signal);
    }
    if (!finished) throw new ModelError('The model stream ended before the reply was complete (no finish_reason)');
    if (toolCalls.size) yield { tool_calls: toolCalls.result() };
  };
}

function toModelError(error: unknown, signal?: AbortSignal): Error {
  if (signal?.aborted || error instanceof OpenAI.APIUserAbortError) return new AbortError();
  if (error instanceof OpenAI.APIError) return new ModelError(error.message, error.status);
  if (error instanceof ModelError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ModelError(`Model request failed: ${message}`);
}
