import type { Session } from '../session/session';
import { latestSession, resolveSessionRef } from '../session/session-ref';
import { SessionStore } from '../session/session-store';
import { CliError } from './exit-codes';
import type { RunSessionArgs } from './run-options';
import { resolveSessionsDir } from './session-options';

/** Where a run persists, and the model the session was held with (a resumed session keeps its model unless --model). */
export interface RunSessionChoice {
  session?: Session;
  sessionsDir?: string;
  /** The resumed session's model, when it recorded one. */
  model?: string;
}

/**
 * Where a run persists, checked before the run starts, so an unusable sessions directory or an unknown id
 * is bad input found before any model call: nothing (--no-session), the session named by --session (an id,
 * a unique prefix of one, or `latest`) or the most recent one of this directory (--continue), opened, or a
 * new one in the sessions directory, which the runner creates once the model has answered (a run that ends
 * before that leaves nothing behind).
 */
export async function openRunSession(args: RunSessionArgs, cwd: string): Promise<RunSessionChoice> {
  if (args.session === false) return {};
  const store = new SessionStore(resolveSessionsDir(args.sessionsDir));
  if (args.continue) {
    const latest = latestSession(await store.list(), { cwd });
    if (!latest) throw new CliError(`no session of ${cwd} to continue in ${store.sessionsDir} (start one with synapse run "..."; synapse sessions list shows every directory's)`);
    return opened(store, latest.id, latest.origin?.model);
  }
  if (args.session === undefined) {
    await store.prepare();
    return { sessionsDir: store.sessionsDir };
  }
  if (!args.session.trim()) throw new CliError('--session needs a session id (see synapse sessions list)');
  let summary;
  try {
    summary = await resolveSessionRef(store, args.session, { cwd });
  } catch (error) {
    if ((error as Error).name === 'SessionNotFoundError') throw new CliError(`unknown session "${args.session}" in ${store.sessionsDir} (see synapse sessions list)`);
    throw error;
  }
  return opened(store, summary.id, summary.origin?.model);
}

async function opened(store: SessionStore, id: string, model: string | undefined): Promise<RunSessionChoice> {
  return { session: await store.open(id), ...(model ? { model } : {}) };
}
