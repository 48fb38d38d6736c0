import type { Session } from '../session/session';
import { SessionStore } from '../session/session-store';
import { CliError } from './exit-codes';
import type { RunSessionArgs } from './run-options';
import { resolveSessionsDir } from './session-options';

/**
 * Where a run persists, checked before the run starts, so an unusable sessions directory or an unknown id
 * is bad input found before any model call: nothing (--no-session), the session named by --session or the
 * most recent one (--continue), opened, or a new one in the sessions directory, which the runner creates
 * once the model has answered (a run that ends before that leaves nothing behind).
 */
export async function openRunSession(args: RunSessionArgs): Promise<{ session?: Session; sessionsDir?: string }> {
  if (args.session === false) return {};
  const store = new SessionStore(resolveSessionsDir(args.sessionsDir));
  if (args.continue) {
    const [latest] = await store.list();
    if (!latest) throw new CliError(`no session to continue in ${store.sessionsDir} (start one with synapse run "...")`);
    return { session: await store.open(latest.id) };
  }
  if (args.session === undefined) {
    await store.prepare();
    return { sessionsDir: store.sessionsDir };
  }
  if (!args.session.trim()) throw new CliError('--session needs a session id (see synapse sessions list)');
  if (!(await store.exists(args.session))) {
    throw new CliError(`unknown session "${args.session}" in ${store.sessionsDir} (see synapse sessions list)`);
  }
  return { session: await store.open(args.session) };
}
