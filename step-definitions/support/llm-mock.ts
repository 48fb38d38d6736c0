import type OpenAI from 'openai';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { createOpenAIClient, createOpenAIModelRuntime, ScriptedModel, type ChatCompletionRequest, type ModelRuntime, type ScriptedReply } from '../../src';

export const LLM_BASE_URL = 'http://llm.test/v1';
export const LLM_MODEL = 'test-model';

/**
 * The model every scenario talks to: msw answers POST /chat/completions from a per-scenario script,
 * over real HTTP semantics, so requests go through the real openai SDK and src/llm.
 */
export class LlmMock {
  private script = new ScriptedModel();
  private readonly server = setupServer(
    http.post(`${LLM_BASE_URL}/chat/completions`, async ({ request }) =>
      this.script.respond((await request.json()) as ChatCompletionRequest, request.signal),
    ),
  );

  listen(): void {
    this.server.listen({ onUnhandledRequest: 'error' });
  }

  close(): void {
    this.server.close();
  }

  /** A fresh, empty script for the next scenario. */
  reset(): void {
    this.script = new ScriptedModel();
  }

  /** Queue replies; each request consumes the first one that fits its conversation. */
  reply(...replies: ScriptedReply[]): void {
    this.script.add(...replies);
  }

  /** Request bodies the model received, in arrival order. */
  get requests(): readonly ChatCompletionRequest[] {
    return this.script.requests;
  }

  /** The reply each request got, in order. */
  get replies(): readonly ScriptedReply[] {
    return this.script.replies;
  }

  /** Scripted replies no request has consumed. */
  get remaining(): number {
    return this.script.remaining;
  }

  client(): OpenAI {
    return createOpenAIClient({ apiKey: 'test-key', baseURL: LLM_BASE_URL, maxRetries: 0 });
  }

  modelRuntime(): ModelRuntime {
    return createOpenAIModelRuntime({ model: LLM_MODEL, client: this.client() });
  }
}

export const llmMock = new LlmMock();
