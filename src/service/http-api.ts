import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AgentService } from './agent-service';
import { hasBearerToken } from './bearer-token';
import { StoreUnavailableError } from './operation-types';
import { DECISION_ACTIONS, parseCreateOperation, parseDecision, type DecisionAction } from './request-schemas';
import { ServiceError } from './service-error';
import { streamEvents } from './sse-stream';

export interface HttpApiOptions {
  /** When set, every request needs `Authorization: Bearer <token>`. */
  token?: string;
  /** Default 15 s. */
  heartbeatMs?: number;
  /** Hears what answered 500 (a bug, not bad input): the client only sees "internal error". */
  onError?: (error: unknown) => void;
}

const MAX_BODY_BYTES = 1024 * 1024;
const ROUTE = /^\/v1\/operations(?:\/([A-Za-z0-9_-]{1,100})(?:\/(events|approve|reject|answer|interrupt|resume))?)?$/;

/**
 * The service's HTTP API on Node's own `http` (six routes and a long-lived event stream need no framework):
 * JSON in and out, errors as `{"error": {"message", "field"?}}`, never a stack trace.
 */
export function createHttpApi(service: AgentService, options: HttpApiOptions = {}): Server {
  return createServer((request, response) => {
    handle(service, options, request, response).catch((error: unknown) => {
      if (sendError(response, error) === 500) options.onError?.(error);
    });
  });
}

async function handle(service: AgentService, options: HttpApiOptions, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (options.token !== undefined && !hasBearerToken(request, options.token)) throw new ServiceError(401, 'missing or wrong bearer token (Authorization: Bearer <token>)');
  const url = new URL(request.url ?? '/', 'http://service.local');
  const [, id, action] = ROUTE.exec(url.pathname) ?? [];
  const method = request.method ?? 'GET';
  if (!ROUTE.test(url.pathname)) throw new ServiceError(404, `no route ${method} ${url.pathname}`);
  if (!id && method === 'POST') return send(response, 201, await service.create(parseCreateOperation(await readJson(request))));
  if (id && !action && method === 'GET') return send(response, 200, await service.get(id));
  if (id && action === 'events' && method === 'GET') {
    const after = eventCursor(request, url);
    await service.isSettled(id); // 404 before the stream starts
    return streamEvents(service, id, after, response, { heartbeatMs: options.heartbeatMs ?? 15_000 });
  }
  if (id && DECISION_ACTIONS.includes(action as DecisionAction) && method === 'POST') {
    await service.decide(id, parseDecision(action as DecisionAction, await readJson(request)));
    return send(response, 202, { operationId: id, accepted: action });
  }
  throw new ServiceError(404, `no route ${method} ${url.pathname}`);
}

/** `Last-Event-ID` (a reconnecting EventSource) or `?after=<n>`: the last event the client has. */
function eventCursor(request: IncomingMessage, url: URL): number {
  const header = request.headers['last-event-id'];
  const [value, field] = header !== undefined ? [String(header), 'Last-Event-ID'] : [url.searchParams.get('after') ?? '0', 'after'];
  if (!/^\d{1,15}$/.test(value.trim())) throw new ServiceError(400, `${field}: expected a whole number >= 0 (got ${JSON.stringify(value).slice(0, 40)})`, field);
  return Number(value);
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new ServiceError(413, `body: larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text || '{}') as unknown;
  } catch (error) {
    throw new ServiceError(400, `body: not valid JSON (${(error as Error).message})`);
  }
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

/** Answers with the error's status (returned); a 500 says only "internal error". */
function sendError(response: ServerResponse, error: unknown): number {
  const known = error instanceof ServiceError ? error : undefined;
  const unavailable = error instanceof StoreUnavailableError;
  const status = known?.status ?? (unavailable ? 503 : 500);
  const message = known?.message ?? (unavailable ? `the operation store is unavailable: ${(error as Error).message}` : 'internal error');
  if (response.headersSent) response.end();
  else send(response, status, { error: { message, ...(known?.field ? { field: known.field } : {}) } });
  return status;
}
