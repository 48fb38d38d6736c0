import { randomBytes } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ErrorCode, McpError, type CallToolResult, type Progress, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpClientCallbacks } from './mcp-client-requests';
import { isStdio, type McpServerConfig } from './mcp-config';
import { McpServerError } from './mcp-errors';
import { savedLoginProvider, type SavedLoginProvider } from './oauth-provider';
import { OAuthStoreError, type OAuthStore } from './oauth-store';
import { describeRemoteFailure, type LoginStanding } from './remote-errors';
import { connectServer, type Connected } from './mcp-transports';
import { OutputTail } from './output-tail';
import { processExited } from './process-exited';
import { killMarkedProcesses, PROCESS_MARKER_VARIABLE, pidWindow, type PidWindow } from '../../tools/security/process-marker';

/** An error's own line in a stderr tail: `Error: ...`, `Error [ERR_X]: ...`, `ModuleNotFoundError: ...`. */
const TELLING_LINE = /^\s*[\w.]*(?:Error|Exception)(?: \[\w+\])?: \S/;

/** How long a call waits for a server to fetch the roots it was told changed. */
const ROOTS_WAIT_MS = 2000;

/** How often a running stdio server is checked for having exited (see watchExit). */
const EXIT_CHECK_MS = 250;

function pidOf(connected: Connected): number | undefined {
  return (connected.transport as { pid?: number | null }).pid ?? undefined;
}

/** stopped: never used; starting; ready; failed: could not start (retried on next use); exited: went away after starting. */
export type ServerState = 'stopped' | 'starting' | 'ready' | 'failed' | 'exited' | 'closed' | 'disabled';

export interface ConnectionOptions {
  env: NodeJS.ProcessEnv;
  cwd: string;
  connectTimeoutMs: () => number;
  /** Told the tools of a server each time it starts (the manager remembers them for the system prompt). */
  onTools?: (tools: Tool[]) => void;
  /** Who answers the server's sampling and elicitation requests. */
  callbacks: McpClientCallbacks;
  /** The working directory, offered to servers as their root. */
  root: () => string;
  /** Saved OAuth logins of remote servers (synapse mcp login). */
  logins?: OAuthStore;
}

export interface CallOptions {
  signal: AbortSignal;
  /** Without progress; each progress notification starts it again, up to `maxTimeoutMs` in all. */
  timeoutMs: number;
  maxTimeoutMs: number;
  onProgress?: (progress: Progress) => void;
}

/** A tool's result, and what the server asked of us while it ran (sampling, elicitation). */
export interface CallOutcome {
  result: CallToolResult;
  notes: string[];
}

/**
 * One configured MCP server: started on first use (once, whoever asks first), its tools listed on start,
 * restarted on the next use after it failed or exited, and ended by close().
 */
export class McpConnection {
  state: ServerState = 'stopped';
  /** Why it failed or exited. */
  error?: string;
  tools: Tool[] = [];
  /** Which transport answered, once started. */
  transport?: Connected['kind'];
  /** Whether the running server offers resources and prompts (mcp:<server>:resources, :prompts). */
  offers = { resources: false, prompts: false };
  private connected?: Connected;
  private starting?: Promise<void>;
  private readonly clients = new Set<Client>();
  /** Servers being ended after a failed start. */
  private ending: Promise<unknown> = Promise.resolve();
  private stderr = new OutputTail();
  /** The marker of each start of a stdio server (its processes, the ones it left behind included), with the pids handed out before it. */
  private readonly markers = new Map<string, PidWindow | undefined>();
  private connectedMarker?: string;
  /** What servers asked of us since the last call finished (see CallOutcome). */
  private notes: string[] = [];
  /** Whether the server has asked for the roots, and who waits for it to ask again. */
  private rootsAsked = false;
  private rootsWaiters: Array<() => void> = [];
  /** The saved OAuth login this start uses, if the server is remote and logged in. */
  private login?: SavedLoginProvider;

  constructor(
    readonly config: McpServerConfig,
    private readonly options: ConnectionOptions,
  ) {}

  get name(): string {
    return this.config.name;
  }

  /** The stdio server's process id while it runs. */
  get pid(): number | undefined {
    return this.connected && pidOf(this.connected);
  }

  /** Resolves once the server is ready, starting it if needed; rejects with an McpServerError. */
  ready(): Promise<void> {
    if (this.state === 'closed') return Promise.reject(new McpServerError(`MCP server "${this.name}" is closed`));
    if (this.state === 'ready') return Promise.resolve();
    this.starting ??= this.start().finally(() => (this.starting = undefined));
    return this.starting;
  }

