import { constants } from 'node:fs';
import { access, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { writeFileAtomic } from './atomic-write';
import { describeFsError, type DirectoryError, makeDirectory } from './directories';
import { SessionNotFoundError, SessionsDirError } from './errors';
import { SessionLockedError } from './session-lock';
import { loadSession, readIndexOrProblem } from './load-session';
import { SESSION_INDEX_VERSION, type SessionIndex, type SessionOrigin } from './schemas';
import { Session } from './session';
import { sessionFileError } from './session-file-error';
import { sessionFiles } from './session-files';
import { titleFromText } from './session-title';
import { SessionLock } from './session-lock';
import { assertValidSessionId, generateSessionId, isValidSessionId } from './session-id';
import type { SessionListing, SessionSummary, SkippedSessionEntry } from './types';
import { emptyUsage } from './usage';

export interface CreateSessionOptions {
  title?: string;
  /** A chosen id (validated; must not exist yet). Default: `session-<Date.now()>-<8 hex>`. */
  id?: string;
  /** Where and with what model it is held (`--continue` looks for the latest of a directory). */
  origin?: SessionOrigin;
}

export interface SessionStoreOptions {
  /** Keep at most this many sessions: creating one removes the least recently updated beyond it (offloaded files included). */
  maxSessions?: number;
}

/** Sessions as directories under one sessions directory: `<sessionsDir>/<id>/`. */
export class SessionStore {
  readonly sessionsDir: string;

  constructor(
    sessionsDir: string,
    private readonly options: SessionStoreOptions = {},
  ) {
    this.sessionsDir = resolve(sessionsDir);
  }

  async create(options: CreateSessionOptions = {}): Promise<Session> {
    if (options.id !== undefined) assertValidSessionId(options.id);
    await this.prepare();
    const id = await this.makeSessionDir(options.id);
    const files = sessionFiles(this.sessionsDir, id);
    const now = new Date().toISOString();
    const title = options.title ? titleFromText(options.title) : null;
    const index: SessionIndex = {
      version: SESSION_INDEX_VERSION,
      id,
      title,
      createdAt: now,
      updatedAt: now,
      messageCount: 0,
      usage: { total: emptyUsage(), roundCount: 0 },
      context: { messageCount: 0, tokenCount: 0, toolCallCount: 0, historyBytes: 0 },
      ...(options.origin ? { origin: options.origin } : {}),
    };
    // No 'wx' flag needed: makeSessionDir has just made the directory (mkdir fails on an existing one).
    await writeFile(files.history, '').catch((error: unknown) => Promise.reject(sessionFileError(files.history, 'write', error)));
    await writeFileAtomic(files.index, `${JSON.stringify(index, null, 2)}\n`);
    if (this.options.maxSessions !== undefined) await this.evictOldest(this.options.maxSessions, id);
    return new Session({
      id,
      files,
      title,
      createdAt: now,
      updatedAt: now,
      messages: [],
      historyBytes: 0,
      historyEndsWithNewline: true,
      lastMessageEnd: 0,
      rounds: [],
      usageEndsWithNewline: true,
      context: index.context,
      origin: options.origin,
      warnings: [],
      unreadable: [],
      sources: new Map(),
      archivedCount: 0,
      pendingInput: null,
    });
  }

  /** Loads a session; damaged lines are skipped and listed in `session.warnings`. */
  async open(id: string): Promise<Session> {
    assertValidSessionId(id);
    await this.checkSessionsDir('read');
    if (!(await this.exists(id))) throw new SessionNotFoundError(id, this.sessionsDir);
    return new Session(await loadSession(id, sessionFiles(this.sessionsDir, id)));
  }

  /** True when `<sessionsDir>/<id>/` is a directory holding a session's index or history (a file inside it implies the directory). */
  async exists(id: string): Promise<boolean> {
    assertValidSessionId(id);
    const files = sessionFiles(this.sessionsDir, id);
    return (await isFile(files.index)) || (await isFile(files.history));
  }

  /** Summaries, most recently updated first; sessions whose index cannot be read are left out. */
  async list(): Promise<SessionSummary[]> {
    return (await this.listWithSkipped()).sessions;
  }

  /** Like `list`, plus the entries that look like sessions but could not be read, and why. */
  async listWithSkipped(): Promise<SessionListing> {
    if (!(await this.checkSessionsDir('read'))) return { sessions: [], skipped: [] };
    const entries = await readdir(this.sessionsDir, { withFileTypes: true });
    const sessions: SessionSummary[] = [];
    const skipped: SkippedSessionEntry[] = [];
    await Promise.all(
      entries
        .filter((entry) => entry.isDirectory() && isValidSessionId(entry.name))
        .map(async (entry) => {
          // Only the small index is read: listing must not cost a pass over every history.
          const index = await readIndexOrProblem(sessionFiles(this.sessionsDir, entry.name)).catch((error: Error) => `index.json cannot be read (${error.message})`);
          if (typeof index === 'string') skipped.push({ entry: entry.name, reason: index });
          else {
            const { title, createdAt, updatedAt, messageCount, usage, origin } = index;
            sessions.push({
              id: entry.name,
              title,
              createdAt,
              updatedAt,
              messageCount,
              totalTokens: usage.total.total_tokens,
              ...(origin ? { origin } : {}),
              ...(usage.byModel ? { usageByModel: usage.byModel } : {}),
            });
          }
        }),
    );
    sessions.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
    skipped.sort((a, b) => a.entry.localeCompare(b.entry));
    return { sessions, skipped };
  }

  /** Deletes a session; refused (SessionLockedError) while another writer holds it. */
  async remove(id: string): Promise<void> {
    assertValidSessionId(id);
    if (!(await this.exists(id))) throw new SessionNotFoundError(id, this.sessionsDir);
    const dir = sessionFiles(this.sessionsDir, id).dir;
    const lock = new SessionLock(id, dir);
    await lock.acquire();
    try {
      await rm(dir, { recursive: true }); // it exists: the lock just taken is a file inside it
    } finally {
      await lock.release();
    }
  }

  /**
   * Removes the least recently updated sessions beyond `maxSessions` (their offloaded files with them),
   * never `keep` and never one another writer holds; returns the ids removed.
   */
  async evictOldest(maxSessions: number, keep?: string): Promise<string[]> {
    const sessions = await this.list();
    const removed: string[] = [];
    let excess = sessions.length - Math.max(0, maxSessions);
    for (const session of [...sessions].reverse()) {
      if (excess <= 0) break;
      if (session.id === keep) continue;
      try {
        await this.remove(session.id);
        removed.push(session.id);
        excess--;
      } catch (error) {
        if (!(error instanceof SessionLockedError || error instanceof SessionNotFoundError)) throw error;
      }
    }
    return removed;
  }

  /**
   * Creates the sessions directory if missing; refuses (SessionsDirError) one that is not a usable
   * directory. A caller can check the directory early, before any session is created in it.
   */
  async prepare(): Promise<void> {
    if (await this.checkSessionsDir()) return;
    try {
      await makeDirectory(this.sessionsDir);
    } catch (error) {
      throw new SessionsDirError(this.sessionsDir, (error as DirectoryError).problem); // makeDirectory throws nothing else
    }
  }

  /**
   * False when the directory does not exist; throws when it exists but cannot serve as one. Reading
   * (list, open) needs only read access: `sessions list` works on a read-only directory.
   */
  private async checkSessionsDir(need: 'read' | 'write' = 'write'): Promise<boolean> {
    let stats;
    try {
      stats = await stat(this.sessionsDir);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return false;
      if (code === 'ENOTDIR') throw new SessionsDirError(this.sessionsDir, 'is not a directory (a parent path is a file)');
      throw new SessionsDirError(this.sessionsDir, `cannot be read (${describeFsError(error)})`);
    }
    if (!stats.isDirectory()) throw new SessionsDirError(this.sessionsDir, 'exists but is not a directory');
    try {
      await access(this.sessionsDir, constants.R_OK | constants.X_OK | (need === 'write' ? constants.W_OK : 0));
    } catch {
      throw new SessionsDirError(this.sessionsDir, need === 'write' ? 'is not readable and writable' : 'is not readable');
    }
    return true;
  }

  private async makeSessionDir(chosenId: string | undefined): Promise<string> {
    for (;;) {
      const id = chosenId ?? generateSessionId();
      try {
        await mkdir(sessionFiles(this.sessionsDir, id).dir);
        return id;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        if (chosenId !== undefined) throw new Error(`Session "${chosenId}" already exists in ${this.sessionsDir}`);
      }
    }
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
