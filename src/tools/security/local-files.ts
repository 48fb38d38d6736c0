import { constants, type Stats } from 'node:fs';
import { mkdir, open, readdir, readlink, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { byDescriptor, inDirectory, openBeneath } from './descriptor-walk';
import { FileRefusal, FileTooLarge, NotRegularFile } from './file-refusal';
import type { DirectoryEntry, FilePort } from './file-port';

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
 */
export class LocalFiles implements FilePort {
  private readonly open = new Map<number, FileHandle>();

  constructor(private readonly policy: FilePolicy) {}

  async openRead(path: string): Promise<{ handle: number; size: number }> {
    const handle = await this.openToRead(path);
    return { handle: this.keep(handle), size: (await handle.stat()).size };
  }

  async openEdit(path: string, maxBytes: number): Promise<{ handle: number; content: Buffer }> {
    const handle = await this.openToWrite(path, O_RDWR);
    try {
      const { size } = await handle.stat();
      if (size > maxBytes) throw new FileTooLarge(size);
      return { handle: this.keep(handle), content: await handle.readFile() };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async read(id: number, position: number, length: number): Promise<Buffer> {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await this.handle(id).read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  }

  async replace(id: number, content: Buffer): Promise<void> {
    await replaceContent(this.handle(id), content);
  }

  async close(id: number): Promise<void> {
    const handle = this.handle(id);
    this.open.delete(id);
    await handle.close();
  }

  async write(path: string, content: Buffer): Promise<void> {
    const handle = await this.openToWrite(path, O_WRONLY | O_CREAT, true);
    try {
      await replaceContent(handle, content);
    } finally {
      await handle.close();
    }
  }

  async list(path: string): Promise<DirectoryEntry[]> {
    const handle = await open(path, O_RDONLY | O_DIRECTORY);
    try {
      await this.refuseHidden(handle, path);
      const entries = await readdir(byDescriptor(handle), { withFileTypes: true });
      return entries.map((entry) => ({ name: entry.name, type: entry.isFile() ? 'file' : entry.isDirectory() ? 'directory' : 'other' }));
    } finally {
      await handle.close();
    }
  }

  async readFile(path: string, maxBytes: number): Promise<Buffer> {
    const handle = await this.openToRead(path);
    try {
      const { size } = await handle.stat();
      if (size > maxBytes) throw new FileTooLarge(size);
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  }

  async dispose(): Promise<void> {
    const handles = [...this.open.values()];
    this.open.clear();
    await Promise.all(handles.map((handle) => handle.close().catch(() => undefined)));
  }

  private async openToRead(path: string): Promise<FileHandle> {
    const handle = await open(path, O_RDONLY | O_NONBLOCK);
    return this.verified(handle, (handle) => this.refuseHidden(handle, path));
  }

  private async openToWrite(path: string, flags: number, createParents = false): Promise<FileHandle> {
    const mode = 0o666; // less the umask, as for any new file
    if (!this.policy.confined) {
      if (createParents) await mkdir(dirname(path), { recursive: true });
      return this.verified(await open(path, flags | O_NONBLOCK, mode));
    }
    const openLast = (directory: FileHandle, name: string) => open(inDirectory(directory, name), flags | O_NOFOLLOW | O_NONBLOCK, mode);
    return this.verified(await openBeneath(this.policy.workspace, path, openLast, createParents));
  }

  /** The handle, once what it holds is allowed and a regular file; closed otherwise. */
  private async verified(handle: FileHandle, allowed?: (handle: FileHandle) => Promise<void>): Promise<FileHandle> {
    try {
      await allowed?.(handle);
      const info = await handle.stat();
      if (!info.isFile()) throw new NotRegularFile(kindOf(info));
      return handle;
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  private async refuseHidden(handle: FileHandle, path: string): Promise<void> {
    if (!this.policy.hidden) return;
    if (this.policy.hidden(await readlink(byDescriptor(handle)))) throw new FileRefusal({ reason: 'hidden', path });
  }

  private keep(handle: FileHandle): number {
    this.open.set(handle.fd, handle);
    return handle.fd;
  }

  private handle(id: number): FileHandle {
    const handle = this.open.get(id);
    if (!handle) throw new Error(`no open file with handle ${id}`);
    return handle;
  }
}

/** Writes over the file from its start, then cuts what is left of the old content (a file that cannot be written keeps it). */
async function replaceContent(handle: FileHandle, content: Buffer): Promise<void> {
  for (let written = 0; written < content.length; ) {
    written += (await handle.write(content, written, content.length - written, written)).bytesWritten;
  }
  await handle.truncate(content.length);
}

/** What an opened non-file is: open() cannot open a socket (ENXIO), so a block device is what is left. */
function kindOf(info: Stats): string {
  if (info.isDirectory()) return 'a directory';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isFIFO()) return 'a FIFO';
  return 'a block device';
}