  async callTool(name: string, args: Record<string, unknown>, options: CallOptions): Promise<CallOutcome> {
    const client = await this.liveClient();
    const requestOptions = {
      signal: options.signal,
      timeout: options.timeoutMs,
      resetTimeoutOnProgress: true,
      maxTotalTimeout: options.maxTimeoutMs,
      onprogress: options.onProgress,
    };
    this.notes = [];
    try {
      const tool = this.tools.find((candidate) => candidate.name === name);
      const result = tool?.execution?.taskSupport === 'required' ? await callAsTask(client, name, args, requestOptions) : await client.callTool({ name, arguments: args }, undefined, requestOptions);
      // Servers of the 2024-10-07 protocol answer { toolResult }: show it as text. (The SDK's result schema
      // fills in an empty `content` for them, so the answer is looked for, not the missing content.)
      const content = (result.content as CallToolResult['content'] | undefined) ?? [];
      if ('toolResult' in result && content.length === 0) return { result: { content: [{ type: 'text', text: JSON.stringify(result.toolResult) }] }, notes: this.notes };
      return { result: result as CallToolResult, notes: this.notes };
    } catch (error) {
      throw this.loginFailure(error) ?? error;
    } finally {
      this.notes = [];
    }
  }

  /** The client of the running server, starting (or restarting) it when needed. */
  async liveClient(): Promise<Client> {
    await this.ready();
    // A server that died since it was last looked at is restarted, not sent the call it would lose.
    const pid = this.pid;
    if (this.connected && pid !== undefined && processExited(pid)) {
      this.serverEnded(this.connected, this.connectedMarker);
      await this.ready();
    }
    if (!this.connected) throw new McpServerError(`MCP server "${this.name}" went away before the call${this.stderrNote()}`);
    return this.connected.client;
  }

  /**
   * Tells a running server its root moved (the shell changed directory). A server that asked for the
   * roots before asks again: the next call waits for that (up to ROOTS_WAIT_MS), so it sees the new root.
   */
  async rootsChanged(): Promise<void> {
    const client = this.connected?.client;
    if (!client) return;
    const askedAgain = this.rootsAsked ? new Promise<void>((resolve) => this.rootsWaiters.push(resolve)) : Promise.resolve();
    await client.sendRootsListChanged().catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([askedAgain, new Promise((resolve) => (timer = setTimeout(resolve, ROOTS_WAIT_MS)))]);
    clearTimeout(timer);
  }

  /** The server asked for the roots (see rootsChanged). */
  private rootsListed(): string {
    this.rootsAsked = true;
    for (const resolve of this.rootsWaiters.splice(0)) setImmediate(resolve); // after our answer is sent
    return this.options.root();
  }

  /** Ends the server (and a start in progress); later uses fail. */
  async close(): Promise<void> {
    this.state = 'closed';
    const terminate = this.connected?.terminate;
    this.connected = undefined;
    await terminate?.().catch(() => undefined);
    await Promise.all([this.ending, ...[...this.clients].map((client) => client.close().catch(() => undefined))]);
    this.clients.clear();
    for (const marker of [...this.markers.keys()]) this.killLeftBehind(marker);
  }

  /** Once a stdio server has ended, whatever it started and left running (a `setsid` child, a daemon) goes too. */
  private killLeftBehind(marker: string | undefined): void {
    if (marker === undefined) return;
    killMarkedProcesses(marker, this.markers.get(marker));
    this.markers.delete(marker);
  }

  /** How the server is started, for listings and errors: its command line or URL. */
  describe(): string {
    const { server } = this.config;
    return isStdio(server) ? [server.command, ...server.args].join(' ') : server.url;
  }

  private async start(): Promise<void> {
    this.state = 'starting';
    this.error = undefined;
    this.rootsAsked = false;
    this.stderr = new OutputTail();
    const timeoutMs = this.options.connectTimeoutMs();
    // Stdio servers only: the processes of a remote one are not ours.
    const marker = isStdio(this.config.server) ? randomBytes(12).toString('hex') : undefined;
    if (marker) this.markers.set(marker, pidWindow());
    try {
      this.login = await this.savedLogin();
      const connected = await connectServer(this.config.server, {
        env: this.options.env,
        cwd: this.options.cwd,
        timeoutMs,
        stderr: this.stderr,
        marker: marker ? { name: PROCESS_MARKER_VARIABLE, value: marker } : undefined,
        onClient: (client) => this.clients.add(client),
        requests: { server: this.name, callbacks: this.options.callbacks, root: () => this.rootsListed(), note: (line) => this.notes.push(line) },
        authProvider: this.login,
      });
      if (this.isClosed()) {
        await connected.client.close().catch(() => undefined);
        throw new McpServerError(`MCP server "${this.name}" was closed while starting`);
      }
      this.tools = await listAllTools(connected.client, timeoutMs);
      const capabilities = connected.client.getServerCapabilities();
      this.offers = { resources: Boolean(capabilities?.resources), prompts: Boolean(capabilities?.prompts) };
      const stopWatching = this.watchExit(connected, marker);
      connected.client.onclose = () => {
        stopWatching();
        connected.taskStore.cleanup();
        this.onExit(connected);
        this.killLeftBehind(marker);
      };
      this.connected = connected;
      this.connectedMarker = marker;
      this.transport = connected.kind;
      this.state = 'ready';
      this.options.onTools?.(this.tools);
    } catch (error) {
      // Ending a server that will not answer can take seconds (stdin closed, then SIGTERM, then SIGKILL):
      // the caller learns of the failure now, and close() still waits for the process to be gone.
      const ended = Promise.all([...this.clients].map((client) => client.close().catch(() => undefined)));
      this.ending = Promise.all([this.ending, ended.then(() => this.killLeftBehind(marker))]);
      this.clients.clear();
      if (this.isClosed()) throw error instanceof McpServerError ? error : new McpServerError(`MCP server "${this.name}" was closed while starting`);
      this.state = 'failed';
      await new Promise((resolve) => setImmediate(resolve)); // let the last stderr chunks arrive
      this.error = this.startFailure(error, timeoutMs);
      throw new McpServerError(this.error);
    }
  }

