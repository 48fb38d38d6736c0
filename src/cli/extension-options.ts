import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Extensions } from '../extensions/extensions';
import type { McpClientCallbacks } from '../extensions/mcp/mcp-client-requests';
import { CliError } from './exit-codes';
import { resolveCwd, type CwdArgs, type GlobalArgs } from './global-options';
import { projectTrustOptions } from './project-trust-prompt';

/** `--mcp-config` and `--skills-dir`, on every command that reaches MCP servers or skills. */
export const extensionOptions = {
  'mcp-config': {
    type: 'string',
    array: true,
    nargs: 1, // repeat the flag for more: `--mcp-config a.json ls` keeps `ls` as the command
    describe: 'An MCP config file {"mcpServers": {...}} (repeatable; the first definition of a server wins)',
    defaultDescription: '<cwd>/mcp_servers.json, <cwd>/.mcp.json (when the project is trusted), then ~/.synapse/mcp/mcp_servers.json',
  },
  'skills-dir': {
    type: 'string',
    array: true,
    nargs: 1,
    describe: 'A directory of skills, <name>/SKILL.md (repeatable; the first skill of a name wins)',
    defaultDescription: '<cwd>/.agents/skills, ~/.agents/skills, ~/.synapse/skills',
  },
} as const;

/** `--trust-project`, on the commands that may start what the project's own files configure (run, exec, mcp list, mcp login). */
export const trustOption = {
  'trust-project': {
    type: 'boolean',
    describe: "Start the MCP servers of the project's own config files (<cwd>/mcp_servers.json, <cwd>/.mcp.json) for this run; --no-trust-project never does",
    defaultDescription: 'only if trusted before (~/.synapse/trusted-projects.json) or confirmed on a terminal',
  },
} as const;

export interface ExtensionArgs extends GlobalArgs, CwdArgs {
  mcpConfig?: string[];
  skillsDir?: string[];
  trustProject?: boolean;
  json?: boolean;
}

/** The paths given on the command line, which must exist: a typo is bad input, found before anything runs. */
export function extensionPaths(args: ExtensionArgs): { mcpConfig: string[]; skillsDirs: string[] } {
  return {
    mcpConfig: (args.mcpConfig ?? []).map((file) => existing(file, 'file', '--mcp-config')),
    skillsDirs: (args.skillsDir ?? []).map((dir) => existing(dir, 'directory', '--skills-dir')),
  };
}

/**
 * The extension layer for this command (nothing is read or started yet). `env` is what MCP servers start
 * from: the tool environment, without secrets; `mcpCallbacks`, who answers what servers ask (a person on
 * the terminal).
 */
export function createCliExtensions(args: ExtensionArgs, env: NodeJS.ProcessEnv, mcpCallbacks?: McpClientCallbacks): Extensions {
  const { createExtensions } = require('../extensions/extensions') as typeof import('../extensions/extensions');
  return createExtensions({ cwd: resolveCwd(args.cwd), ...extensionPaths(args), env, mcpCallbacks, ...projectTrustOptions(args, Boolean(args.json)) });
}

/** Whether a person can answer on this terminal (stdin and stderr are TTYs, and the output is not --json). */
export function personAtTerminal(json: boolean): boolean {
  return Boolean(process.stdin.isTTY && process.stderr.isTTY) && !json;
}

function existing(path: string, kind: 'file' | 'directory', flag: string): string {
  const absolute = resolve(String(path));
  let stats;
  try {
    stats = statSync(absolute);
  } catch {
    throw new CliError(`${flag} ${absolute} does not exist`);
  }
  if (kind === 'file' ? !stats.isFile() : !stats.isDirectory()) throw new CliError(`${flag} ${absolute} is not a ${kind}`);
  return absolute;
}
