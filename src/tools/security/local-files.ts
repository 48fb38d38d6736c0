import { closeSync, constants, fstatSync, ftruncateSync, mkdirSync, openSync, readdirSync, readlinkSync, readSync, type Stats, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { byDescriptor, inDirectory, openBeneath } from './descriptor-walk';
import { FileRefusal, FileTooLarge, NotRegularFile } from './file-refusal';
import type { DirectoryEntry, FilePort } from './file-port';
import { countLineEnds, type LineCount } from './line-count';

const { O_RDONLY, O_WRONLY, O_RDWR, O_CREAT, O_NONBLOCK, O_NOFOLLOW, O_DIRECTORY } = constants;

export interface FilePolicy {
  /** The workspace, symlinks resolved. */
  workspace: string;
  /** Writes stay below the workspace, walked without following a symlink out of it (see openBeneath). */
  confined: boolean;
  /** Real paths a read may not reveal; judged on the file that was opened. */
  hidden?: (realPath: string) => boolean;
}

/**
 * The agent commands' file work in this process. Confined, a write or an edit opens its file through
 * openBeneath (no symlink followed out of the workspace, no name looked up twice); a read opens by path,
 * following links as `cat` would, then asks the kernel what it opened (the descriptor's path in
 * /proc/self/fd) and refuses what is hidden. Every open is O_NONBLOCK (a FIFO would wait for a writer) and
 * the opened file must be a regular one (fstat on the descriptor). Unconfined (sandbox off), paths are
 * opened as given.
 *
 * The calls are synchronous: each is one system call on a local file, bounded in size (a read is a page,
 * a whole file is capped). Through the thread pool every call would cost two scheduler wakeups, which on a
 * busy machine made a write through the sandboxed helper take many milliseconds instead of one.
 */
export class LocalFiles implements FilePort {
  private readonly open = new Set<number>();

  constructor(private readonly policy: FilePolicy) {}

  async openRead(path: string): Promise<{ handle: number; size: number }> {
    const fd = this.openToRead(path);
    return { handle: this.keep(fd), size: fstatSync(fd).size };
  }

  async openEdit(path: string, maxBytes: number): Promise<{ handle: number; content: Buffer }> {
    const fd = this.openToWrite(path, O_RDWR);
    try {
      const { size } = fstatSync(fd);
      if (size > maxBytes) throw new FileTooLarge(size);
      return { handle: this.keep(fd), content: readWhole(fd, size, maxBytes) };
    } catch (error) {
      closeSync(fd);
      throw error;
    }
  }

  async read(fd: number, position: number, length: number): Promise<Buffer> {
    const buffer = Buffer.alloc(length);
    return buffer.subarray(0, readSync(this.handle(fd), buffer, 0, length, position));
  }

  async countLines(fd: number, position: number, stopAfter: number, maxBytes: number): Promise<LineCount> {
    return countLineEnds(this.handle(fd), position, stopAfter, maxBytes);
  }

  async replace(fd: number, content: Buffer): Promise<void> {
    replaceContent(this.handle(fd), content);
  }

  async close(fd: number): Promise<void> {
    this.open.delete(this.handle(fd));
    closeSync(fd);
  }

  async write(path: string, content: Buffer): Promise<void> {
    const fd = this.openToWrite(path, O_WRONLY | O_CREAT, true);
    try {
      replaceContent(fd, content);
    } finally {
      closeSync(fd);
    }
  }

  async list(path: string): Promise<DirectoryEntry[]> {
    const fd = openSync(path, O_RDONLY | O_DIRECTORY);
    try {
      this.refuseHidden(fd, path);
      return readdirSync(byDescriptor(fd), { withFileTypes: true }).map((entry) => ({ name: entry.name, type: entry.isFile() ? 'file' : entry.isDirectory() ? 'directory' : 'other' }));
    } finally {
      closeSync(fd);
    }
  }

  async readFile(path: string, maxBytes: number): Promise<Buffer> {
    const fd = this.openToRead(path);
    try {
      const { size } = fstatSync(fd);
      if (size > maxBytes) throw new FileTooLarge(size);
      return readWhole(fd, size, maxBytes);
    } finally {
      closeSync(fd);
    }
  }

  async dispose(): Promise<void> {
    for (const fd of this.open) closeSync(fd);
    this.open.clear();
  }

  private openToRead(path: string): number {
    return this.verified(openSync(path, O_RDONLY | O_NONBLOCK), (fd) => this.refuseHidden(fd, path));
  }

  private openToWrite(path: string, flags: number, createParents = false): number {
    const mode = 0o666; // less the umask, as for any new file
    if (!this.policy.confined) {
      if (createParents) mkdirSync(dirname(path), { recursive: true });
      return this.verified(openSync(path, flags | O_NONBLOCK, mode));
    }
    const openLast = (directory: number, name: string) => openSync(inDirectory(directory, name), flags | O_NOFOLLOW | O_NONBLOCK, mode);
    return this.verified(openBeneath(this.policy.workspace, path, openLast, createParents));
  }

  /** The descriptor, once what it holds is allowed and a regular file; closed otherwise. */
  private verified(fd: number, allowed?: (fd: number) => void): number {
    try {
      allowed?.(fd);
      const info = fstatSync(fd);
      if (!info.isFile()) throw new NotRegularFile(kindOf(info));
      return fd;
    } catch (error) {
      closeSync(fd);
      throw error;
    }
  }

  private refuseHidden(fd: number, path: string): void {
    if (!this.policy.hidden) return;
    if (this.policy.hidden(readlinkSync(byDescriptor(fd)))) throw new FileRefusal({ reason: 'hidden', path });
  }

  private keep(fd: number): number {
    this.open.add(fd);
    return fd;
  }

  private handle(fd: number): number {
    if (!this.open.has(fd)) throw new Error(`no open file with handle ${fd}`);
    return fd;
  }
}

/**
 * A regular file's content, read through its descriptor: `size` (from fstat) is where to start, not a
 * promise (a file in /proc says 0, a file being written grows); past `maxBytes` it is too large all the same.
 */
function readWhole(fd: number, size: number, maxBytes: number): Buffer {
  const chunks: Buffer[] = [];
  let position = 0;
  for (let chunk = Buffer.alloc(Math.max(size, 1)); ; chunk = Buffer.alloc(64 * 1024)) {
    const read = readSync(fd, chunk, 0, chunk.length, position);
    if (!read) return Buffer.concat(chunks);
    chunks.push(chunk.subarray(0, read));
    position += read;
    if (position > maxBytes) throw new FileTooLarge(position);
  }
}

/** Writes over the file from its start, then cuts what is left of the old content (a file that cannot be written keeps it). */
function replaceContent(fd: number, content: Buffer): void {
  for (let written = 0; written < content.length; ) written += writeSync(fd, content, written, content.length - written, written);
  ftruncateSync(fd, content.length);
}

/** What an opened non-file is: open() cannot open a socket (ENXIO), so a block device is what is left. */
function kindOf(info: Stats): string {
  if (info.isDirectory()) return 'a directory';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isFIFO()) return 'a FIFO';
  return 'a block device';
}
