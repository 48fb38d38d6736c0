import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { ScriptedModel, type ChatCompletionRequest, type ScriptedReply } from '../../src/testing';

/** One request as the loopback server received it. */
export interface LoopbackRequest {
  body: ChatCompletionRequest;
  authorization?: string;
}

/**
 * An OpenAI-compatible model on 127.0.0.1 for the CLI run as a subprocess (msw only reaches its own
 * process): POST /v1/chat/completions is answered from a ScriptedModel, streamed over real HTTP.
 */
export class LoopbackModel {
  readonly script = new ScriptedModel();
  readonly received: LoopbackRequest[] = [];
  private server?: Server;
  private url?: string;
  /** While set, requests wait for it before they are answered. */
  private gate?: Promise<void>;
  private releaseGate?: () => void;

  /** Starts on a free port (once) and returns the base URL for --base-url. */
  async start(): Promise<string> {
    if (this.url) return this.url;
    const server = createServer((request, response) => void this.handle(request, response));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    return this.url;
  }

  reply(...replies: ScriptedReply[]): void {
    this.script.add(...replies);
  }

  /** Holds every reply until the returned function (or releaseHeld) is called (a model that is busy for as long as a scenario needs). */
  holdReplies(): () => void {
    let release!: () => void;
    this.gate = new Promise((resolve) => (release = resolve));
    this.releaseGate = () => {
      this.gate = undefined;
      release();
    };
    return this.releaseGate;
  }

  /** Lets held requests go on; resolves once each of them has been answered from the script. */
  async releaseHeld(): Promise<void> {
    this.releaseGate?.();
    while (this.script.requests.length < this.received.length) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatCompletionRequest;
    this.received.push({ body, authorization: request.headers.authorization });
    // A client that hangs up (an interrupted CLI) ends a delayed reply early.
    const gone = new AbortController();
    response.on('close', () => gone.abort());
    if (this.gate) await this.gate;
    let answer: Response;
    try {
      answer = await this.script.respond(body, gone.signal);
    } catch {
      response.destroy();
      return;
    }
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    if (!answer.body) return void response.end();
    Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream).pipe(response);
  }
}
