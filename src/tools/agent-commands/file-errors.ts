import { executionFailure, permissionFailure } from '../command-results';
import { SandboxRefusal } from '../security/workspace-files';
import type { CommandResult } from '../types';

/** Turns a file error into the message the model sees, naming the path as it was given. */
export function fileErrorResult(error: unknown, path: string): CommandResult {
  if (error instanceof SandboxRefusal) return permissionFailure(error.message);
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return executionFailure(`File not found: ${path}`);
  if (code === 'EISDIR') return executionFailure(`Is a directory: ${path} (list it with glob or ls)`);
  if (code === 'EACCES' || code === 'EPERM') return executionFailure(`Permission denied: ${path}`);
  return executionFailure(`Cannot access ${path}: ${(error as Error)?.message ?? String(error)}`);
}
