import { z } from 'zod';
import type { ChatMessage } from './types';

/**
 * A scripted OpenAI-compatible model: replies written as data (fixtures, scenarios) and served as real
 * chat-completions SSE responses. Used by the CLI's offline `--fixture` mode and by the test mock.
 */

const toolCallScript = z.strictObject({
  id: z.string().min(1).optional(),
  name: z.string().min(1),
  /** A JSON string, pieces of one (streamed as separate deltas), or an object to serialize. */
  arguments: z.union([z.string(), z.array(z.string()).min(1), z.record(z.string(), z.unknown())]).default('{}'),
});

const tokens = z.number().int().nonnegative();

export const scriptedReplySchema = z.strictObject({
  /** Only for the conversation whose first user message contains this text. */
  when: z.string().min(1).optional(),
  /** Text, or its pieces streamed one chunk each. */
  content: z.union([z.string(), z.array(z.string())]).optional(),
  toolCalls: z.array(toolCallScript).optional(),
  /** Sent in a final usage chunk, total_tokens added; the cache fields as written (OpenAI's, or Anthropic's names). */
  usage: z
    .strictObject({
      prompt_tokens: tokens,
      completion_tokens: tokens,
      prompt_tokens_details: z.strictObject({ cached_tokens: tokens }).optional(),
      cache_read_input_tokens: tokens.optional(),
      cache_creation_input_tokens: tokens.optional(),
    })
    .optional(),
  /** Answer with this HTTP error instead of a stream. */
  error: z.strictObject({ status: z.number().int().min(400).max(599), message: z.string(), code: z.string().min(1).optional() }).optional(),
  /** Close the stream before the reply is complete. */
  cut: z.boolean().optional(),
  /** Wait this long before answering. */
  delayMs: z.number().int().nonnegative().optional(),
  /** Send the headers and the first piece of content, then nothing for this long before the rest (a stalled stream). */
  pauseMs: z.number().int().nonnegative().optional(),
  /** After the first chunk, send an event that is not JSON (a broken server or proxy). */
  malformed: z.boolean().optional(),
  /** SSE data sent as written, after the content and tool calls: a provider's own chunk shapes, or broken ones. */
  raw: z.array(z.string()).optional(),
});

export const scriptedConversationSchema = z.strictObject({
  model: z.string().min(1).optional(),
  replies: z.array(scriptedReplySchema).min(1),
});

export type ScriptedReply = z.input<typeof scriptedReplySchema>;
export type ScriptedConversation = z.input<typeof scriptedConversationSchema>;

export interface ChatCompletionRequest {
  model: string;
  messages: ChatMessage[];
  tools?: unknown[];
  stream?: boolean;
}

/** Serves replies in order; a reply with `when` only to the conversation it names. */
export class ScriptedModel {
  readonly requests: ChatCompletionRequest[] = [];
  /** The reply each request got, in the same order (an error when none was left). */
  readonly replies: ScriptedReply[] = [];
  private readonly pending: ScriptedReply[];

  constructor(replies: ScriptedReply[] = []) {
    this.pending = replies.map((reply) => scriptedReplySchema.parse(reply));
  }

  add(...replies: ScriptedReply[]): void {
    this.pending.push(...replies.map((reply) => scriptedReplySchema.parse(reply)));
  }

  get remaining(): number {
    return this.pending.length;
  }

  /** Picks (and consumes) the reply for a request. */
  next(request: ChatCompletionRequest): ScriptedReply {
    this.requests.push(request);
    const opening = firstUserText(request.messages);
    const index = this.pending.findIndex((reply) => !reply.when || opening.includes(reply.when));
    const reply = index < 0 ? { error: { status: 500, message: `Scripted model has no reply left for request ${this.requests.length}` } } : this.pending.splice(index, 1)[0]!;
    this.replies.push(reply);
    return reply;
  }

  /** Answers one HTTP request body as the OpenAI API would. */
  async respond(body: ChatCompletionRequest, signal?: AbortSignal): Promise<Response> {
    const reply = this.next(body);
    if (reply.delayMs) await sleep(reply.delayMs, signal);
    return toHttpResponse(reply, body.model, signal);
  }

  /** A `fetch` that answers chat-completions requests from this script, in process. */
  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    if (!new URL(request.url).pathname.endsWith('/chat/completions')) {
      return Response.json({ error: { message: `Not found: ${request.url}` } }, { status: 404 });
    }
    return this.respond((await request.json()) as ChatCompletionRequest, request.signal);
  };
}

function firstUserText(messages: ChatMessage[]): string {
  const first = messages.find((message) => message.role === 'user');
  return typeof first?.content === 'string' ? first.content : '';
}

/** Waits, or stops waiting when the client goes away (nobody reads the reply then). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/** The chat.completion.chunk sequence of a reply, as an SSE (or error) response; `signal` ends a pause when the client goes away. */
export function toHttpResponse(input: ScriptedReply, model: string, signal?: AbortSignal): Response {
  const reply = scriptedReplySchema.parse(input);
  if (reply.error) {
    return Response.json({ error: { message: reply.error.message, type: 'scripted_error', code: reply.error.code ?? null } }, { status: reply.error.status });
  }
  const id = `chatcmpl-${Math.random().toString(36).slice(2, 10)}`;
  const chunk = (delta: object, finish: string | null = null) => ({
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  const frames: string[] = [];
  const send = (data: object | string) => frames.push(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
  send(chunk({ role: 'assistant', content: '' }));
  if (reply.malformed) send('{"id": "chatcmpl-broken", "choices": [');
  const pieces = [reply.content ?? []].flat();
  for (const piece of pieces) send(chunk({ content: piece }));
  (reply.toolCalls ?? []).forEach((call, index) => {
    const args = typeof call.arguments === 'object' && !Array.isArray(call.arguments) ? JSON.stringify(call.arguments) : call.arguments;
    const [first, ...rest] = [args].flat();
    send(chunk({ tool_calls: [{ index, id: call.id ?? `call_${index + 1}`, type: 'function', function: { name: call.name, arguments: first } }] }));
    for (const piece of rest) send(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  for (const data of reply.raw ?? []) send(data);
  if (!reply.cut) {
    send(chunk({}, reply.toolCalls?.length ? 'tool_calls' : 'stop'));
    if (reply.usage) {
      const { prompt_tokens, completion_tokens } = reply.usage;
      send({ ...chunk({}), choices: [], usage: { ...reply.usage, total_tokens: prompt_tokens + completion_tokens } });
    }
    send('[DONE]');
  }
  // The role chunk, plus the first piece of content when there is one, go out before a pause.
  const head = pieces.length > 0 ? 2 : 1;
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const frame of frames.slice(0, head)) controller.enqueue(encoder.encode(frame));
      if (reply.pauseMs) await sleep(reply.pauseMs, signal);
      // Nobody reads the rest once the client has gone: the body just ends.
      if (!signal?.aborted) for (const frame of frames.slice(head)) controller.enqueue(encoder.encode(frame));
      controller.close();
    },
  });
  return new Response(stream, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' } });
}
