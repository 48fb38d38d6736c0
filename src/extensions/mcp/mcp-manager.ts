import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Progress, Tool } from '@modelcontextprotocol/sdk/types.js';
import { positiveIntFromEnv } from '../../env-settings';
import type { ProjectTrust } from '../../settings';
import { isStdio, mergeMcpConfigs, readMcpConfigFile, type McpConfig, type McpServerConfig } from './mcp-config';
import { McpLookupError, McpServerError } from './mcp-errors';
import type { McpClientCallbacks } from './mcp-client-requests';
import type { CallOutcome, McpConnection, ServerState } from './mcp-connection';
import type { McpLoginOptions, McpLoginOutcome } from './mcp-login';
import type { OAuthStore } from './oauth-store';
import type { McpToolsCache } from './mcp-tools-cache';
import { timerDelay } from '../../timer-delay';

export interface McpManagerOptions {
  /** Config files, highest precedence first. */
  configFiles: string[];
  /** Files that must exist (named explicitly); a missing one is a config error. */
  requiredFiles?: ReadonlySet<string>;
  /** The environment stdio servers start from (each server's `env` is laid over it). */
  env: NodeJS.ProcessEnv;
  /** Where stdio servers without their own `cwd` start. */
  cwd: string;
  /** Default: SYNAPSE_MCP_CONNECT_TIMEOUT, else 30 s. */
  connectTimeoutMs?: number;
  /** Default: SYNAPSE_MCP_CALL_TIMEOUT, else 60 s. Progress notifications start it again... */
  callTimeoutMs?: number;
  /** ...up to this much in all. Default: SYNAPSE_MCP_CALL_MAX_TIMEOUT, else 10 minutes. */
  maxCallTimeoutMs?: number;
  toolsCache?: McpToolsCache;
  /** Who answers the servers' sampling and elicitation requests (default: nobody: refused, declined). */
  callbacks?: McpClientCallbacks;
  /** Where `${VAR}` in the config is looked up. Default: process.env (what the user started us with). */
  variables?: NodeJS.ProcessEnv;
  /** The saved OAuth logins of remote servers (`synapse mcp login`); without it no login is sent or made. */
  logins?: OAuthStore;
  /** Decides whether servers of config files inside the project may start. Without it every file is trusted. */
  trust?: ProjectTrust;
}

/** The configuration as this manager uses it: what may start, and what the project's trust held back. */
export interface McpConfiguration extends McpConfig {
  /** Servers of the project's own config files, not started because the project is not trusted. */
  untrusted: McpServerConfig[];
  /** Lines to show once: the untrusted files and how to trust them, or a trust store that could not be read. */
  warnings: string[];
}

/** What `mcp:list` and `synapse mcp list` show of one server. */
export interface McpServerListing {
  name: string;
  source: string;
  /** The command line or URL. */
  target: string;
  /** `untrusted`: defined by the project's own file, not started (see McpConfiguration). */
  state: ServerState | 'untrusted';
  transport?: string;
  error?: string;
  tools: Array<{ name: string; description: string }>;
  /** What the running server offers besides tools. */
  offers?: { resources: boolean; prompts: boolean };
}

export interface McpListing {
  servers: McpServerListing[];
  configErrors: string[];
}

/**
 * The configured MCP servers of one runner or CLI command. Nothing starts until a server is used;
 * close() ends every server it started.
 */
export class McpManager {
  private config?: Promise<McpConfiguration>;
  private readonly connections = new Map<string, McpConnection>();
  private closed = false;
  /** The directory servers are given as their root: the working directory of the last call. */
  private root: string;

  constructor(private readonly options: McpManagerOptions) {
    this.root = options.cwd;
  }

  /** The shell moved (`cd`): servers are told their root changed, and those that use roots have fetched the new one. */
  async setRoot(dir: string): Promise<void> {
    if (dir === this.root) return;
    this.root = dir;
    await Promise.all([...this.connections.values()].map((connection) => connection.rootsChanged()));
  }

  /** The configured servers and the config's errors (files read once). */
  configuration(): Promise<McpConfiguration> {
    this.config ??= this.load();
    return this.config;
  }

  /** Whether the configuration has been asked for (it is read on first use). */
  get configurationRead(): boolean {
    return this.config !== undefined;
  }

