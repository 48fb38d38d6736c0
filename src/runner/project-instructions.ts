import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describeFsError } from '../session';

/** The instructions file agents read from a project's root (the convention codex and others share). */
export const PROJECT_INSTRUCTIONS_FILE = 'AGENTS.md';
export const MAX_PROJECT_INSTRUCTIONS_BYTES = 64 * 1024;

/** AGENTS.md exists but cannot be used; the message names the file and says why. */
export class ProjectInstructionsError extends Error {
  override readonly name = 'ProjectInstructionsError';
}

export interface ProjectInstructions {
  path: string;
  text: string;
}

/**
 * Reads `AGENTS.md` in `dir`, if there is one. A file that is there but unusable (a directory, unreadable,
 * larger than 64 KiB) is an error rather than silently ignored or cut.
 */
export async function readProjectInstructions(dir: string): Promise<ProjectInstructions | undefined> {
  const path = join(dir, PROJECT_INSTRUCTIONS_FILE);
  try {
    const stats = await stat(path);
    if (!stats.isFile()) throw new ProjectInstructionsError(`${path} is not a regular file`);
    if (stats.size > MAX_PROJECT_INSTRUCTIONS_BYTES) {
      throw new ProjectInstructionsError(`${path} is ${Math.ceil(stats.size / 1024)} KiB; at most ${MAX_PROJECT_INSTRUCTIONS_BYTES / 1024} KiB is read into the system prompt`);
    }
    return { path, text: await readFile(path, 'utf8') };
  } catch (error) {
    if (error instanceof ProjectInstructionsError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ProjectInstructionsError(`${path} cannot be read (${describeFsError(error, path)})`);
  }
}
