import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { ChatMessage } from '../../src';
import { sleep } from '../../src/llm/scripted-model';
import { toHttpResponse, type ChatCompletionRequest, type ScriptedReply } from '../../src/testing';
import type { Random } from './random';

/** Answers a chat-completions request body (the HTTP response, as the API would send it). */
export type Responder = (body: ChatCompletionRequest, signal: AbortSignal) => Promise<Response>;

/**
 * A model that improvises from a seed: text answers, and tool batches that mix parallel task:* sub-agents
 * with shell commands (some slow), streamed in pieces with small delays and pauses, so that aborts and
 * kills land at every kind of moment. A conversation is steered to an end after a few tool rounds.
 */
export class ChaosModel {
  requests: ChatCompletionRequest[] = [];
  /** Tool calls this model asked for, and how many of them were task:* sub-agents. */
  toolCalls = 0;
  taskCalls = 0;
  private calls = 0;

  constructor(
    private readonly random: Random,
    private readonly options: { slowCommand?: string; slowChance?: number } = {},
  ) {}

  reply(body: ChatCompletionRequest): ScriptedReply {
    this.requests.push(body);
    const r = this.random;
    const isSubAgent = isSubAgentRequest(body);
    const roundsSinceUser = toolRoundsSinceLastUser(body.messages);
    const usage = { prompt_tokens: r.int(5, 50), completion_tokens: r.int(1, 20) };
    const pacing = { delayMs: r.chance(0.5) ? r.int(0, 30) : 0, ...(r.chance(0.3) ? { pauseMs: r.int(5, 60) } : {}) };
    const wantsTools = isSubAgent ? roundsSinceUser === 0 && r.chance(0.5) : roundsSinceUser < 3 && r.chance(0.7);
    if (!wantsTools) return { content: ['Done', ' with', ' this.'].slice(0, r.int(1, 3)), usage, ...pacing };
    const count = isSubAgent ? 1 : r.int(1, 4);
    const toolCalls = Array.from({ length: count }, () => {
      const id = `call_${++this.calls}`;
      const command = !isSubAgent && r.chance(0.35) ? `task:general -d "part ${this.calls}" -p "sub task ${this.calls}"` : this.shellCommand();
      this.toolCalls++;
      if (command.startsWith('task:')) this.taskCalls++;
      const args = JSON.stringify({ command });
      // Arguments streamed in two pieces, as real servers do.
      const cut = r.int(1, args.length - 1);
      return { id, name: 'Bash', arguments: [args.slice(0, cut), args.slice(cut)] };
    });
    return { content: r.chance(0.5) ? 'Working on it.' : undefined, toolCalls, usage, ...pacing };
  }

  private shellCommand(): string {
    const r = this.random;
    const commands = ['echo hello', 'printf "%s" abc > out.txt && cat out.txt', `sleep 0.0${r.int(1, 9)}; echo slept`, 'read missing.txt', 'ls'];
    if (this.options.slowCommand && r.chance(this.options.slowChance ?? 0.25)) return this.options.slowCommand;
    return r.pick(commands);
  }

  /** An in-process `fetch` for the openai client: the same SSE bytes, no socket. */
  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const body = (await request.json()) as ChatCompletionRequest;
    return respondWith(this.reply(body), body, init?.signal ?? undefined);
  };

  readonly respond: Responder = (body, signal) => respondWith(this.reply(body), body, signal);
}

/** Serves a scripted reply as HTTP: its delay first (cut short when the client goes away). */
export async function respondWith(reply: ScriptedReply, body: ChatCompletionRequest, signal?: AbortSignal): Promise<Response> {
  if (reply.delayMs) await sleep(reply.delayMs, signal);
  return toHttpResponse(reply, body.model ?? 'chaos-model');
}

/** A sub-agent's system prompt names its role; the main agent's introduces Synapse. */
export function isSubAgentRequest(body: ChatCompletionRequest): boolean {
  return !String(body.messages[0]?.content ?? '').startsWith('You are Synapse');
}

function toolRoundsSinceLastUser(messages: ChatMessage[]): number {
  let rounds = 0;
  for (let i = messages.length - 1; i >= 0 && messages[i]!.role !== 'user'; i--) if (messages[i]!.tool_calls?.length) rounds++;
  return rounds;
}

/** An OpenAI-compatible server on 127.0.0.1 answering from `responder`; for the CLI run as a process. */
export class LoopbackServer {
  private server?: Server;

  constructor(private readonly responder: Responder) {}

  async start(): Promise<string> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const gone = new AbortController();
        response.on('close', () => gone.abort());
        let body: ChatCompletionRequest;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatCompletionRequest;
        } catch {
          response.writeHead(400).end();
          return;
        }
        this.responder(body, gone.signal).then(
          (answer) => {
            if (gone.signal.aborted) return void response.destroy();
            response.writeHead(answer.status, Object.fromEntries(answer.headers));
            if (!answer.body) return void response.end();
            Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream)
              .on('error', () => response.destroy())
              .pipe(response);
          },
          () => response.destroy(),
        );
      });
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
