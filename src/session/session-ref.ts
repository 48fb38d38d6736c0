import { AmbiguousSessionError, SessionNotFoundError } from './errors';
import type { SessionStore } from './session-store';
import { isValidSessionId } from './session-id';
import type { SessionOrigin, SessionSummary } from './types';

/** The session a reference named: its id, and where and with what model it was held when the index says. */
export interface ResolvedSession {
  id: string;
  origin?: SessionOrigin;
}

/** The word that names the most recent session (of the current directory, when one is given). */
export const LATEST_SESSION = 'latest';

export interface SessionRefOptions {
  /** `latest` means the most recent session held in this directory. */
  cwd?: string;
  /** Left out of `latest` (the session already open, say). */
  exclude?: string;
  /** `latest` skips sessions without messages. */
  skipEmpty?: boolean;
}

/**
 * What a person may type where a session id is taken: the whole id, a prefix that only one session
 * has (`session-17`, or the id's tail), or `latest`. Resolves to the session's summary, or throws
 * SessionNotFoundError / AmbiguousSessionError naming the candidates. A whole id is found even when its
 * index cannot be read (the history alone is a session).
 */
export async function resolveSessionRef(store: SessionStore, ref: string, options: SessionRefOptions = {}): Promise<ResolvedSession> {
  const sessions = await store.list();
  if (ref !== LATEST_SESSION && isValidSessionId(ref) && !sessions.some((session) => session.id === ref) && (await store.exists(ref))) return { id: ref };
  if (ref === LATEST_SESSION) {
    const latest = latestSession(sessions, options);
    if (!latest) throw new SessionNotFoundError(ref, store.sessionsDir, options.cwd ? `no session held in ${options.cwd}` : 'no session');
    return latest;
  }
  const exact = sessions.find((session) => session.id === ref);
  if (exact) return exact;
  // The tail (the 8 hex characters a list shows) counts from 4 characters on: a digit or two would match by chance.
  const matches = sessions.filter((session) => session.id.startsWith(ref) || (ref.length >= 4 && session.id.endsWith(ref)));
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1)
    throw new AmbiguousSessionError(
      ref,
      matches.map((session) => session.id),
    );
  throw new SessionNotFoundError(ref, store.sessionsDir);
}

/** The most recent session (the list is newest first) that the options do not rule out. */
export function latestSession(sessions: readonly SessionSummary[], options: SessionRefOptions = {}): SessionSummary | undefined {
  return sessions.find((session) => session.id !== options.exclude && (!options.skipEmpty || session.messageCount > 0) && (options.cwd === undefined || session.origin?.cwd === options.cwd));
}
