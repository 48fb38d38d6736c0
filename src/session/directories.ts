import { statfsSync } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

/** Kernel pseudo-filesystems (statfs magic numbers): nothing of ours is ever written there. */
const VIRTUAL_FILESYSTEMS = new Map<number, string>([
  [0x9fa0, 'proc'],
  [0x62656572, 'sysfs'],
  [0x64626720, 'debugfs'],
  [0x74726163, 'tracefs'],
  [0x73636673, 'securityfs'],
  [0x27e0eb, 'cgroup'],
  [0x63677270, 'cgroup2'],
  [0xcafe4a11, 'bpf'],
  [0x62656570, 'configfs'],
  [0x6165676c, 'pstore'],
  [0xde5e81e4, 'efivarfs'],
]);

/** A directory that cannot be made or used; the message names it and says why in words. */
export class DirectoryError extends Error {
  override readonly name = 'DirectoryError';
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path}: ${problem}`);
  }
}

/**
 * The name of the pseudo-filesystem `path` (or its nearest existing ancestor) lives on, such as "proc",
 * or undefined for an ordinary one.
 */
export function virtualFilesystemOf(path: string): string | undefined {
  for (const dir of selfAndAncestors(resolve(path))) {
    try {
      return VIRTUAL_FILESYSTEMS.get(statfsSync(dir).type);
    } catch {
      // it does not exist (yet): the next ancestor decides
    }
  }
  return undefined;
}

/** An absolute path, then its parent, and so on up to the root. */
function selfAndAncestors(path: string): string[] {
  const paths = [path];
  while (dirname(paths.at(-1)!) !== paths.at(-1)) paths.push(dirname(paths.at(-1)!));
  return paths;
}

/**
 * Creates a directory and its missing parents, one level at a time. Unlike `mkdir -p` in Node 20 (which
 * retries forever where the kernel refuses with ENOENT, e.g. under /proc), every failure ends in a
 * DirectoryError, and pseudo-filesystems are refused before anything is tried.
 */
export async function makeDirectory(path: string): Promise<void> {
  const target = resolve(path);
  const virtual = virtualFilesystemOf(target);
  if (virtual) throw new DirectoryError(target, `is on the ${virtual} pseudo-filesystem, where nothing can be stored`);
  const missing: string[] = [];
  for (let current = target; !(await existingDirectory(current)); current = dirname(current)) {
    if (dirname(current) === current) break;
    missing.unshift(current);
  }
  for (const dir of missing) {
    try {
      await mkdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST' && (await existingDirectory(dir))) continue;
      throw new DirectoryError(target, `cannot be created (${dir === target ? '' : `${dir}: `}${describeFsError(error, dir)})`);
    }
  }
}

async function existingDirectory(path: string): Promise<boolean> {
  try {
    const stats = await stat(path);
    if (!stats.isDirectory()) throw new DirectoryError(path, 'exists but is not a directory');
    return true;
  } catch (error) {
    if (error instanceof DirectoryError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return false;
    throw new DirectoryError(path, describeFsError(error, path));
  }
}

/** A filesystem error in words, without the raw `ECODE: ..., syscall 'path'` text. */
export function describeFsError(error: unknown, path?: string): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const words: Record<string, string> = {
    ENOENT: 'no such file or directory',
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    EISDIR: 'is a directory',
    ENOTDIR: 'a parent of it is a file, not a directory',
    EROFS: 'read-only file system',
    ENOSPC: 'no space left on device',
    EDQUOT: 'disk quota exceeded',
    EEXIST: 'already exists',
    ENAMETOOLONG: 'the name is too long',
    ELOOP: 'too many symbolic links',
    EMFILE: 'too many open files',
    EBUSY: 'busy',
    EIO: 'input/output error',
  };
  if (code && words[code]) return words[code]!;
  const message = error instanceof Error ? error.message : String(error);
  return path ? message.replace(`, ${path}`, '').replace(`'${path}'`, '').trim() : message;
}