  /**
   * Each file is read once, and what the project's trust is asked about is what starts: the servers of
   * config files inside the project (not named explicitly) start only when the project is trusted.
   */
  private async load(): Promise<McpConfiguration> {
    const { configFiles, requiredFiles = new Set<string>(), trust, variables } = this.options;
    const configs = await Promise.all(configFiles.map((file) => readMcpConfigFile(file, requiredFiles.has(file), variables)));
    const all = mergeMcpConfigs(configs);
    const inProject = await Promise.all(configs.map((config, i) => Boolean(trust && config.servers.length && !requiredFiles.has(configFiles[i]!)) && trust!.contains(configFiles[i]!)));
    const projectConfigs = configs.filter((_, i) => inProject[i]);
    if (!projectConfigs.length) return { ...all, untrusted: [], warnings: [] };
    const projectServers = projectConfigs.flatMap((config) => config.servers);
    const decision = await trust!.decide(async () => ({ project: trust!.project, programs: projectServers.map((config) => `${config.source}: ${config.name}: ${describeServer(config.server)}`) }));
    if (decision.trusted) return { ...all, untrusted: [], warnings: decision.problems };
    const { servers } = mergeMcpConfigs(configs.filter((_, i) => !inProject[i]));
    const started = new Set(servers.map((server) => server.name));
    const untrusted = mergeMcpConfigs(projectConfigs).servers.filter((server) => !started.has(server.name));
    const files = [...new Set(projectServers.map((server) => server.source))].join(' and ');
    const names = untrusted.map((server) => server.name).join(', ');
    const warning = `MCP servers in ${files} (${names}) were not started: the project ${trust!.project} is not trusted. Trust it with --trust-project (library: trustProject: true), or answer yes when a terminal asks.`;
    return { servers, errors: all.errors, untrusted, warnings: [...decision.problems, ...(untrusted.length ? [warning] : [])] };
  }

  /** The config files looked at, highest precedence first. */
  get configFiles(): string[] {
    return this.options.configFiles;
  }

  get connectTimeoutMs(): number {
    return timerDelay(this.options.connectTimeoutMs ?? positiveIntFromEnv('SYNAPSE_MCP_CONNECT_TIMEOUT', 30_000));
  }

  get callTimeoutMs(): number {
    return timerDelay(this.options.callTimeoutMs ?? positiveIntFromEnv('SYNAPSE_MCP_CALL_TIMEOUT', 60_000));
  }

  /** The hard limit of a call that keeps reporting progress (never below the limit without progress). */
  get maxCallTimeoutMs(): number {
    return Math.max(this.callTimeoutMs, timerDelay(this.options.maxCallTimeoutMs ?? positiveIntFromEnv('SYNAPSE_MCP_CALL_MAX_TIMEOUT', 600_000)));
  }

  /** Starts every configured server (in parallel) and lists its tools; servers that fail say why. */
  async list(): Promise<McpListing> {
    const { servers, errors, untrusted } = await this.configuration();
    const listings = await Promise.all(
      servers.map(async ({ name, source, server }) => {
        if (server.disabled) return { name, source, target: describeServer(server), state: 'disabled' as const, tools: [] };
        const connection = await this.connection(name);
        await connection.ready().catch(() => undefined);
        return listingOf(connection);
      }),
    );
    const held = untrusted.map((config): McpServerListing => ({ name: config.name, source: config.source, target: describeServer(config.server), state: 'untrusted', tools: [] }));
    return { servers: [...listings, ...held], configErrors: errors };
  }

  /** The names of the configured servers that are not disabled, without starting any. */
  async serverNames(): Promise<string[]> {
    return (await this.configuration()).servers.filter(({ server }) => !server.disabled).map((server) => server.name);
  }

  /**
   * Starts, all at once, the servers whose tools are not known yet (not running, not remembered), and waits
   * for them up to `deadlineMs`: the system prompt of a first run can then list their tools. Those still
   * starting go on starting; those that fail say so in mcp:list.
   */
  async startUnknown(deadlineMs: number): Promise<void> {
    const names = await this.serverNames();
    const unknown = (await Promise.all(names.map(async (name) => ((await this.knownTools(name)) ? undefined : name)))).filter((name) => name !== undefined);
    if (!unknown.length || this.closed) return;
    const starts = Promise.all(unknown.map(async (name) => (await this.connection(name)).ready().catch(() => undefined)));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([starts, new Promise((resolve) => (timer = setTimeout(resolve, timerDelay(deadlineMs))))]);
    clearTimeout(timer);
  }

  /** How a server whose tools are not known stands: `starting`, `failed`... (undefined: never started). */
  stateOf(name: string): ServerState | undefined {
    return this.connections.get(name)?.state;
  }

  /** Tool names to show without starting anything: live ones, else remembered ones, else undefined. */
  async knownTools(name: string): Promise<string[] | undefined> {
    const live = this.connections.get(name);
    if (live?.state === 'ready') return live.tools.map((tool) => tool.name);
    const config = (await this.configuration()).servers.find((server) => server.name === name);
    return config ? this.options.toolsCache?.toolsOf(config) : undefined;
  }

  /** A tool's definition, starting its server. Throws McpLookupError or McpServerError. */
  async tool(server: string, name: string): Promise<Tool> {
    const connection = await this.connection(server);
    await connection.ready();
    const tool = connection.tools.find((candidate) => candidate.name === name);
    if (!tool) {
      const names = connection.tools.map((candidate) => candidate.name);
      throw new McpLookupError(`MCP server "${server}" has no tool "${name}". Its tools: ${names.join(', ') || '(none)'}`);
    }
    return tool;
  }

