import type { SessionSummary } from '../session';
import { shortSessionId, sessionLine } from './session-lines';
import { shown, type SlashCommand } from './slash-command';

const exit: SlashCommand = {
  name: 'exit',
  aliases: ['quit', 'q'],
  summary: 'Quit (Ctrl-D too); the conversation stays saved',
  group: 'Common',
  run: async () => ({ output: 'Goodbye!', exit: true }),
};

const clear: SlashCommand = {
  name: 'clear',
  summary: 'Clear the screen and start a new conversation (the current one stays saved)',
  group: 'Common',
  run: async (_args, { chat }) => {
    await chat.newConversation();
    return { output: `New conversation${chat.sessionId ? `: session ${chat.sessionId}` : ''}.`, clearScreen: true };
  },
};

const newConversation: SlashCommand = {
  name: 'new',
  summary: 'Start a new conversation (the current one stays saved)',
  group: 'Common',
  run: async (_args, { chat }) => {
    const before = chat.sessionId;
    await chat.newConversation();
    return shown(`New conversation${chat.sessionId ? `: session ${chat.sessionId}` : ''}.${before ? ` The last one is saved: /resume ${shortSessionId(before)}` : ''}`);
  },
};

const sessions: SlashCommand = {
  name: 'sessions',
  summary: 'Saved sessions of this directory, most recent first',
  group: 'Sessions',
  run: async (_args, { chat }) => {
    if (!chat.store) return shown('Sessions are not saved in this chat (--no-session).');
    const all = await chat.store.list();
    const here = all.filter((session) => session.origin?.cwd === chat.cwd);
    if (!here.length) return shown(`No saved sessions of ${chat.cwd}${all.length ? ` (${all.length} elsewhere: synapse sessions list)` : ''}.`);
    return shown(
      [...here.slice(0, 20).map((session: SessionSummary) => sessionLine(session, chat.sessionId)), ...(here.length > 20 ? [`… and ${here.length - 20} more (synapse sessions list)`] : [])].join('\n'),
    );
  },
};

/** /exit, /clear, /new, /sessions. */
export const sessionCommands: readonly SlashCommand[] = [exit, clear, newConversation, sessions];
