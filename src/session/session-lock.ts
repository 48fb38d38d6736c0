import { randomBytes } from 'node:crypto';
import { readFileSync, unlinkSync } from 'node:fs';
import { mkdir, open, readFile, rmdir, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { sessionFileError } from './session-file-error';

export const LOCK_FILE = 'writer.lock';

/** Who holds a session's writer lock, as written in its lock file. */
export interface LockHolder {
  pid: number;
  hostname: string;
  /** The holder's start time as the kernel counts it (Linux), so a reused pid is not taken for the holder. */
  processStart?: string;
  acquiredAt: string;
  token: string;
}

const lockHolderSchema = z.object({
  pid: z.number().int().positive(),
  hostname: z.string(),
  processStart: z.string().optional(),
  acquiredAt: z.string(),
  token: z.string(),
});

/** A second writer on a session: names the session and the process that holds it. */
export class SessionLockedError extends Error {
  override readonly name = 'SessionLockedError';
  constructor(
    readonly sessionId: string,
    readonly holder: LockHolder,
    readonly lockPath: string,
  ) {
    const where = holder.hostname === hostname() ? `pid ${holder.pid}` : `pid ${holder.pid} on ${holder.hostname}`;
    super(
      `Session "${sessionId}" is being written by another process (${where}, since ${holder.acquiredAt}); ` +
        `only one writer at a time: wait for it to finish (if that process is gone, the lock is taken over automatically)`,
    );
  }
}

/** Lock files this process holds, by path: removed on exit, and known to be live for a same-pid check. */
const heldHere = new Map<string, string>();
let exitHookInstalled = false;

/** A lock file younger than this with unreadable content is a holder still writing it, not a stale one. */
const UNREADABLE_GRACE_MS = 2000;
/** A takeover mutex older than this belongs to a process that died during the takeover. */
const TAKEOVER_STALE_MS = 2000;

/**
 * One writer per session: an exclusive lock file in the session directory holding the writer's pid.
 * A lock whose process is gone (killed, crashed) is stale and taken over; a live one is refused with
 * SessionLockedError. Works across processes on one host and between runners in one process.
 */
export class SessionLock {
  private token?: string;

  constructor(
    private readonly sessionId: string,
    private readonly dir: string,
  ) {}

  get path(): string {
    return join(this.dir, LOCK_FILE);
  }

  get held(): boolean {
    return this.token !== undefined && heldHere.get(this.path) === this.token;
  }

  /** Takes the lock or throws SessionLockedError naming the holder. Idempotent while held. */
  async acquire(): Promise<void> {
    if (this.held) return;
    const token = randomBytes(8).toString('hex');
    for (let attempt = 0; attempt < 50; attempt++) {
      if (await this.tryCreate(token)) {
        this.token = token;
        heldHere.set(this.path, token);
        installExitHook();
        return;
      }
      const holder = await this.readHolder();
      if (holder === 'gone') continue;
      if (holder !== 'unreadable' && isLive(holder, this.path)) throw new SessionLockedError(this.sessionId, holder, this.path);
      if (holder === 'unreadable' && !(await this.olderThan(this.path, UNREADABLE_GRACE_MS))) {
        await sleep(20);
        continue;
      }
      // Stryker disable next-line StringLiteral: holder.token of the string 'unreadable' is undefined too
      await this.takeOver(holder === 'unreadable' ? undefined : holder.token);
    }
    throw new Error(`Could not take the writer lock ${this.path}: it kept changing hands`);
  }

  /** Releases the lock if this instance holds it. */
  async release(): Promise<void> {
    if (!this.held) return;
    heldHere.delete(this.path);
    this.token = undefined;
    await unlink(this.path).catch(() => undefined);
  }

  private async tryCreate(token: string): Promise<boolean> {
    let handle;
    try {
      handle = await open(this.path, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw sessionFileError(this.path, 'write', error);
    }
    try {
      const holder: LockHolder = { pid: process.pid, hostname: hostname(), processStart: processStart(process.pid), acquiredAt: new Date().toISOString(), token };
      await handle.writeFile(`${JSON.stringify(holder)}\n`);
    } finally {
      await handle.close();
    }
    return true;
  }

  private async readHolder(): Promise<LockHolder | 'unreadable' | 'gone'> {
    let text: string;
    try {
      // Stryker disable next-line StringLiteral: with an empty encoding readFile gives a Buffer, which JSON.parse reads as UTF-8 text
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
      throw sessionFileError(this.path, 'read', error);
    }
    try {
      return lockHolderSchema.parse(JSON.parse(text));
    } catch {
      return 'unreadable';
    }
  }

  /**
   * Removes a stale lock so the next attempt can create one. A mutex directory makes the check-and-remove
   * atomic: two processes finding the same stale lock must not each remove the other's fresh one.
   */
  private async takeOver(staleToken: string | undefined): Promise<void> {
    const mutex = `${this.path}.takeover`;
    try {
      await mkdir(mutex);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw sessionFileError(mutex, 'write', error);
      if (await this.olderThan(mutex, TAKEOVER_STALE_MS)) await rmdir(mutex).catch(() => undefined);
      else await sleep(10);
      return;
    }
    try {
      const current = await this.readHolder();
      const stillStale = current === 'unreadable' ? staleToken === undefined : current !== 'gone' && current.token === staleToken;
      if (stillStale) await unlink(this.path).catch(() => undefined);
    } finally {
      await rmdir(mutex).catch(() => undefined);
    }
  }

  private async olderThan(path: string, ms: number): Promise<boolean> {
    try {
      return Date.now() - (await stat(path)).mtimeMs > ms;
    } catch {
      return true;
    }
  }
}

/** Whether the process named in a lock file still runs (on another host we cannot tell: assume it does). */
function isLive(holder: LockHolder, path: string): boolean {
  if (holder.hostname !== hostname()) return true;
  if (holder.pid === process.pid) return heldHere.get(path) === holder.token;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const start = processStart(holder.pid);
  return !(holder.processStart && start && start !== holder.processStart);
}

/** Field 22 of /proc/<pid>/stat (start time in clock ticks since boot); undefined off Linux. */
function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    // no /proc (off Linux), or the process just ended: undefined
  }
}

/** A process that exits normally (or by process.exit) removes the locks it holds. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const path of heldHere.keys()) {
      try {
        unlinkSync(path);
      } catch {
        // already gone
      }
    }
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
