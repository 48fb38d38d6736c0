import { randomBytes } from 'node:crypto';
import { open, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { sessionFileError } from './session-file-error';

/** Temp files live next to their target (same filesystem, so rename is atomic) and are named so. */
export const TEMP_FILE_SUFFIX = '.tmp';

/**
 * Replaces a file so readers see either the old content or the new, never a mix, and so a crash or a
 * power cut leaves one of the two: the new content is flushed to disk before the rename, and the rename
 * itself (the directory entry) is flushed after it. Until then the previous file stays in place.
 * `mode` (0o600 for credentials) is the new file's from its creation, so it is never readable by others.
 */
export async function writeFileAtomic(path: string, data: string | Buffer, mode?: number): Promise<void> {
  const temp = `${path}.${process.pid}-${randomBytes(4).toString('hex')}${TEMP_FILE_SUFFIX}`;
  try {
    await writeDurably(temp, data, 'wx', mode);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw sessionFileError(path, 'write', error);
  }
  await syncDirectory(dirname(path));
}

/** Removes a file if it is there, and flushes the removal (the directory entry) to disk before resolving. */
export async function removeFileDurably(path: string): Promise<void> {
  try {
    await rm(path, { force: true });
  } catch (error) {
    throw sessionFileError(path, 'write', error);
  }
  await syncDirectory(dirname(path));
}

/** Writes (or appends to) a file and flushes it to disk before resolving; `mode` is that of a file it creates. */
export async function writeDurably(path: string, data: string | Buffer, flag: 'wx' | 'w' | 'a', mode?: number): Promise<void> {
  const handle = await open(path, flag, mode);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Appends and flushes to disk: a message is acknowledged only once it would survive a crash. */
export async function appendDurably(path: string, text: string): Promise<void> {
  try {
    await writeDurably(path, text, 'a');
  } catch (error) {
    throw sessionFileError(path, 'write', error);
  }
}

/** Flushes a directory's entries (a created or renamed file) to disk; a no-op where directories cannot be opened. */
export async function syncDirectory(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Windows cannot fsync a directory; the rename is as durable as the platform makes it.
  } finally {
    await handle?.close();
  }
}

/**
 * Removes temp files a killed writer left beside the files of `dir` (`<name>.<pid>-<hex>.tmp`). Call it
 * only while holding the directory's writer lock, so no live write's temp file can be taken for one.
 */
export async function removeLeftoverTempFiles(dir: string): Promise<void> {
  for (const name of await readdir(dir)) {
    if (!/\.\d+-[0-9a-f]{8}\.tmp$/.test(name)) continue;
    await rm(join(dir, name), { force: true, recursive: true });
  }
}
