import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, readdir, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { describeFsError, writeFileAtomic } from '../session';

/** The one line that stands for an offloaded tool result. */
export const OFFLOAD_REFERENCE_PREFIX = 'Tool result is at:';

const FILE_NAME = /^result-[0-9a-f]{16}\.txt$/;
const REFERENCE = /^Tool result is at: (\S.*)$/;

export interface CleanupResult {
  deleted: string[];
  /** Files that could not be deleted, and why (reported as warnings, never thrown). */
  failed: Array<{ path: string; reason: string }>;
}

/**
 * The files offloaded tool results live in: one directory (a session's `offload/`, or a private one for a
 * runner without a session), files named by the hash of their content. Only files of this directory,
 * named as it names them, are ever read back: a reference is text a tool could have printed, so a path
 * elsewhere (`/etc/shadow`) is never followed.
 */
export class OffloadStore {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = resolve(dir);
  }

  /** Writes a tool result (atomically; the same content twice is one file) and returns its path. */
  async save(content: string): Promise<string> {
    const path = join(this.dir, `result-${createHash('sha256').update(content).digest('hex').slice(0, 16)}.txt`);
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    await writeFileAtomic(path, content);
    return path;
  }

  /** The path a message's content refers to, when it is exactly an offload reference. */
  static referenceIn(content: string | null): string | undefined {
    return REFERENCE.exec(content ?? '')?.[1];
  }

  static reference(path: string): string {
    return `${OFFLOAD_REFERENCE_PREFIX} ${path}`;
  }

  /** Whether `path` names one of this store's files (a name it gives, directly in its directory). */
  owns(path: string): boolean {
    const absolute = resolve(path);
    return dirname(absolute) === this.dir && FILE_NAME.test(basename(absolute));
  }

  /**
   * A file's content; undefined when it is gone. Throws for a path the store does not own, and never
   * follows a symbolic link planted in its place.
   */
  async read(path: string): Promise<string | undefined> {
    if (!this.owns(path)) throw new Error(`not an offloaded file: ${path}`);
    let handle;
    try {
      handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    try {
      if (!(await handle.stat()).isFile()) return undefined;
      return await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
  }

  /** Deletes every file of the store except `retained`; one that cannot be deleted is reported, the rest still go. */
  async cleanup(retained: ReadonlySet<string> = new Set()): Promise<CleanupResult> {
    const result: CleanupResult = { deleted: [], failed: [] };
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return result;
      return { deleted: [], failed: [{ path: this.dir, reason: describeFsError(error) }] };
    }
    const keep = new Set([...retained].map((path) => resolve(path)));
    for (const name of names.filter((entry) => FILE_NAME.test(entry)).sort()) {
      const path = join(this.dir, name);
      if (keep.has(path)) continue;
      try {
        await rm(path);
        result.deleted.push(path);
      } catch (error) {
        result.failed.push({ path, reason: describeFsError(error) });
      }
    }
    return result;
  }

  /** How many offloaded files the store holds: 0 once its directory is gone (upstream's countOffloadedFiles). */
  async count(): Promise<number> {
    const names = await readdir(this.dir).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)));
    return names.filter((name) => FILE_NAME.test(name)).length;
  }

  /** Removes the directory and everything in it. */
  async remove(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}

/** The offloaded files the messages still refer to (tool messages only: only they are ever offloaded). */
export function referencedFiles(messages: Iterable<{ role: string; content: string | null }>): Set<string> {
  const files = new Set<string>();
  for (const message of messages) {
    if (message.role !== 'tool') continue;
    const path = OffloadStore.referenceIn(message.content);
    if (path) files.add(resolve(path));
  }
  return files;
}
