import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export interface ExtensionSourcesOptions {
  /** The project directory. Default: process.cwd(). */
  cwd?: string;
  /** Default: the user's home directory. */
  home?: string;
  /** MCP config files given explicitly (`--mcp-config`), highest precedence first. */
  mcpConfig?: string[];
  /** Skill directories given explicitly (`--skills-dir`), highest precedence first. */
  skillsDirs?: string[];
}

/**
 * MCP config files, highest precedence first: explicit files, `<cwd>/mcp_servers.json`, `<cwd>/.mcp.json`
 * (Claude Code's name, the same schema), `~/.synapse/mcp/mcp_servers.json`.
 */
export function mcpConfigFiles({ cwd = process.cwd(), home = homedir(), mcpConfig = [] }: ExtensionSourcesOptions): string[] {
  return unique([...mcpConfig.map((file) => resolve(cwd, file)), join(cwd, 'mcp_servers.json'), join(cwd, '.mcp.json'), join(home, '.synapse', 'mcp', 'mcp_servers.json')]);
}

/** Skill directories, highest precedence first: explicit ones, `<cwd>/.agents/skills`, `~/.agents/skills`, `~/.synapse/skills`. */
export function skillDirectories({ cwd = process.cwd(), home = homedir(), skillsDirs = [] }: ExtensionSourcesOptions): string[] {
  return unique([...skillsDirs.map((dir) => resolve(cwd, dir)), join(cwd, '.agents', 'skills'), join(home, '.agents', 'skills'), join(home, '.synapse', 'skills')]);
}

function unique(paths: string[]): string[] {
  return [...new Set(paths)];
}
