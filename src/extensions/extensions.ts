import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { ProjectTrust, type ProjectTrustRequest } from '../settings';
import { positiveIntFromEnv } from '../env-settings';
import type { ExtensionHandlers } from '../tools';
import { mcpConfigFiles, skillDirectories, type ExtensionSourcesOptions } from './extension-sources';
import { extensionsPrompt, skillCatalogFor } from './extensions-prompt';
import type { McpClientCallbacks } from './mcp/mcp-client-requests';
import { createMcpHandler } from './mcp/mcp-commands';
import { McpManager } from './mcp/mcp-manager';
import { McpToolsCache } from './mcp/mcp-tools-cache';
import { OAuthStore } from './mcp/oauth-store';
import { createSkillHandler } from './skills/skill-commands';
import { SkillLibrary } from './skills/skill-library';

export interface ExtensionsOptions extends ExtensionSourcesOptions {
  /**
   * The environment MCP stdio servers start from; each server's own `env` is laid over it.
   * Default: process.env; the runner and the CLI pass the secret-free tool environment (ToolSecurity#environment).
   */
  env?: NodeJS.ProcessEnv;
  /** Default: SYNAPSE_MCP_CONNECT_TIMEOUT, else 30 s. */
  mcpConnectTimeoutMs?: number;
  /** Default: SYNAPSE_MCP_CALL_TIMEOUT, else 60 s. */
  mcpCallTimeoutMs?: number;
  /** Where the tool names of started servers are remembered for the system prompt; false: nowhere. Default: ~/.synapse/mcp/tools-cache.json. */
  mcpToolsCache?: string | false;
  /**
   * Whether MCP config files inside the project (`<cwd>/mcp_servers.json`, `<cwd>/.mcp.json`, any other
   * found there) may start servers: true or false for this run; unset, the trust store
   * (`~/.synapse/trusted-projects.json`) decides, then `askProjectTrust`. Untrusted servers are listed, never started.
   */
  trustProject?: boolean;
  /** Asked when neither `trustProject` nor the trust store decides; a yes is recorded in the store. */
  askProjectTrust?: (request: ProjectTrustRequest) => Promise<boolean>;
  /**
   * Who answers what MCP servers ask of the client: sampling (the run's model, see `modelSampler`, after
   * `approveSampling`) and elicitation (a person). Default: nobody: sampling is refused, elicitation declined.
   */
  mcpCallbacks?: McpClientCallbacks;
}

/**
 * The extension layer: MCP servers behind `mcp:*`, Agent Skills behind `skill:*` and the catalog of
 * `task:skill`. Building it reads nothing and starts nothing; whoever builds it closes it.
 */
export class Extensions {
  readonly mcp: McpManager;
  readonly skills: SkillLibrary;
  readonly handlers: ExtensionHandlers;

  constructor(options: ExtensionsOptions = {}) {
    const cwd = options.cwd ?? process.cwd();
    const home = options.home ?? homedir();
    const explicit = (options.mcpConfig ?? []).map((file) => resolve(cwd, file));
    const cachePath = options.mcpToolsCache ?? join(home, '.synapse', 'mcp', 'tools-cache.json');
    this.mcp = new McpManager({
      configFiles: mcpConfigFiles({ cwd, home, mcpConfig: options.mcpConfig }),
      requiredFiles: new Set(explicit),
      env: options.env ?? process.env,
      cwd,
      connectTimeoutMs: options.mcpConnectTimeoutMs,
      callTimeoutMs: options.mcpCallTimeoutMs,
      ...(cachePath ? { toolsCache: new McpToolsCache(cachePath) } : {}),
      trust: new ProjectTrust(cwd, { trusted: options.trustProject, home, ask: options.askProjectTrust }),
      callbacks: options.mcpCallbacks,
      logins: new OAuthStore(join(home, '.synapse', 'mcp', 'oauth')),
    });
    this.skills = new SkillLibrary(skillDirectories({ cwd, home, skillsDirs: options.skillsDirs }));
    this.handlers = {
      mcp: createMcpHandler(this.mcp),
      skill: createSkillHandler(this.skills),
      skillCatalog: (request) => skillCatalogFor(request, this.skills),
    };
  }

  /**
   * The system prompt's listing of servers and skills (bounded); empty when there are none. Servers whose
   * tools are not known yet are started, all at once, and waited for up to `startDeadlineMs` (default:
   * SYNAPSE_MCP_START_DEADLINE, else 3000 ms).
   */
  promptSection(startDeadlineMs = positiveIntFromEnv('SYNAPSE_MCP_START_DEADLINE', 3000)): Promise<string> {
    return extensionsPrompt(this.mcp, this.skills, startDeadlineMs);
  }

  /**
   * Problems found in the MCP config and the skill folders, and MCP servers the project's trust held back;
   * one line each. Only of what has been read so far: asking reads nothing (the scans stay lazy).
   */
  async warnings(): Promise<string[]> {
    const [mcp, skills] = await Promise.all([this.mcp.configurationRead ? this.mcp.configuration() : undefined, this.skills.scanned ? this.skills.load() : undefined]);
    return [...(mcp?.warnings ?? []), ...(mcp?.errors ?? []).map((error) => `MCP config ${error}`), ...(skills?.warnings ?? []).map((warning) => `skill ${warning}`)];
  }

  /** Ends every MCP server started through this layer. */
  close(): Promise<void> {
    return this.mcp.close();
  }
}

export function createExtensions(options: ExtensionsOptions = {}): Extensions {
  return new Extensions(options);
}
