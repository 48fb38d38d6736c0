import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AgentService } from './agent-service';
import { hasBearerToken } from './bearer-token';
import { checkBrowserBoundary, preflightHeaders, type BrowserBoundaryOptions } from './browser-boundary';
import { isLoopbackHost } from './loopback';
import { StoreUnavailableError } from './operation-types';
import { DECISION_ACTIONS, parseCreateOperation, parseDecision, parseListQuery, type DecisionAction } from './request-schemas';
import { ServiceError } from './service-error';
import { logRequests, type ServiceLogger } from './service-log';
import { streamEvents } from './sse-stream';

export interface HttpApiOptions extends BrowserBoundaryOptions {
  /**
   * The bearer token every request but `GET /healthz` needs. `false` serves without one, and then only
   * connections from this machine (loopback): there is no way to serve the network unauthenticated.
   */
  token: string | false;
  /** Default 15 s. */
  heartbeatMs?: number;
  /** Hears what answered 500 (a bug, not bad input): the client only sees "internal error". */
  onError?: (error: unknown) => void;
  /** One record per request (method, path, status, duration); never a header or a body. */
  logger?: ServiceLogger;
}

const MAX_BODY_BYTES = 1024 * 1024;
const ROUTE = /^\/v1\/operations(?:\/([A-Za-z0-9_-]{1,100})(?:\/(events|approve|reject|answer|interrupt|resume))?)?$/;

/**
 * The service's HTTP API on Node's own `http` (a few routes and a long-lived event stream need no framework):
 * JSON in and out, errors as `{"error": {"message", "field"?}}`, never a stack trace. Before anything runs,
 * a request passes the browser boundary (Host, Origin), the token, and (a POST) the JSON content type.
 */
export function createHttpApi(service: AgentService, options: HttpApiOptions): Server {
  if (typeof options?.token !== 'string' && options?.token !== false)
    throw new TypeError('createHttpApi: pass { token: "<bearer token>" }, or { token: false } to serve loopback connections without one');
  if (options.token === '') throw new TypeError('createHttpApi: the token is empty');
  return createServer((request, response) => {
    const refusal = logRequests(request, response, options.logger);
    handle(service, options, request, response).catch((error: unknown) => {
      const status = sendError(response, error);
      refusal(status, error);
      if (status === 500) options.onError?.(error);
    });
  });
}

async function handle(service: AgentService, options: HttpApiOptions, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const cors = checkBrowserBoundary(request, options);
  for (const [name, value] of Object.entries(cors)) response.setHeader(name, value!);
  const url = new URL(request.url ?? '/', 'http://service.local');
  const method = request.method ?? 'GET';
  // A browser's preflight carries no credentials: the origin, checked above, is what it is answered on.
  if (method === 'OPTIONS' && request.headers.origin !== undefined) return send(response, 204, undefined, preflightHeaders());
  if (url.pathname === '/healthz' && method === 'GET') return (await service.healthy()) ? send(response, 200, { status: 'ok' }) : send(response, 503, { status: 'unavailable' });
  checkCredentials(request, options.token);
  // Before the body is read: a form or text/plain POST (what a page can send without asking) never gets parsed.
  if (method === 'POST') requireJson(request);
  const [, id, action] = ROUTE.exec(url.pathname) ?? [];
  if (!ROUTE.test(url.pathname)) throw new ServiceError(404, `no route ${method} ${url.pathname}`);
  if (!id && method === 'GET') return send(response, 200, await service.list(parseListQuery(url.searchParams)));
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

function checkCredentials(request: IncomingMessage, token: string | false): void {
  if (token !== false) {
    if (!hasBearerToken(request, token)) throw new ServiceError(401, 'missing or wrong bearer token (send the header Authorization: Bearer <token>)');
    return;
  }
  if (!isLoopbackHost(request.socket.remoteAddress ?? '')) throw new ServiceError(403, 'this service runs without a token, so it serves connections from this machine only');
}

function requireJson(request: IncomingMessage): void {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') throw new ServiceError(415, `Content-Type ${type || '(none)'}: expected application/json (curl: -H 'Content-Type: application/json')`);
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

function send(response: ServerResponse, status: number, body: unknown, headers: OutgoingHttpHeaders = {}): void {
  if (body === undefined) {
    response.writeHead(status, headers);
    response.end();
    return;
  }
  const text = JSON.stringify(body);
  response.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

/** Answers with the error's status (returned); a 500 says only "internal error". */
function sendError(response: ServerResponse, error: unknown): number {
  const known = error instanceof ServiceError ? error : undefined;
  const unavailable = error instanceof StoreUnavailableError;
  const status = known?.status ?? (unavailable ? 503 : 500);
  const message = known?.message ?? (unavailable ? `the operation store is unavailable: ${(error as Error).message}` : 'internal error');
  if (response.headersSent) response.end();
  else send(response, status, { error: { message, ...(known?.field ? { field: known.field } : {}) } }, status === 401 ? { 'www-authenticate': 'Bearer' } : {});
  return status;
}
