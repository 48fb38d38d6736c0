import { existsSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';

/** `${NAME}` or `${NAME:-default}`, as Claude Code's and the shell's configs write them. */
const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/** A variable a config names that is not set and has no default: the field and the variable. */
export class MissingVariableError extends Error {
  constructor(
    readonly field: string,
    readonly variable: string,
  ) {
    super(`\${${variable}} is not set (give it a value, or write \${${variable}:-default})`);
  }
}

/**
 * A server entry with `${VAR}` and `${VAR:-default}` expanded in `command`, `args`, `env`, `cwd`, `url`
 * and `headers`, from the environment the user started us in (before secrets are kept from tools: the
 * server gets what its config asks for). Other fields and other types are left as they are.
 */
export function expandServerVariables(server: unknown, env: NodeJS.ProcessEnv): unknown {
  if (!server || typeof server !== 'object' || Array.isArray(server)) return server;
  const entry = { ...(server as Record<string, unknown>) };
  for (const field of ['command', 'cwd', 'url']) if (typeof entry[field] === 'string') entry[field] = expand(entry[field], field, env);
  if (Array.isArray(entry.args)) entry.args = entry.args.map((arg, index) => (typeof arg === 'string' ? expand(arg, `args.${index}`, env) : arg));
  for (const field of ['env', 'headers']) {
    const map = entry[field];
    if (!map || typeof map !== 'object' || Array.isArray(map)) continue;
    entry[field] = Object.fromEntries(Object.entries(map).map(([key, value]) => [key, typeof value === 'string' ? expand(value, `${field}.${key}`, env) : value]));
  }
  return entry;
}

function expand(text: string, field: string, env: NodeJS.ProcessEnv): string {
  return text.replace(VARIABLE, (_, name: string, fallback: string | undefined) => {
    const value = env[name];
    if (value !== undefined && value !== '') return value;
    if (fallback !== undefined) return fallback;
    throw new MissingVariableError(field, name);
  });
}

/**
 * Paths in a stdio server's command line, relative to the config file's folder: the command when it is a
 * relative path (`./bin/server`), and each argument that starts with `./` or `../`, or names a file or
 * folder that exists there (`dist/index.js`). Anything else is left to the server's working directory.
 */
export function resolveConfigPaths(server: { command: string; args: string[] }, file: string): void {
  const folder = dirname(file);
  if (isRelativePath(server.command) && server.command.includes('/')) server.command = resolve(folder, server.command);
  server.args = server.args.map((arg) => (isRelativePath(arg) && (/^\.\.?\//.test(arg) || existsSync(resolve(folder, arg))) ? resolve(folder, arg) : arg));
}

function isRelativePath(text: string): boolean {
  return text !== '' && !isAbsolute(text) && !text.startsWith('-') && !/^[a-z][a-z0-9+.-]*:/i.test(text) && !text.includes('=');
}
