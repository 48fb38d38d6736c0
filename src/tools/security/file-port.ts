import type { LineCount } from './line-count';

/** What a directory listing says of one entry (from the directory itself: a symlink is `other`). */
export interface DirectoryEntry {
  name: string;
  type: 'file' | 'directory' | 'other';
}

/**
 * The file system work of the agent commands, as primitive operations on paths and on open files (by a
 * handle number). Two implementations: LocalFiles does it in this process, SandboxedFiles asks a helper
 * process inside the sandbox to do it (the helper runs LocalFiles). Every open is checked on what was
 * opened, never by a second look at the name: see LocalFiles.
 */
export interface FilePort {
  /** Opens a regular file to read. */
  openRead(path: string): Promise<{ handle: number; size: number }>;
  /** Opens a regular file to read and then replace, and reads it whole (at most `maxBytes`). */
  openEdit(path: string, maxBytes: number): Promise<{ handle: number; content: Buffer }>;
  /** Up to `length` bytes from `position`; fewer at the end of the file. */
  read(handle: number, position: number, length: number): Promise<Buffer>;
  /** Counts newlines from `position` without sending the bytes back (see countLineEnds). */
  countLines(handle: number, position: number, stopAfter: number, maxBytes: number): Promise<LineCount>;
  /** Replaces the whole content of a file opened with openEdit. */
  replace(handle: number, content: Buffer): Promise<void>;
  close(handle: number): Promise<void>;
  /** Creates or overwrites a regular file, creating missing parent directories. */
  write(path: string, content: Buffer): Promise<void>;
  list(path: string): Promise<DirectoryEntry[]>;
  /** A regular file's whole content (at most `maxBytes`). */
  readFile(path: string, maxBytes: number): Promise<Buffer>;
  /** Closes what is still open and ends what was started. */
  dispose(): Promise<void>;
}
