/** A session file that cannot be read or written: names the file and says what is wrong in words. */
export class SessionFileError extends Error {
  override readonly name = 'SessionFileError';
  constructor(
    readonly path: string,
    readonly operation: 'read' | 'write',
    readonly code: string | undefined,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const PROBLEMS: Record<string, string> = {
  EISDIR: 'it is a directory, where a file was expected',
  ENOTDIR: 'a part of its path is not a directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOSPC: 'the disk is full',
  EROFS: 'the file system is read-only',
  EDQUOT: 'the disk quota is exceeded',
  EMFILE: 'too many open files',
  EIO: 'an input/output error',
};

/** Wraps a file-system error so its message names the file; other errors (and ours) pass through. */
export function sessionFileError(path: string, operation: 'read' | 'write', error: unknown): Error {
  if (error instanceof SessionFileError) return error;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code !== 'string') return error instanceof Error ? error : new Error(String(error));
  const problem = PROBLEMS[code] ?? (error as Error).message.replace(/, (open|read|write|rename|mkdir) .*/s, '');
  return new SessionFileError(path, operation, code, `Cannot ${operation} ${path}: ${problem} (${code})`, { cause: error });
}
