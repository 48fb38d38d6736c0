import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative } from 'node:path';

// Real paths for the project's trust: a symlink to a project is that project.

/**
 * A file's path with its directory made real: the file itself is judged where it is looked up, never where
 * a link in the project points (a link to a file elsewhere is still the project's word).
 */
export function realDirectoryPath(file: string): string {
  return join(realPath(dirname(file)), basename(file));
}

/** `path` with its deepest existing part replaced by its real path (the rest may not exist yet). */
export function realPath(path: string): string {
  const missing: string[] = [];
  for (let at = path; ; missing.unshift(basename(at)), at = dirname(at)) {
    const real = realOrUndefined(at);
    if (real !== undefined) return join(real, ...missing);
    if (at === dirname(at)) return path;
  }
}

function realOrUndefined(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

export function isInside(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (rel !== '..' && !rel.startsWith('../') && !isAbsolute(rel));
}
