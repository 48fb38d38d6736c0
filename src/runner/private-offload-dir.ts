import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { homedir, hostname } from 'node:os';
import { join } from 'node:path';

/** This host's name as it may appear in a directory name. */
const HOST = hostname().replace(/[^A-Za-z0-9.-]/g, '_') || 'host';
const OWN_NAME = /^runner-(.+)-(\d+)-[0-9a-f]+$/;

/** Where runners without a session keep offloaded tool results: `~/.synapse/offload` (HOME read when used). */
export function privateOffloadRoot(): string {
  return join(homedir(), '.synapse', 'offload');
}

/**
 * A directory of this runner's own under the root, named for this host and process: a runner killed before
 * its close() leaves it behind, and the name says whose it was (a home shared by several hosts included).
 */
export function newPrivateOffloadDir(root = privateOffloadRoot(), pid = process.pid): string {
  return join(root, `runner-${HOST}-${pid}-${randomBytes(6).toString('hex')}`);
}

/**
 * Removes what runners of this host that no longer run left in the root. Nothing but them refers to those
 * files (they had no session), so nothing that anyone could read again is lost. Best effort: a directory
 * that cannot be read or removed stays.
 */
export async function removeLeftoverOffloadDirs(root = privateOffloadRoot()): Promise<void> {
  const names = await readdir(root).catch(() => [] as string[]);
  for (const name of names) {
    const match = OWN_NAME.exec(name);
    if (!match || match[1] !== HOST || isRunning(Number(match[2]))) continue;
    await rm(join(root, name), { recursive: true, force: true }).catch(() => undefined);
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user has the pid; it runs.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}
