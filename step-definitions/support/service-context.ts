import { randomBytes } from 'node:crypto';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AgentService, connectBackend, createHttpApi, type OperationStore, type ServiceLogger, type StepJob, type StepQueue } from '../../src/service';
import { createRuntimeAgent } from '../../src/cli/runtime-agent';
import { demoToolDefinitions } from '../../src/cli/runtime-demo-tools';
import { CliContext } from './cli-context';
import { LLM_MODEL } from './llm-mock';
import { sharedRedis } from './redis-servers';
import type { SynapseWorld } from './world';

export interface HttpReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: a JSON body the steps read field by field
  json: any;
}

export interface SseEvent {
  id: number;
  event: string;
  data: Record<string, unknown>;
}

/** An event stream being read: the events so far, heartbeats seen, and when it closed. */
export class EventStreamReader {
  readonly events: SseEvent[] = [];
  heartbeats = 0;
  status = 0;
  readonly closed: Promise<void>;
  private waiters: Array<() => void> = [];

  constructor(url: string, headers: Record<string, string>) {
    this.closed = new Promise((resolve, reject) => {
      const request = httpRequest(url, { headers }, (response) => {
        this.status = response.statusCode ?? 0;
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            this.take(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
          }
        });
        response.on('end', () => {
          resolve();
          this.wake();
        });
      });
      request.on('error', reject);
      request.end();
    });
  }

  /** Resolves once `check` holds (checked on every event), or rejects after `ms`. */
  async until(check: () => boolean, ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`event stream: condition not met within ${ms} ms; events: ${this.events.map((e) => e.event).join(', ')}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  private take(block: string): void {
    if (block.startsWith(':')) {
      this.heartbeats += 1;
      return this.wake();
    }
    const fields = Object.fromEntries(block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]));
    this.events.push({ id: Number(fields.id), event: fields.event!, data: JSON.parse(fields.data!) as Record<string, unknown> });
    this.wake();
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}

/** A log record the service wrote: its level, message and fields. */
export interface LogRecord {
  level: string;
  message: string;
  // biome-ignore lint/suspicious/noExplicitAny: fields the steps read one by one
  fields: Record<string, any>;
}

/** A logger that keeps what the service logs, as pino would have written it (a copy per record). */
function recordingLogger(records: LogRecord[]): ServiceLogger {
  const at = (level: string) => (fields: object, message: string) => records.push({ level, message, fields: JSON.parse(JSON.stringify(fields)) });
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** A scenario's service: the backend, the HTTP API on a loopback port, the tool it runs, the operation in hand. */
export class ServiceContext {
  backend: 'embedded' | 'redis' = 'embedded';
  /** The bearer token the service requires and every request of the scenario sends (unless a step takes it off); '' for none. */
  token = `tok-${randomBytes(12).toString('hex')}`;
  /** The server's approval policy (synapse serve --approve all): tool calls run without a human. */
  approveAll = false;
  /** Browser origins the service answers (--allow-origin). */
  allowedOrigins: string[] = [];
  /** What the service (its API and its workers) logged. */
  readonly logs: LogRecord[] = [];
  /** What the weather tool was called with (and its toolCallId), in order. */
  readonly weatherCalls: Array<{ args: unknown; toolCallId: string }> = [];
  /** Wraps the store before the service uses it (a scenario's fault). */
  wrapStore?: (store: OperationStore) => OperationStore;
  /** When set, the queue refuses every job with this error (Redis gone after the operation was stored). */
  enqueueFailure?: Error;
  /** The store the service uses (wrapped), its Redis and key prefix (the Redis backend). */
  store?: OperationStore;
  redisUrl?: string;
  prefix = '';
  /** Operations put aside by name while the scenario works on another. */
  readonly named = new Map<string, string>();
  /** The operations whose jobs the failing queue refused. */
  readonly refused: string[] = [];
  service?: AgentService;
  /** The service's step queue, for a scenario that replays an old job; the jobs its handler finished. */
  queue?: StepQueue;
  readonly jobsDone: StepJob[] = [];
  private server?: Server;
  private base = '';
  operationId = '';
  last?: HttpReply;
  readonly streams: EventStreamReader[] = [];

  constructor(private readonly world: SynapseWorld) {}

  async start(options: { redisUrl?: string; prefix?: string; heartbeatMs?: number; workers?: number; retentionMs?: number } = {}): Promise<void> {
    const redisUrl = options.redisUrl ?? (this.backend === 'redis' ? (await sharedRedis()).url : undefined);
    // A scenario of its own in the shared Redis: its own key prefix (the queue's included).
    const prefix = options.prefix ?? `s${Math.random().toString(36).slice(2, 10)}`;
    const backend = await connectBackend({ redisUrl, prefix, stalledIntervalMs: 300, jobLockMs: 1500, ...(options.retentionMs ? { retentionMs: options.retentionMs } : {}) });
    const store = this.wrapStore ? this.wrapStore(backend.store) : backend.store;
    Object.assign(this, { store, redisUrl, prefix });
    // The queue, telling this context of each job its handler finished.
    const queue: StepQueue = {
      enqueue: async (job, priority) => {
        if (!this.enqueueFailure) return backend.queue.enqueue(job, priority);
        this.refused.push(job.operationId);
        throw this.enqueueFailure;
      },
      close: () => backend.queue.close(),
      work: (handler, concurrency) =>
        backend.queue.work(async (job) => {
          await handler(job);
          this.jobsDone.push(job);
        }, concurrency),
    };
    this.queue = queue;
    const weather = { get_weather: (args: unknown, context: { toolCallId: string }) => this.weatherCalls.push({ args, toolCallId: context.toolCallId }) && { forecast: 'sunny' } };
    const tools = { tools: weather, definitions: demoToolDefinitions };
    this.service = new AgentService({
      store,
      queue,
      autoApprove: this.approveAll,
      logger: recordingLogger(this.logs),
      agentFor: (meta) => createRuntimeAgent({ model: meta.model ?? LLM_MODEL, tools }),
      runtimeConfig: { modelRuntime: this.world.llm.modelRuntime(), model: LLM_MODEL },
      // Short, so a lock outlived by its step is exercised; long enough for a loaded machine's timers.
      lockTtlMs: 1500,
    });
    if (options.workers !== 0) this.service.startWorkers(options.workers ?? 2);
    const logger = recordingLogger(this.logs);
    const server = createHttpApi(this.service, { token: this.token, allowedOrigins: this.allowedOrigins, logger, heartbeatMs: options.heartbeatMs ?? 200 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    this.world.onCleanup(() => this.stop());
  }

  /** Talks to a service started elsewhere (a `synapse serve` process). */
  attach(base: string): void {
    this.base = base;
  }

  async stop(): Promise<void> {
    const { server, service } = this;
    this.server = undefined;
    this.service = undefined;
    server?.closeAllConnections();
    if (server) await new Promise((resolve) => server.close(resolve));
    await service?.close();
  }

  /** `:id` in a path is the operation in hand. */
  path(template: string): string {
    return template.replace(':id', this.operationId);
  }

  /**
   * A request with the scenario's token and a JSON content type; `headers` override them, and a header
   * given as '' is left out (no Authorization, no Content-Type).
   */
  async request(method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<HttpReply> {
    const all = Object.entries({ authorization: this.token && `Bearer ${this.token}`, 'content-type': 'application/json', ...headers }).filter(([, value]) => value !== '');
    const reply = await new Promise<HttpReply>((resolve, reject) => {
      const request = httpRequest(`${this.base}${this.path(path)}`, { method, headers: Object.fromEntries(all) }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json: parseJson(text) }));
      });
      request.on('error', reject);
      request.end(body);
    });
    this.last = reply;
    return reply;
  }

  async createOperation(body: object): Promise<HttpReply> {
    const reply = await this.request('POST', '/v1/operations', JSON.stringify(body));
    if (reply.status === 201) this.operationId = reply.json.operationId;
    return reply;
  }

  /** The operation, once `check` holds for it (polled; a generous bound on real behaviour). */
  // biome-ignore lint/suspicious/noExplicitAny: the operation's JSON
  async operationWhen(check: (operation: any) => boolean, ms = 15_000): Promise<any> {
    const deadline = Date.now() + ms;
    for (;;) {
      const { json } = await this.request('GET', '/v1/operations/:id');
      if (check(json)) return json;
      if (Date.now() > deadline) throw new Error(`operation ${this.operationId}: not as expected within ${ms} ms: ${JSON.stringify(json).slice(0, 400)}`);
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
  }

  openStream(path: string, headers: Record<string, string> = {}): EventStreamReader {
    const reader = new EventStreamReader(`${this.base}${this.path(path)}`, { ...(this.token ? { authorization: `Bearer ${this.token}` } : {}), ...headers });
    this.streams.push(reader);
    return reader;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Points the scenario's client at the `synapse serve` a step started, once it listens, with `token`. */
export async function attachToCliService(world: SynapseWorld, token: string): Promise<void> {
  const running = world.use(CliContext).running!;
  // A generous bound: a loaded machine takes seconds to start a Node process.
  await running.waitForOutput(/listening on http:\/\/127\.0\.0\.1:\d+/, 30_000);
  const port = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(running.stderr)![1];
  const context = world.use(ServiceContext);
  context.token = token;
  context.attach(`http://127.0.0.1:${port}`);
}
