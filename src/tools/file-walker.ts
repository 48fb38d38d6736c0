import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

export interface WalkOptions {
  signal: AbortSignal;
  /** Directory names not entered (defaults: .git, node_modules). */
  skipDirectories?: ReadonlySet<string>;
  /** How many directory levels below the root to enter (default: unlimited). */
  maxDepth?: number;
  /** Whether to enter a directory (its absolute path); the sandbox hides some. */
  enter: (directory: string) => boolean;
}

export const DEFAULT_SKIPPED_DIRECTORIES: ReadonlySet<string> = new Set(['.git', 'node_modules']);

/** Yields the files under `root` as paths relative to it ('/'-separated), in sorted order. Symlinks are not followed. */
export async function* walkFiles(root: string, options: WalkOptions): AsyncGenerator<string> {
  const skip = options.skipDirectories ?? DEFAULT_SKIPPED_DIRECTORIES;
  const maxDepth = options.maxDepth ?? Infinity;
  async function* visit(relative: string, depth: number): AsyncGenerator<string> {
    if (options.signal.aborted) return;
    let entries;
    try {
      entries = await readdir(relative ? join(root, relative) : root, { withFileTypes: true });
    } catch {
      return; // unreadable directories are skipped, as find and rg do
    }
    // In JavaScript's string order (UTF-16 code units), whatever order readdir gives. The names in one
    // directory are distinct, so no two compare equal.
    entries.sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!skip.has(entry.name) && depth < maxDepth && options.enter(join(root, path))) yield* visit(path, depth + 1);
      } else if (entry.isFile()) {
        yield path;
      }
    }
  }
  yield* visit('', 0);
}
