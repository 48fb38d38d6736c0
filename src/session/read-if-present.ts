import { readFile } from 'node:fs/promises';
import { sessionFileError } from './session-file-error';

/** The file's bytes, or undefined when it does not exist; any other failure names the file. */
export async function readIfPresent(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw sessionFileError(path, 'read', error);
  }
}
