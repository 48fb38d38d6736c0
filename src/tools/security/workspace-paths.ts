import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/** The workspace with symlinks resolved (as given when it does not exist). */
export function realWorkspace(path: string): string {
  try {
    return realpathSync(resolve(path));
  } catch {
    return resolve(path);
  }
}

/** Whether `path` is `root` or below it (both already absolute). */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  // `..` or `../x` climb out (`..x` is a name inside); an absolute result is another drive (Windows only).
  return rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

/**
 * Where `path` really points: symlinks resolved for the part that exists, the rest appended as written.
 * A new file in a symlinked directory therefore resolves to where it would really be created.
 */
export function realTarget(path: string): string {
  let existing = resolve(path);
  const rest: string[] = [];
  for (;;) {
    try {
      return join(realpathSync(existing), ...rest.reverse());
    } catch {
      const parent = dirname(existing);
      if (parent === existing) return resolve(path);
      rest.push(basename(existing));
      existing = parent;
    }
  }
}

/**
 * Paths the sandbox hides from commands, which in-process commands must not reveal either: the host's
 * temp directories (commands get a private /tmp) and other processes' /proc entries.
 */
export function hiddenBySandbox(realPath: string, workspace: string): boolean {
  if (isInside(workspace, realPath)) return false;
  if (isInside('/proc', realPath)) return true;
  return ['/tmp', realWorkspace(tmpdir())].some((temp) => isInside(temp, realPath));
}

/**
 * The project's own configuration, which commands may not change: `.synapse/` holds the project's settings
 * files, whose hooks run outside the sandbox in a trusted project (as Claude Code protects `.claude/`).
 */
export const PROTECTED_DIR = '.synapse';

/** Whether `realPath` lies in the workspace's protected directory. */
export function isProtected(workspace: string, realPath: string): boolean {
  return isInside(join(workspace, PROTECTED_DIR), realPath);
}
