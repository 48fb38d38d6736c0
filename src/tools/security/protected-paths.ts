import { lstatSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Workspace entries that decide what synapse itself runs: the project's settings (hooks are programs) and
 * the MCP server lists (servers are programs). A model must not plant one, so neither the agent commands
 * nor sandboxed shell commands may change them; the person edits them outside the agent.
 */
export const PROTECTED_DIRECTORY = '.synapse';
export const PROTECTED_FILES: readonly string[] = ['mcp_servers.json', '.mcp.json'];

/** The protected entry `parts` (a path below the workspace, split) lies in, if any. */
export function protectedEntry(parts: readonly string[]): string | undefined {
  const [first] = parts;
  if (first === PROTECTED_DIRECTORY) return PROTECTED_DIRECTORY;
  if (parts.length === 1 && PROTECTED_FILES.includes(first!)) return first;
  return undefined;
}

/**
 * bubblewrap arguments that mount the workspace's protected entries read-only again over the writable
 * workspace. A mount needs something to mount on, so a missing `.synapse` directory is made (empty); a
 * missing MCP file cannot be, and stays unprotected from shell commands (the agent commands refuse it, and
 * a workspace MCP file starts only in a trusted project). An entry that is a symlink is not mounted: the
 * link itself could be replaced whatever is mounted where it points.
 */
export function protectedBinds(workspace: string): string[] {
  const directory = join(workspace, PROTECTED_DIRECTORY);
  try {
    mkdirSync(directory);
  } catch {
    // there already (or not makeable): judged below
  }
  const binds = lstatSync(directory, { throwIfNoEntry: false })?.isDirectory() ? [directory] : [];
  for (const name of PROTECTED_FILES) if (lstatSync(join(workspace, name), { throwIfNoEntry: false })?.isFile()) binds.push(join(workspace, name));
  return binds.flatMap((path) => ['--ro-bind', path, path]);
}
