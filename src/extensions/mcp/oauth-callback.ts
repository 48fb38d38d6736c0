import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The loopback redirect of a login: where the browser lands with the code, once. */
export interface LoopbackCallback {
  /** `http://127.0.0.1:<port>/callback` */
  readonly url: string;
  readonly port: number;
  /** The authorization code, once the browser brings it (with the state we sent); rejects on an error answer. */
  readonly code: Promise<string>;
  close(): Promise<void>;
}

const PATH = '/callback';

/**
 * A one-shot HTTP server on 127.0.0.1 (RFC 8252's loopback redirect) that waits for the authorization
 * server's redirect. It listens on `port` when given and free (the port of the redirect URI registered last
 * time, so the registration still fits), else on one the kernel picks. A request without our `state` is
 * refused and the wait goes on: only the browser we sent can end it.
 */
export async function startLoopbackCallback(options: { state: string; port?: number }): Promise<LoopbackCallback> {
  let settle!: { resolve: (code: string) => void; reject: (error: Error) => void };
  const code = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  code.catch(() => undefined); // the caller may stop waiting (timeout, Ctrl-C) before the browser comes
  const server = createServer((request, response) => answer(request, response, options.state, settle));
  const port = await listen(server, options.port ?? 0).catch(() => listen(server, 0));
  const url = `http://127.0.0.1:${port}${PATH}`;
  return {
    url,
    port,
    code,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answer(request: IncomingMessage, response: ServerResponse, state: string, settle: { resolve: (code: string) => void; reject: (error: Error) => void }): void {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (request.method !== 'GET' || url.pathname !== PATH) return page(response, 404, 'Not found.');
  const params = url.searchParams;
  if (params.get('state') !== state) return page(response, 400, 'This is not the answer to the login synapse started (the state differs). Start again with synapse mcp login.');
  const error = params.get('error');
  if (error) {
    const description = params.get('error_description');
    page(response, 400, `The authorization server refused: ${error}${description ? ` (${description})` : ''}. You can close this window.`);
    settle.reject(new Error(`the authorization server answered ${error}${description ? `: ${description}` : ''}`));
    return;
  }
  const code = params.get('code');
  if (!code) return page(response, 400, 'The redirect carries no authorization code.');
  page(response, 200, 'Logged in. You can close this window and go back to the terminal.');
  settle.resolve(code);
}

function page(response: ServerResponse, status: number, text: string): void {
  const escaped = text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', connection: 'close' });
  response.end(`<!doctype html><title>synapse</title><p>${escaped}</p>\n`);
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    server.once('error', failed);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', failed);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
