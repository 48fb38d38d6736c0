import { realpathSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, relative, resolve, sep } from 'node:path';

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

/** The real path of `path` if it is a directory inside `root` (already real), else undefined. */
export function realDirectoryInside(root: string, path: string): string | undefined {
  try {
    const real = realpathSync(path);
    return isInside(root, real) && statSync(real).isDirectory() ? real : undefined;
  } catch {
    return undefined;
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

/** hiddenBySandbox, except inside the paths the sandbox mounts readable (`keptReadable`, real and as mounted). */
export function hiddenFrom(realPath: string, workspace: string, keptReadable: readonly string[]): boolean {
  return hiddenBySandbox(realPath, workspace) && !keptReadable.some((path) => isInside(path, realPath));
}
