import { latestSession, resolveSessionRef, type SessionSummary } from '../session';
import { sessionLine } from './session-lines';
import { shown, type CommandResult, type ReplContext, type SlashCommand } from './slash-command';

const USAGE = 'Usage: /resume [--latest | <session id or prefix>] (bare: pick from a numbered list)';
const LIST_LENGTH = 10;

/** `/resume`: go on with a saved session of this directory, by number, id, id prefix or `--latest`. */
export const resumeCommand: SlashCommand = {
  name: 'resume',
  usage: '/resume [--latest | <id>]',
  summary: 'Go on with a saved session: the latest, one by id or prefix, or pick from a list',
  group: 'Sessions',
  run: async (args, context) => {
    const { chat, resumeSession } = context;
    if (!resumeSession) return shown('Resume not available in this context.');
    const ref = args.trim();
    if (ref.startsWith('--') && ref !== '--latest') return shown(`Invalid option: ${ref.split(/\s/)[0]}. Use /resume --latest for the most recent session.`);
    // The conversation already open needs no lookup.
    if (ref && ref === chat.sessionId) return resume(context, ref);
    if (!chat.store) return shown('Sessions are not saved in this chat (--no-session): there is nothing to resume.');
    if (ref === '--latest') {
      const latest = latestSession(await chat.store.list(), { cwd: chat.cwd, exclude: chat.sessionId ?? undefined, skipEmpty: true });
      return latest ? resume(context, latest.id) : shown('No previous sessions found.');
    }
    if (ref) {
      try {
        return await resume(context, (await resolveSessionRef(chat.store, ref)).id);
      } catch (error) {
        const name = (error as Error).name;
        if (name === 'SessionNotFoundError') return shown(`Session not found: ${ref} (see /sessions)`);
        if (name === 'AmbiguousSessionError') return shown((error as Error).message);
        throw error;
      }
    }
    return pickFromList(context, await resumable(context));
  },
};

/** Sessions of this directory with messages, other than the open one, most recent first. */
async function resumable({ chat }: ReplContext): Promise<SessionSummary[]> {
  const sessions = (await chat.store!.list()).filter((session) => session.id !== chat.sessionId && session.messageCount > 0 && session.origin?.cwd === chat.cwd);
  return sessions.slice(0, LIST_LENGTH);
}

async function pickFromList(context: ReplContext, sessions: SessionSummary[]): Promise<CommandResult> {
  if (!sessions.length) return shown(`${USAGE}\nNo previous sessions found.`);
  const list = sessions.map((session, i) => sessionLine(session, null, i + 1)).join('\n');
  if (!context.ask) return shown(`${USAGE}\n${list}`);
  const answer = await context.ask(`${USAGE}\n${list}\nResume which session? (number or id; Enter cancels) `);
  const choice = answer?.trim();
  if (!choice) return shown('Cancelled.');
  // A number is a position in the list, never a fragment of an id (ids end in digits too).
  const isNumber = /^\d+$/.test(choice);
  const byId = isNumber ? [] : sessions.filter((session) => session.id.startsWith(choice) || (choice.length >= 4 && session.id.endsWith(choice)));
  const chosen = isNumber ? sessions[Number(choice) - 1] : byId.length === 1 ? byId[0] : undefined;
  if (!chosen) return shown(`Invalid selection: ${choice} (a number from 1 to ${sessions.length}, or an id from the list)`);
  return resume(context, chosen.id);
}

async function resume(context: ReplContext, sessionId: string): Promise<CommandResult> {
  const already = sessionId === context.chat.sessionId;
  await context.resumeSession!(sessionId);
  const messages = (await context.chat.runner.getHistory()).length;
  return shown(already ? `Resuming session ${sessionId} (the one already open).` : `Resuming session ${sessionId}: ${messages} message(s), model ${context.chat.model}.`);
}
