import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks/stores/in-memory.js';
import { answerServerRequests, CLIENT_CAPABILITIES, type ClientRequestContext } from './mcp-client-requests';
import { isStdio, type RemoteServerConfig, type StdioServerConfig } from './mcp-config';
import type { OutputTail } from './output-tail';

export interface ConnectOptions {
  /** The environment stdio servers start from; the server's own `env` is laid over it. */
  env: NodeJS.ProcessEnv;
  /** Where a stdio server without its own `cwd` starts. */
  cwd: string;
  timeoutMs: number;
  /** Collects a stdio server's stderr, quoted when it fails. */
  stderr: OutputTail;
  /** A variable every process of a stdio server inherits (see process-marker), so none outlives it. */
  marker?: { name: string; value: string };
  /** Called with each client as it is created, so a close() mid-connect can end it. */
  onClient(client: Client): void;
  /** Answers what the server asks of us (roots, sampling, elicitation). */
  requests: ClientRequestContext;
  /** A remote server's OAuth login (see oauth-provider): its token is sent, and refreshed on a 401. */
  authProvider?: OAuthClientProvider;
}

export interface Connected {
  client: Client;
  transport: Transport;
  /** Which transport answered: `stdio`, `streamable-http` or `sse`. */
  kind: 'stdio' | 'streamable-http' | 'sse';
  /** Answers to requests the server asked us to run as tasks; its expiry timers end with cleanup(). */
  taskStore: InMemoryTaskStore;
  /** Ends a Streamable HTTP session on the server (before closing). */
  terminate?: () => Promise<void>;
}

const CLIENT_INFO = { name: 'synapse', version: '0.1.0' };

/** Connects to one server with the SDK: stdio, or Streamable HTTP falling back to SSE for old servers. */
export async function connectServer(server: StdioServerConfig | RemoteServerConfig, options: ConnectOptions): Promise<Connected> {
  if (isStdio(server)) return connect('stdio', stdioTransport(server, options), options);
  const url = new URL(server.url);
  const remote = { requestInit: { headers: server.headers } satisfies RequestInit, authProvider: options.authProvider };
  if (server.type === 'sse') return connect('sse', new SSEClientTransport(url, remote), options);
  const transport = new StreamableHTTPClientTransport(url, remote);
  try {
    const connected = await connect('streamable-http', transport, options);
    // Ending the session tells the server to free it (DELETE), as the protocol asks of a client that leaves.
    return { ...connected, terminate: () => transport.terminateSession() };
  } catch (error) {
    // 400, 404 or 405 to the Streamable HTTP POST is how an old HTTP+SSE server answers: try its transport.
    // (A 401 or 403 is about credentials, not the transport.) If that fails too, the first answer says more.
    const oldServer = error instanceof StreamableHTTPError && [400, 404, 405].includes(error.code ?? 0);
    if (server.type || !oldServer) throw error;
    return connect('sse', new SSEClientTransport(url, remote), options).catch(() => {
      throw error;
    });
  }
}

async function connect(kind: Connected['kind'], transport: Transport, options: ConnectOptions): Promise<Connected> {
  // The task store holds the answers to requests a server asked us to run as tasks (it polls for them).
  const taskStore = new InMemoryTaskStore();
  const client = new Client(CLIENT_INFO, { capabilities: CLIENT_CAPABILITIES, taskStore });
  answerServerRequests(client, options.requests);
  options.onClient(client);
  try {
    await client.connect(transport, { timeout: options.timeoutMs });
  } catch (error) {
    await client.close().catch(() => undefined);
    taskStore.cleanup();
    throw error;
  }
  return { client, transport, kind, taskStore };
}

function stdioTransport(server: StdioServerConfig, options: ConnectOptions): StdioClientTransport {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries({ ...options.env, ...server.env })) if (value !== undefined) env[name] = value;
  if (options.marker) env[options.marker.name] = options.marker.value;
  const transport = new StdioClientTransport({ command: server.command, args: server.args, env, cwd: server.cwd ?? options.cwd, stderr: 'pipe' });
  transport.stderr?.on('data', (chunk: Buffer) => options.stderr.push(chunk));
  return transport;
}
