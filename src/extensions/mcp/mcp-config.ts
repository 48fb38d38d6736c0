import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { expandServerVariables, MissingVariableError, resolveConfigPaths } from './config-variables';

/**
 * The common MCP config shape (Claude Desktop, Synapse-Agent): `{"mcpServers": {"<name>": server}}`.
 * `"disabled": true` keeps a server from starting; fields other tools add (`autoApprove`...) are ignored,
 * so their files load as they are. `${VAR}` and `${VAR:-default}` are expanded (see config-variables).
 */
const stdioServerSchema = z.object({
  type: z.literal('stdio').optional(),
  command: z.string().min(1, 'must not be empty'),
  args: z.array(z.string()).default([]),
  env: z.record(z.string(), z.string()).default({}),
  cwd: z.string().min(1).optional(),
  disabled: z.boolean({ error: 'must be true or false' }).default(false),
});

const remoteServerSchema = z.object({
  /** `http`: Streamable HTTP only; `sse`: the old HTTP+SSE transport; unset: Streamable HTTP, then SSE. */
  type: z.enum(['http', 'streamable-http', 'sse']).optional(),
  url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
  headers: z.record(z.string(), z.string()).default({}),
  disabled: z.boolean({ error: 'must be true or false' }).default(false),
});

const serverSchema = z.union([stdioServerSchema, remoteServerSchema], {
  error: 'expected {"command", "args"?, "env"?, "cwd"?} or {"url", "headers"?}',
});

const configFileSchema = z.object(
  { mcpServers: z.record(z.string(), z.unknown(), { error: 'expected an object of servers, {"mcpServers": {"<name>": {...}}}' }) },
  { error: 'expected an object, {"mcpServers": {...}}' },
);

/** Server names become `mcp:<name>:<tool>`: no colons or blanks. */
const SERVER_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

export type StdioServerConfig = z.infer<typeof stdioServerSchema>;
export type RemoteServerConfig = z.infer<typeof remoteServerSchema>;

export interface McpServerConfig {
  name: string;
  /** The file that defined it. */
  source: string;
  server: StdioServerConfig | RemoteServerConfig;
}

export interface McpConfig {
  servers: McpServerConfig[];
  /** One line per problem: the file, the field, what was expected. The other servers still load. */
  errors: string[];
}

export function isStdio(server: McpServerConfig['server']): server is StdioServerConfig {
  return 'command' in server;
}

/**
 * Reads config files in precedence order; a server name defined twice keeps the first definition.
 * A missing file is skipped unless `required` lists it (a file named on the command line must exist).
 */
export async function loadMcpConfig(files: string[], required: ReadonlySet<string> = new Set(), env: NodeJS.ProcessEnv = process.env): Promise<McpConfig> {
  return mergeMcpConfigs(await Promise.all(files.map((file) => readMcpConfigFile(file, required.has(file), env))));
}

/** Configs in precedence order as one: the first definition of a name wins, every error is kept. */
export function mergeMcpConfigs(configs: readonly McpConfig[]): McpConfig {
  const servers = new Map<string, McpServerConfig>();
  const errors: string[] = [];
  for (const config of configs) {
    errors.push(...config.errors);
    for (const server of config.servers) if (!servers.has(server.name)) servers.set(server.name, server);
  }
  return { servers: [...servers.values()], errors };
}

/** One config file (`${VAR}` expanded from `env`); a missing one is no servers unless `required`. */
export async function readMcpConfigFile(file: string, required = false, env: NodeJS.ProcessEnv = process.env): Promise<McpConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !required) return { servers: [], errors: [] };
    return { servers: [], errors: [`${file}: cannot read the MCP config (${code ?? (error as Error).message})`] };
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    return { servers: [], errors: [`${file}: not valid JSON (${(error as Error).message})`] };
  }
  const top = configFileSchema.safeParse(document);
  if (!top.success) return { servers: [], errors: [`${file}: ${describeIssue(top.error.issues[0]!, [])}`] };

  const servers: McpServerConfig[] = [];
  const errors: string[] = [];
  for (const [name, value] of Object.entries(top.data.mcpServers)) {
    if (!SERVER_NAME.test(name)) {
      errors.push(`${file}: mcpServers.${name}: a server name is 1-64 letters, digits, '_', '.' or '-' (it becomes mcp:<name>:<tool>)`);
      continue;
    }
    let expanded: unknown;
    try {
      expanded = expandServerVariables(value, env);
    } catch (error) {
      if (!(error instanceof MissingVariableError)) throw error;
      errors.push(`${file}: mcpServers.${name}.${error.field}: ${error.message}`);
      continue;
    }
    const server = parseServer(expanded);
    if (!server.success) {
      errors.push(`${file}: ${describeIssue(server.error.issues[0]!, ['mcpServers', name])}`);
      continue;
    }
    const config = server.data;
    if (isStdio(config)) {
      if (config.cwd) config.cwd = resolve(dirname(file), config.cwd);
      resolveConfigPaths(config, file);
    }
    servers.push({ name, source: file, server: config });
  }
  return { servers, errors };
}

/** A `url` decides the kind, so its errors name the remote fields rather than a missing `command`. */
function parseServer(value: unknown) {
  if (value && typeof value === 'object' && 'url' in value) return remoteServerSchema.safeParse(value);
  if (value && typeof value === 'object' && 'command' in value) return stdioServerSchema.safeParse(value);
  return serverSchema.safeParse(value);
}

function describeIssue(issue: z.core.$ZodIssue, prefix: PropertyKey[]): string {
  const path = [...prefix, ...issue.path].map(String).join('.');
  return `${path || '(top level)'}: ${issue.message}`;
}
