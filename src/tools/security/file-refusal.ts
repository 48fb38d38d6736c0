/**
 * Why the sandbox refused a file operation, with what the message needs; the words are chosen by the one
 * who knows the sandbox's mode (see WorkspaceFiles), not by where the refusal was found (maybe in a helper).
 */
export type RefusalReason = 'outside' | 'hidden' | 'protected';

export interface RefusalDetails {
  reason: RefusalReason;
  /** The path as the operation was asked for (absolute). */
  path: string;
  /** The symlink that pointed out of the workspace, and what it holds. */
  link?: { path: string; target: string };
  /** The protected workspace entry the path lies in. */
  entry?: string;
}

export class FileRefusal extends Error {
  override readonly name = 'FileRefusal';
  constructor(readonly details: RefusalDetails) {
    super(`${details.reason}: ${details.path}`);
  }
}

/** The operation needs a regular file and found something else (a directory, a FIFO, a device). */
export class NotRegularFile extends Error {
  override readonly name = 'NotRegularFile';
  constructor(readonly kind: string) {
    super(`not a regular file (${kind})`);
  }
}

/** A file over the size the operation holds in memory. */
export class FileTooLarge extends Error {
  override readonly name = 'FileTooLarge';
  constructor(readonly size: number) {
    super(`${size} bytes`);
  }
}

/** An error from the file system, as Node reports it (ENOENT, EISDIR, EROFS...). */
export function errnoError(code: string, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code });
}
