import type { Session } from '../session/session';
import { SessionStore } from '../session/session-store';
import { CliError } from './exit-codes';
import type { RunSessionArgs } from './run-options';
import { resolveSessionsDir } from './session-options';

/**
 * The session a run writes to, opened (or created) before the run starts, so an unusable sessions
 * directory or an unknown id is bad input found before any model call: nothing (--no-session), the one
 * named by --session, the most recent (--continue), or a new one.
 */
export async function openRunSession(args: RunSessionArgs): Promise<Session | undefined> {
  if (args.session === false) return undefined;
  const store = new SessionStore(resolveSessionsDir(args.sessionsDir));
  if (args.continue) {
    const [latest] = await store.list();
    if (!latest) throw new CliError(`no session to continue in ${store.sessionsDir} (start one with synapse run "...")`);
    return store.open(latest.id);
  }
  if (args.session === undefined) return store.create();
  if (!args.session.trim()) throw new CliError('--session needs a session id (see synapse sessions list)');
  if (!(await store.exists(args.session))) {
    throw new CliError(`unknown session "${args.session}" in ${store.sessionsDir} (see synapse sessions list)`);
  }
  return store.open(args.session);
}
