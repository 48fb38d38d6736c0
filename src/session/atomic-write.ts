import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';

/** Temp files live next to their target (same filesystem, so rename is atomic) and are named so. */
export const TEMP_FILE_SUFFIX = '.tmp';

/** Replaces a file so readers see either the old content or the new, never a mix. */
export async function writeFileAtomic(path: string, data: string): Promise<void> {
  const temp = `${path}.${process.pid}-${randomBytes(4).toString('hex')}${TEMP_FILE_SUFFIX}`;
  try {
    await writeFile(temp, data, 'utf8');
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
