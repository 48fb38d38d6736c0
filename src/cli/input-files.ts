import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describeFsError, virtualFilesystemOf } from '../session/directories';
import { CliError } from './exit-codes';

const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Reads a file the user named (`label` says which flag it came from). Only a regular file of bounded size
 * is read, so `--fixture /dev/zero` or a FIFO cannot hang the CLI; every failure is one line naming the
 * path and the problem in words (exit 2).
 */
export function readInputFile(path: string, label: string, maxBytes = DEFAULT_MAX_BYTES): string {
  const size = regularFileSize(path, label);
  if (size > maxBytes) throw new CliError(`${label} ${path}: too large (${formatBytes(size)}; at most ${formatBytes(maxBytes)})`);
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new CliError(`${label} ${path}: ${describeFsError(error, path)}`);
  }
}

/** The size of a regular file the user named; anything else (missing, a directory, a device) is bad input. */
export function regularFileSize(path: string, label: string): number {
  let stats;
  try {
    stats = statSync(path);
  } catch (error) {
    throw new CliError(`${label} ${path}: ${describeFsError(error, path)}`);
  }
  if (stats.isDirectory()) throw new CliError(`${label} ${path}: is a directory, not a file`);
  if (!stats.isFile()) throw new CliError(`${label} ${path}: is not a regular file`);
  return stats.size;
}

/**
 * Checks, before any work, that a file can be written where the user asked: its directory exists, what is
 * there now (if anything) is a regular file, and it is not on a pseudo-filesystem such as /proc.
 */
export function checkOutputFile(path: string, label: string): void {
  const target = resolve(path);
  const virtual = virtualFilesystemOf(target);
  if (virtual) throw new CliError(`${label} ${path}: is on the ${virtual} pseudo-filesystem, where nothing can be written`);
  let parent;
  try {
    parent = statSync(dirname(target));
  } catch (error) {
    throw new CliError(`${label} ${path}: the directory ${dirname(target)} cannot be used (${describeFsError(error)})`);
  }
  if (!parent.isDirectory()) throw new CliError(`${label} ${path}: ${dirname(target)} is not a directory`);
  try {
    const existing = statSync(target);
    if (existing.isDirectory()) throw new CliError(`${label} ${path}: is a directory, not a file`);
    // Files are replaced atomically (a new file renamed over the old): never over a device, a pipe or a socket.
    if (!existing.isFile()) throw new CliError(`${label} ${path}: is not a regular file`);
  } catch (error) {
    if (error instanceof CliError) throw error;
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new CliError(`${label} ${path}: ${describeFsError(error, target)}`);
  }
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes % 1024 ? 1 : 0)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
