import type OpenAI from 'openai';
import type { SetupServer } from 'msw/node';
import { createOpenAIClient, createOpenAIModelRuntime, type ModelRuntime } from '../../src';
import { ScriptedModel, toHttpResponse, type ChatCompletionRequest, type ScriptedReply } from '../../src/testing';

export const LLM_BASE_URL = 'http://llm.test/v1';
export const LLM_MODEL = 'test-model';

/**
 * The model every scenario talks to: msw answers POST /chat/completions from a per-scenario script,
 * over real HTTP semantics, so requests go through the real openai SDK and src/llm.
 */
export class LlmMock {
  private script = new ScriptedModel();
  private server?: SetupServer;
  /** The Authorization header of each request, in arrival order. */
  authorizations: Array<string | null> = [];
  /** Replies given to every request whose first user message contains `when`, never used up (summaries of a long run). */
  private standing: ScriptedReply[] = [];
  /** While set, requests wait for it before they are answered. */
  private gate?: Promise<void>;
  /** Requests received, answered or still held. */
  arrived = 0;

  listen(): void {
    // Loaded here, not at import: a parallel run's coordinator loads the support code but runs no scenario.
    const { http } = require('msw') as typeof import('msw');
    const { setupServer } = require('msw/node') as typeof import('msw/node');
    const server = setupServer(
      http.post(`${LLM_BASE_URL}/chat/completions`, async ({ request }) => {
        this.authorizations.push(request.headers.get('authorization'));
        const body = (await request.json()) as ChatCompletionRequest;
        this.arrived++;
        if (this.gate) await this.gate;
        const standing = this.standing.find((reply) => firstUserText(body).includes(reply.when!));
        if (!standing) return this.script.respond(body, request.signal);
        this.script.requests.push(body);
        this.script.replies.push(standing);
        return toHttpResponse(standing, body.model, request.signal);
      }),
    );
    // A scenario's own servers on 127.0.0.1 (an MCP server over HTTP) are real: only other hosts are an error.
    server.listen({ onUnhandledRequest: (request, print) => (new URL(request.url).hostname === '127.0.0.1' ? undefined : print.error()) });
    this.server = server;
  }

  close(): void {
    this.server?.close();
  }

  /** A fresh, empty script for the next scenario. */
  reset(): void {
    this.script = new ScriptedModel();
    this.authorizations = [];
    this.standing = [];
    this.gate = undefined;
    this.arrived = 0;
  }

  /** Holds every reply until the returned function is called (a model busy for as long as a scenario needs). */
  holdReplies(): () => void {
    let release!: () => void;
    this.gate = new Promise((resolve) => (release = resolve));
    return () => {
      this.gate = undefined;
      release();
    };
  }

  /** Answers every request whose first user message contains `when` with `reply`, as often as they come. */
  standingReply(reply: ScriptedReply & { when: string }): void {
    this.standing.push(reply);
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

function firstUserText(body: ChatCompletionRequest): string {
  const first = body.messages.find((message) => message.role === 'user');
  return typeof first?.content === 'string' ? first.content : '';
}
