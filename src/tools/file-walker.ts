import { join } from 'node:path';
import type { DirectoryEntry } from './security/file-port';

export interface WalkOptions {
  signal: AbortSignal;
  /** A directory's entries; it refuses (throws) what the sandbox hides, judged on the directory opened. */
  list: (directory: string) => Promise<DirectoryEntry[]>;
  /** Directory names not entered (defaults: .git, node_modules). */
  skipDirectories?: ReadonlySet<string>;
  /** How many directory levels below the root to enter (default: unlimited). */
  maxDepth?: number;
}

export const DEFAULT_SKIPPED_DIRECTORIES: ReadonlySet<string> = new Set(['.git', 'node_modules']);

/**
 * Yields the files under `root` as paths relative to it ('/'-separated), in sorted order. Symlinks are not
 * followed. The root's listing error is thrown (the caller says why); a directory below it that cannot be
 * listed is skipped.
 */
export async function* walkFiles(root: string, options: WalkOptions): AsyncGenerator<string> {
  const skip = options.skipDirectories ?? DEFAULT_SKIPPED_DIRECTORIES;
  const maxDepth = options.maxDepth ?? Infinity;
  async function* visit(relative: string, depth: number): AsyncGenerator<string> {
    if (options.signal.aborted) return;
    let entries;
    try {
      entries = await options.list(relative ? join(root, relative) : root);
    } catch (error) {
      if (!relative) throw error;
      return; // unreadable (or hidden) directories are skipped, as find and rg skip unreadable ones
    }
    // In JavaScript's string order (UTF-16 code units), whatever order readdir gives. The names in one
    // directory are distinct, so no two compare equal.
    entries.sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.type === 'directory') {
        if (!skip.has(entry.name) && depth < maxDepth) yield* visit(path, depth + 1);
      } else if (entry.type === 'file') {
        yield path;
      }
    }
  }
  yield* visit('', 0);
}
