import { randomBytes } from 'node:crypto';
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { isStdio, type McpServerConfig, type RemoteServerConfig } from './mcp-config';
import { McpServerError } from './mcp-errors';
import { connectServer } from './mcp-transports';
import { startLoopbackCallback } from './oauth-callback';
import { savedLoginProvider, type LoginState } from './oauth-provider';
import { OAuthStoreError, type OAuthStore } from './oauth-store';
import { OutputTail } from './output-tail';
import { describeRemoteFailure } from './remote-errors';

export interface McpLoginOptions {
  store: OAuthStore;
  /** Sends the person to the authorization page (print it, open a browser). */
  onAuthorizationUrl(url: URL): void | Promise<void>;
  /** How long the browser may take to come back. */
  timeoutMs: number;
  /** Each connection's limit. */
  connectTimeoutMs: number;
  signal?: AbortSignal;
}

export interface McpLoginOutcome {
  /** `logged-in`: tokens saved; `not-needed`: the server let us in without a login (nothing saved). */
  status: 'logged-in' | 'not-needed';
  /** The server's tools, listed with the new login. */
  tools: string[];
  /** Where the login was saved. */
  file: string;
}

/**
 * `synapse mcp login <server>`: the OAuth authorization-code flow with PKCE, as the SDK runs it (discovery,
 * dynamic client registration, the authorization URL), with a loopback redirect on 127.0.0.1. The person
 * authorizes in a browser; the code comes back to the loopback server, is exchanged for tokens, and the
 * tokens are saved (OAuthStore). Then the server is connected again with the saved login, as a run would,
 * and its tools are listed: a login that does not work is said at once.
 */
export async function loginMcpServer(config: McpServerConfig, options: McpLoginOptions): Promise<McpLoginOutcome> {
  const { server, name } = config;
  if (isStdio(server)) throw new McpServerError(`MCP server "${name}" is a local command (stdio): only a server with a "url" logs in`);
  const previous = await options.store.read(name, server.url).catch((error: unknown) => {
    if (error instanceof OAuthStoreError) return undefined; // moved aside; this login replaces it
    throw error;
  });
  const state = randomBytes(16).toString('hex');
  const registered = loopbackPort(previous?.client?.redirect_uris);
  const callback = await startLoopbackCallback({ state, port: registered });
  try {
    // A registration made for another redirect port no longer fits: the SDK registers again.
    const login: LoginState = { url: server.url, client: callback.port === registered ? previous?.client : undefined, discovery: previous?.discovery };
    let authorizationUrl: URL | undefined;
    const provider = savedLoginProvider(options.store, name, login, {
      redirectUrl: callback.url,
      state,
      onAuthorizationUrl: (url) => {
        authorizationUrl = url;
        return options.onAuthorizationUrl(url);
      },
    });
    const first = await connectOnce(config, server, provider, options).catch((error: unknown) => {
      if (!authorizationUrl) throw new McpServerError(`MCP server "${name}" (${server.url}): ${describeRemoteFailure(error, name, server.url) ?? (error as Error).message}`);
      return undefined;
    });
    if (first) return { status: 'not-needed', tools: first, file: options.store.pathOf(name) };
    const code = await waitFor(callback.code, options);
    await auth(provider, { serverUrl: server.url, authorizationCode: code });
    return { status: 'logged-in', tools: await verify(config, server, options), file: options.store.pathOf(name) };
  } finally {
    await callback.close();
  }
}

/** Connects with the login just saved, as a run would, and lists the tools. */
async function verify(config: McpServerConfig, server: RemoteServerConfig, options: McpLoginOptions): Promise<string[]> {
  const saved = await options.store.read(config.name, server.url);
  if (!saved?.tokens) throw new McpServerError(`MCP server "${config.name}": the authorization server gave no tokens`);
  const provider = savedLoginProvider(options.store, config.name, saved);
  try {
    return await connectOnce(config, server, provider, options);
  } catch (error) {
    throw new McpServerError(`MCP server "${config.name}" refused the new login: ${describeRemoteFailure(error, config.name, server.url) ?? (error as Error).message}`);
  }
}

/** One connection with `provider`: the tool names, then the session ended. */
async function connectOnce(config: McpServerConfig, server: RemoteServerConfig, provider: Parameters<typeof connectServer>[1]['authProvider'], options: McpLoginOptions): Promise<string[]> {
  const connected = await connectServer(server, {
    env: {},
    cwd: process.cwd(),
    timeoutMs: options.connectTimeoutMs,
    stderr: new OutputTail(),
    onClient: () => undefined,
    requests: { server: config.name, callbacks: {}, root: () => process.cwd(), note: () => undefined },
    authProvider: provider,
  });
  try {
    if (!connected.client.getServerCapabilities()?.tools) return [];
    return (await connected.client.listTools(undefined, { timeout: options.connectTimeoutMs })).tools.map((tool) => tool.name);
  } finally {
    await connected.terminate?.().catch(() => undefined);
    await connected.client.close().catch(() => undefined);
    connected.taskStore.cleanup();
  }
}

/** The browser's answer, or a clear failure when it takes too long or the person gives up (Ctrl-C). */
function waitFor(code: Promise<string>, options: McpLoginOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const settle = (finish: () => void) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', aborted);
      finish();
    };
    const timer = setTimeout(() => settle(() => reject(new McpServerError(`no answer from the browser within ${options.timeoutMs} ms (SYNAPSE_MCP_LOGIN_TIMEOUT)`))), options.timeoutMs);
    const aborted = () => settle(() => reject(new McpServerError('the login was cancelled')));
    if (options.signal?.aborted) return aborted();
    options.signal?.addEventListener('abort', aborted, { once: true });
    code.then(
      (value) => settle(() => resolve(value)),
      (error: Error) => settle(() => reject(new McpServerError(error.message))),
    );
  });
}

/** The port of a registered loopback redirect URI (`http://127.0.0.1:<port>/callback`), if that is what it is. */
function loopbackPort(uris: unknown): number | undefined {
  const first = Array.isArray(uris) ? uris[0] : undefined;
  if (typeof first !== 'string') return undefined;
  try {
    const url = new URL(first);
    return url.hostname === '127.0.0.1' && url.port ? Number(url.port) : undefined;
  } catch {
    return undefined;
  }
}
