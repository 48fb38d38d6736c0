import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { isInside } from './workspace-paths';

/** Where the sandbox has its own: no host path may be mounted at, over or under these (the host's /proc and /tmp, its devices). */
const SANDBOX_OWN = ['/proc', '/dev', '/tmp'];

/** A host directory bound read-only into the sandbox: the real directory, shown where it was configured. */
export interface ReadableMount {
  source: string;
  target: string;
}

/**
 * The readable paths that may be mounted, judged by where they really are: not the root, nor anything
 * that is, holds or lies in the sandbox's own /proc or /dev, nor /tmp or what holds it (a directory below
 * /tmp is fine: that is why it is bound), nor what lies in the workspace (mounted anyway). A path that
 * does not exist is left out; so is one whose configured place lies in /proc or /dev.
 */
export function mountableReadablePaths(paths: readonly string[], workspace: string): ReadableMount[] {
  const mounts: ReadableMount[] = [];
  for (const path of paths) {
    const target = resolve(path);
    let source: string;
    try {
      source = realpathSync(target);
    } catch {
      continue;
    }
    if (SANDBOX_OWN.some((own) => isInside(source, own) || (own !== '/tmp' && (isInside(own, source) || isInside(own, target))))) continue;
    if (!isInside(workspace, source)) mounts.push({ source, target });
  }
  return mounts;
}
