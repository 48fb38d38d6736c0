import type { Argv, CommandModule } from 'yargs';
import type { GlobalArgs } from './global-options';
import { sessionsDirOption } from './session-options';

export interface SessionsArgs extends GlobalArgs {
  sessionsDir?: string;
  json: boolean;
  id?: string;
  /** show: the full transcript (archived messages too), not just the live history. */
  all?: boolean;
}

type Action = 'list' | 'show' | 'stats' | 'rm';

const showOptions = {
  all: { type: 'boolean', default: false, describe: 'The full transcript: what compaction summarized and offload moved out, too' },
} as const;

const shared = {
  ...sessionsDirOption,
  json: { type: 'boolean', default: false, describe: 'Print JSON instead of text' },
} as const;

function subcommand(action: Action, command: string, describe: string): CommandModule<object, SessionsArgs> {
  return {
    command,
    describe,
    builder: (yargs: Argv) =>
      (command.includes('<id>')
        ? yargs.positional('id', {
            type: 'string',
            describe: "A session id as `synapse sessions list` shows it, a unique part of one (its start or its last 8 characters), or `latest` (this directory's most recent)",
          })
        : yargs
      )
        .options(shared)
        .options(action === 'show' ? showOptions : {}) as never,
    handler: async (args) => {
      const { runSessionsAction } = require('./sessions-actions') as typeof import('./sessions-actions');
      await runSessionsAction(action, args);
    },
  };
}

/** `synapse sessions list | show <id> | stats <id> | rm <id>`. */
export const sessionsCommand: CommandModule<object, object> = {
  command: 'sessions <command>',
  describe: 'List, show, measure or remove saved sessions',
  builder: (yargs) =>
    yargs
      .command(subcommand('list', 'list', 'Sessions, most recent first: id, updated, messages, tokens, model, directory, title'))
      .command(subcommand('show', 'show <id>', "A session's history as the model sees it (--all: everything said)"))
      .command(subcommand('stats', 'stats <id>', 'Context size (messages, tokens, tool calls) and token usage'))
      .command(subcommand('rm', 'rm <id>', 'Delete a session'))
      .demandCommand(1, 'a sessions command is required: list, show, stats or rm') as never,
  handler: () => {},
};