  private isClosed(): boolean {
    return (this.state as ServerState) === 'closed';
  }

  /**
   * Node hears of a stdio server's exit only once its pipes close, and a process the server left running
   * can hold them open for ever (a call would then wait for its timeout): the kernel is asked instead,
   * four times a second while the server is up.
   */
  private watchExit(connected: Connected, marker: string | undefined): () => void {
    const pid = pidOf(connected);
    if (pid === undefined) return () => undefined;
    const timer = setInterval(() => {
      if (!processExited(pid)) return;
      clearInterval(timer);
      this.serverEnded(connected, marker);
    }, EXIT_CHECK_MS);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** The server ended: it restarts on the next call, what it left running goes, and calls in flight fail. */
  private serverEnded(connected: Connected, marker: string | undefined): void {
    this.onExit(connected);
    this.killLeftBehind(marker);
    void connected.client.close().catch(() => undefined);
  }

  private onExit(connected: Connected): void {
    this.clients.delete(connected.client);
    if (this.connected !== connected) return;
    this.connected = undefined;
    this.state = 'exited';
    this.error = `the server went away${this.stderrNote()}`;
  }

  private startFailure(error: unknown, timeoutMs: number): string {
    const where = `MCP server "${this.name}" (${this.describe()}) failed to start`;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES') return `${where}: cannot run its command (${code})${this.stderrNote()}`;
    if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
      return `${where}: no answer within ${timeoutMs} ms (SYNAPSE_MCP_CONNECT_TIMEOUT)${this.stderrNote()}`;
    }
    if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) return `${where}: it exited before answering${this.stderrNote()}`;
    if (error instanceof OAuthStoreError) return `${where}: ${error.message}: run synapse mcp login ${this.name}`;
    const remote = isStdio(this.config.server) ? undefined : describeRemoteFailure(error, this.name, this.config.server.url, this.loginStanding());
    if (remote) return `${where}: ${remote}`;
    return `${where}: ${error instanceof Error ? error.message : String(error)}${this.stderrNote()}`;
  }

  /** A remote server's saved login, read anew at each start (a login or a refresh elsewhere may have changed it). */
  private async savedLogin(): Promise<SavedLoginProvider | undefined> {
    const { server } = this.config;
    if (isStdio(server) || !this.options.logins) return undefined;
    const record = await this.options.logins.read(this.name, server.url);
    return record && savedLoginProvider(this.options.logins, this.name, record);
  }

  private loginStanding(): LoginStanding {
    return { loggedIn: Boolean(this.login), loginNeeded: Boolean(this.login?.loginNeeded) };
  }

  /** A call refused for want of a login (the token was revoked mid-run and could not be refreshed), said as such. */
  private loginFailure(error: unknown): McpServerError | undefined {
    const { server } = this.config;
    if (isStdio(server)) return undefined;
    const standing = this.loginStanding();
    const refused = (error as { name?: unknown })?.name === 'UnauthorizedError' || standing.loginNeeded;
    return refused ? new McpServerError(`MCP server "${this.name}": ${describeRemoteFailure(error, this.name, server.url, standing)}`) : undefined;
  }

  /** The server's last stderr lines, when it wrote any. */
  stderrNote(): string {
    const tail = this.stderr.toString();
    if (!tail) return '';
    const lines = tail.split('\n');
    const last = lines.slice(-8);
    // The line that says what went wrong (`Error: Cannot find module ...`) is often above the stack it ends with.
    const telling = lines.findLast((line) => TELLING_LINE.test(line));
    const shown = telling && !last.includes(telling) ? [telling, '...', ...last] : last;
    return `; its stderr ends with:\n  ${shown.join('\n  ')}`;
  }
}

/**
 * A tool that only runs as a task (`execution.taskSupport: "required"`): the SDK creates the task, polls it
 * and fetches its result; its status messages count as progress.
 */
async function callAsTask(client: Client, name: string, args: Record<string, unknown>, options: RequestOptions): Promise<CallToolResult> {
  for await (const message of client.experimental.tasks.callToolStream({ name, arguments: args }, undefined, options)) {
    if (message.type === 'result') return message.result as CallToolResult;
    if (message.type === 'error') throw message.error;
    if (message.type === 'taskStatus' && message.task.statusMessage) options.onprogress?.({ progress: 0, message: message.task.statusMessage });
  }
  throw new McpServerError(`MCP server answered the task of tool "${name}" without a result`);
}

/** Every page of tools/list. */
async function listAllTools(client: Client, timeoutMs: number): Promise<Tool[]> {
  if (!client.getServerCapabilities()?.tools) return [];
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : undefined, { timeout: timeoutMs });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  return tools;
}