  async callTool(server: string, name: string, args: Record<string, unknown>, options: { signal: AbortSignal; onProgress?: (progress: Progress) => void }): Promise<CallOutcome> {
    const connection = await this.connection(server);
    return connection.callTool(name, args, { ...options, timeoutMs: this.callTimeoutMs, maxTimeoutMs: this.maxCallTimeoutMs });
  }

  /** A running server's client (started if needed), for resources and prompts. Throws McpLookupError or McpServerError. */
  async client(server: string): Promise<Client> {
    return (await this.connection(server)).liveClient();
  }

  /** The stdio server's stderr tail, to explain a failed call. */
  stderrNote(server: string): string {
    return this.connections.get(server)?.stderrNote() ?? '';
  }

  /** Process ids of the stdio servers running now. */
  pids(): number[] {
    return [...this.connections.values()].flatMap((connection) => (connection.pid ? [connection.pid] : []));
  }

  /** `synapse mcp login <server>`: the OAuth flow (see mcp-login), its tokens saved for later runs. */
  async login(name: string, options: Omit<McpLoginOptions, 'store' | 'connectTimeoutMs'>): Promise<McpLoginOutcome> {
    const config = await this.serverConfig(name);
    if (!this.options.logins) throw new McpServerError('MCP logins are not kept here (no login store)');
    const { loginMcpServer } = require('./mcp-login') as typeof import('./mcp-login');
    return loginMcpServer(config, { ...options, store: this.options.logins, connectTimeoutMs: this.connectTimeoutMs });
  }

  /** `synapse mcp logout <server>`: forgets its saved login; false when there was none. */
  async logout(name: string): Promise<boolean> {
    return (await this.options.logins?.remove(name)) ?? false;
  }

  /** Ends every server this manager started; later calls fail. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.connections.values()].map((connection) => connection.close()));
    await this.options.toolsCache?.flush();
  }

  private async connection(name: string): Promise<McpConnection> {
    const existing = this.connections.get(name);
    if (existing) return existing;
    const config = await this.serverConfig(name);
    if (this.closed) throw new McpLookupError(`MCP servers are closed; "${name}" cannot start`);
    if (config.server.disabled) throw new McpServerError(`MCP server "${name}" is disabled ("disabled": true in ${config.source})`);
    // Two first uses at once (parallel sub-agents) share one connection: look again after the await above.
    const raced = this.connections.get(name);
    if (raced) return raced;
    // The SDK loads only when a server is first used: a run that uses none pays nothing for it.
    const { McpConnection } = require('./mcp-connection') as typeof import('./mcp-connection');
    const connection = new McpConnection(config, {
      env: this.options.env,
      cwd: this.options.cwd,
      connectTimeoutMs: () => this.connectTimeoutMs,
      onTools: (tools) =>
        void this.options.toolsCache?.remember(
          config,
          tools.map((tool) => tool.name),
        ),
      callbacks: this.options.callbacks ?? {},
      root: () => this.root,
      logins: this.options.logins,
    });
    this.connections.set(name, connection);
    return connection;
  }

  /** A configured server by name; an unknown one (or one the project's trust holds back) is an McpLookupError. */
  private async serverConfig(name: string): Promise<McpServerConfig> {
    const { servers, errors, untrusted } = await this.configuration();
    const config = servers.find((server) => server.name === name);
    if (config) return config;
    const held = untrusted.find((server) => server.name === name);
    if (held)
      throw new McpLookupError(
        `MCP server "${name}" was not started: it is defined in ${held.source}, inside the project, and the project is not trusted (the user can trust it with --trust-project)`,
      );
    const known = servers.map((server) => server.name);
    const broken = errors.filter((error) => error.includes(`mcpServers.${name}`));
    const detail = broken.length ? ` Its configuration is invalid: ${broken.join('; ')}` : '';
    throw new McpLookupError(`Unknown MCP server "${name}". Configured servers: ${known.join(', ') || '(none)'}.${detail}`);
  }
}

/** How a server is started, for listings and errors: its command line or URL. */
export function describeServer(server: McpServerConfig['server']): string {
  return isStdio(server) ? [server.command, ...server.args].join(' ') : server.url;
}

function listingOf(connection: McpConnection): McpServerListing {
  return {
    name: connection.name,
    source: connection.config.source,
    target: connection.describe(),
    state: connection.state,
    ...(connection.transport ? { transport: connection.transport } : {}),
    ...(connection.error ? { error: connection.error } : {}),
    tools: connection.state === 'ready' ? connection.tools.map((tool) => ({ name: tool.name, description: oneLine(tool.description ?? tool.title ?? '') })) : [],
    ...(connection.state === 'ready' ? { offers: connection.offers } : {}),
  };
}

/** The first line of a description, at most 100 characters. */
export function oneLine(text: string): string {
  const line = text.trim().split('\n')[0]!.trim();
  return line.length > 100 ? `${line.slice(0, 97)}...` : line;
}
