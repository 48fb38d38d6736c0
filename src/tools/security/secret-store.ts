import { mkdirSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { mountableReadablePaths } from './readable-paths';
import { isInside } from './workspace-paths';

/** synapse's own directory: settings (an API key), MCP logins (OAuth tokens), trusted projects, chat history, sessions. */
export function synapseHome(): string {
  return join(homedir(), '.synapse');
}

/**
 * Where synapse keeps what no tool may see: its own directory, and the sessions directory when
 * SYNAPSE_SESSIONS_DIR puts it elsewhere (the sandbox's `hiddenPaths` add more). The sandbox mounts an empty
 * directory over each, and the agent commands refuse them in every mode; the readable paths inside one (an
 * offload folder, ~/.synapse/skills) stay readable.
 */
export function defaultHiddenPaths(env: NodeJS.ProcessEnv = process.env): string[] {
  return [synapseHome(), ...(env.SYNAPSE_SESSIONS_DIR ? [env.SYNAPSE_SESSIONS_DIR] : [])];
}

/**
 * The hidden paths that can hide something from a workspace, as given and as they really are: one that
 * holds the workspace (or is it) cannot be hidden from it, and is left out.
 */
export function effectiveHiddenPaths(paths: readonly string[], workspace: string): string[] {
  const all = paths.flatMap((path) => {
    const given = resolve(path);
    try {
      return [given, realpathSync(given)];
    } catch {
      return [given];
    }
  });
  return [...new Set(all)].filter((path) => !isInside(path, workspace));
}

/**
 * The hidden directories to mount an empty directory over, made first when missing (synapse makes them
 * anyway, and a mount needs a place): the real ones only, and none under /tmp (the private /tmp hides those).
 */
export function hiddenMountPoints(hidden: readonly string[]): string[] {
  const points = new Set<string>();
  for (const path of hidden) {
    try {
      mkdirSync(path, { recursive: true, mode: 0o700 });
    } catch {
      // not makeable (a read-only home): judged below
    }
    if (statSync(path, { throwIfNoEntry: false })?.isDirectory() && realpathSync(path) === path && !isInside('/tmp', path)) points.add(path);
  }
  return [...points];
}

/** Whether a path (symlinks resolved) lies in a hidden path, but for what is kept readable inside one. */
export function inHiddenPath(realPath: string, hidden: readonly string[], keptReadable: readonly string[]): boolean {
  const inside = (path: string) => hidden.some((point) => isInside(point, path));
  return inside(realPath) && !keptReadable.some((kept) => inside(kept) && isInside(kept, realPath));
}

/**
 * bubblewrap arguments (after every other mount) that put an empty directory over each hidden path, bind
 * the readable paths that lie in one again, then make the empty directories read-only.
 */
export function hidingMounts(hidden: readonly string[], readable: readonly string[]): string[] {
  const points = hiddenMountPoints(hidden);
  const args = points.flatMap((point) => ['--tmpfs', point]);
  const inHidden = (path: string) => points.some((point) => isInside(point, path));
  for (const { source, target } of mountableReadablePaths(readable)) {
    if (inHidden(source)) args.push('--ro-bind', source, source);
    if (target !== source && inHidden(target)) args.push('--ro-bind', source, target);
  }
  return [...args, ...points.flatMap((point) => ['--remount-ro', point])];
}

const settingsSchema = z.looseObject({ apiKey: z.string().optional() });
const loginSchema = z.looseObject({
  tokens: z.looseObject({ access_token: z.string().optional(), refresh_token: z.string().optional(), id_token: z.string().optional() }).optional(),
  client: z.looseObject({ client_secret: z.string().optional() }).optional(),
});

/**
 * The secret values synapse keeps in its directory: the settings' `apiKey` and each MCP login's tokens and
 * client secret (`mcp/oauth/<server>.json`), for the redactor to know. A file that is missing or not valid
 * holds none (the code that uses it reports it).
 */
export function storedSecrets(home = synapseHome()): string[] {
  const found: Array<string | undefined> = [settingsSchema.safeParse(readJson(join(home, 'settings.json'))).data?.apiKey];
  const logins = join(home, 'mcp', 'oauth');
  for (const name of listNames(logins)) {
    if (!name.endsWith('.json')) continue;
    const login = loginSchema.safeParse(readJson(join(logins, name))).data;
    found.push(login?.tokens?.access_token, login?.tokens?.refresh_token, login?.tokens?.id_token, login?.client?.client_secret);
  }
  return found.filter((value): value is string => Boolean(value));
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

function listNames(directory: string): string[] {
  try {
    return readdirSync(directory);
  } catch {
    return [];
  }
}
