import { closeSync, constants, mkdirSync, openSync, readlinkSync } from 'node:fs';
import { isAbsolute, join, normalize, relative, sep } from 'node:path';
import { errnoError, FileRefusal } from './file-refusal';
import { protectedEntry } from './protected-paths';

const { O_RDONLY, O_DIRECTORY, O_NOFOLLOW } = constants;
/** As the kernel limits a path's symlinks (MAXSYMLINKS). */
const MAX_SYMLINKS = 40;

/**
 * `name` in an open directory: Node has no openat(2), but the kernel resolves `/proc/self/fd/<n>` to the
 * directory the descriptor holds (whatever has been renamed since), then looks up this one component there.
 */
export const inDirectory = (directory: number, name: string): string => `/proc/self/fd/${directory}/${name}`;

/** The file an open descriptor holds, by that descriptor (never by a name that may have been swapped). */
export const byDescriptor = (fd: number): string => `/proc/self/fd/${fd}`;

/** Opens the last component in its directory (a descriptor) with O_NOFOLLOW; a symlink there fails with ELOOP. */
export type LastComponentOpener = (directory: number, name: string) => number;

/** A symlink met on the way, by its place in the path's components and the text it holds. */
interface LinkMet {
  at: number;
  target: string;
}

/** The last component was a symlink when it was opened and is none when it is read: walk again. */
const CHANGED = Symbol('changed');

/**
 * Opens `path` below `workspace` without ever letting the kernel follow a symlink there. The walk starts
 * from a descriptor of the workspace and opens one component at a time, each relative to the descriptor of
 * the one before, with O_NOFOLLOW: so every directory opened is, by construction, a child of the previous
 * one, back to the workspace, and no rename or swap can move the walk elsewhere (a component turned into a
 * symlink fails to open; it is not followed). A symlink met on the way is read and its text walked again
 * from the workspace, the same way: one that stays inside is followed, one that leads out is refused.
 * `createParents` makes the missing directories (mkdir does not follow a symlink either). The protected
 * entries (see protected-paths.ts) are refused wherever the walk leads. Linux only (it needs /proc).
 * Synchronous: each step is one system call on a local directory (see LocalFiles for why).
 */
export function openBeneath(workspace: string, path: string, openLast: LastComponentOpener, createParents = false): number {
  let parts = componentsBelow(workspace, path, path);
  for (let links = 0; ; links++) {
    refuseProtected(parts, path);
    const walked = walk(workspace, parts, openLast, createParents);
    if (typeof walked === 'number') return walked;
    // Stryker disable next-line EqualityOperator: one link more or less before ELOOP
    if (links === MAX_SYMLINKS) throw errnoError('ELOOP', `ELOOP: too many symbolic links encountered, open '${path}'`);
    if (walked !== CHANGED) parts = followLink(workspace, parts, walked, path);
  }
}

/** The components of `path` below `workspace` (both absolute; `..` resolved as written), or a refusal. */
function componentsBelow(workspace: string, path: string, asked: string, link?: FileRefusal['details']['link']): string[] {
  const below = relative(workspace, normalize(path));
  if (below === '..' || below.startsWith(`..${sep}`) || isAbsolute(below)) throw new FileRefusal({ reason: 'outside', path: asked, link });
  return below ? below.split(sep) : [];
}

function refuseProtected(parts: string[], path: string): void {
  const entry = protectedEntry(parts);
  if (entry) throw new FileRefusal({ reason: 'protected', path, entry });
}

/** The path's components once the link met is replaced by what it holds (relative to its own directory). */
function followLink(workspace: string, parts: string[], { at, target }: LinkMet, path: string): string[] {
  const directory = join(workspace, ...parts.slice(0, at));
  const resolved = isAbsolute(target) ? target : join(directory, target);
  const link = { path: join(directory, parts[at]!), target };
  return [...componentsBelow(workspace, resolved, path, link), ...parts.slice(at + 1)];
}

function walk(workspace: string, parts: string[], openLast: LastComponentOpener, createParents: boolean): number | LinkMet | typeof CHANGED {
  // The workspace itself is configuration (its real path, resolved once when the sandbox was made).
  let directory = openSync(workspace, O_RDONLY | O_DIRECTORY);
  try {
    if (!parts.length) throw errnoError('EISDIR', `EISDIR: illegal operation on a directory, open '${workspace}'`);
    for (let at = 0; at < parts.length - 1; at++) {
      const next = openDirectory(directory, parts[at]!, createParents);
      if (typeof next === 'string') return { at, target: next };
      closeSync(directory);
      directory = next;
    }
    const last = parts.length - 1;
    try {
      return openLast(directory, parts[last]!);
    } catch (error) {
      const target = symlinkText(directory, parts[last]!, error);
      if (target === undefined) return CHANGED;
      return { at: last, target };
    }
  } finally {
    closeSync(directory);
  }
}

/** The directory `name` in `directory`, or the text of the symlink found there instead. */
function openDirectory(directory: number, name: string, create: boolean): number | string {
  try {
    return openSync(inDirectory(directory, name), O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && create) {
      try {
        mkdirSync(inDirectory(directory, name));
      } catch (failure) {
        if ((failure as NodeJS.ErrnoException).code !== 'EEXIST') throw failure; // made meanwhile: opened (or found a link) below
      }
      return openDirectory(directory, name, false);
    }
    const target = symlinkText(directory, name, error);
    if (target === undefined) throw error; // a file where a directory is wanted (or a link swapped for one)
    return target;
  }
}

/**
 * After an open with O_NOFOLLOW failed with ELOOP (the last component) or ENOTDIR (a directory): the text
 * of the symlink `name` is, or undefined when it is none by now. Any other failure is thrown as it is.
 */
function symlinkText(directory: number, name: string, error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== 'ELOOP' && code !== 'ENOTDIR') throw error;
  try {
    return readlinkSync(inDirectory(directory, name));
  } catch {
    return undefined;
  }
}
