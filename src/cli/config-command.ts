import type { Argv, CommandModule } from 'yargs';
import { cwdOption, type CwdArgs, type GlobalArgs } from './global-options';
import { settingsOption, type SettingsArgs } from './settings-options';

export interface ConfigArgs extends GlobalArgs, CwdArgs, SettingsArgs {
  json: boolean;
  key?: string;
  value?: string;
  project?: boolean;
  local?: boolean;
}

const shared = { ...cwdOption, ...settingsOption, json: { type: 'boolean', default: false, describe: 'Print JSON' } } as const;

function subcommand(action: 'list' | 'get' | 'set', command: string, describe: string, build: (yargs: Argv) => Argv = (yargs) => yargs): CommandModule<object, ConfigArgs> {
  return {
    command,
    describe,
    builder: (yargs: Argv) => build(yargs.options(shared)) as never,
    handler: async (args) => {
      const { runConfigAction } = require('./config-actions') as typeof import('./config-actions');
      process.exitCode = runConfigAction(action, args);
    },
  };
}

/** `synapse config list | get <key> | set <key> <value>`: the settings files, for people. */
export const configCommand: CommandModule<object, object> = {
  command: 'config <command>',
  describe: "Show or change the settings (~/.synapse/settings.json, the project's .synapse/settings.json and settings.local.json)",
  builder: (yargs) =>
    yargs
      .command(subcommand('list', 'list', 'Every setting in force, and the file it comes from'))
      .command(subcommand('get', 'get <key>', 'One setting in force (a dotted key: model, sandbox.mode, permissions.deny...)', (y) => y.positional('key', { type: 'string' })))
      .command(
        subcommand('set', 'set <key> <value>', "Write one setting to ~/.synapse/settings.json (or the project's file); the value is JSON, or else text", (y) =>
          y
            .positional('key', { type: 'string' })
            .positional('value', { type: 'string' })
            .options({
              project: { type: 'boolean', describe: 'Write <cwd>/.synapse/settings.json (shared with the project)', conflicts: 'local' },
              local: { type: 'boolean', describe: 'Write <cwd>/.synapse/settings.local.json (the project, yours only)' },
            })
            .example('$0 config set model qwen2.5', 'text')
            .example('$0 config set permissions.deny \'["git push*"]\'', 'JSON')
            .example('$0 config set --project sandbox.mode read-only', "the project's file"),
        ),
      )
      .demandCommand(1, 'a config command is required: list, get or set') as never,
  handler: () => {},
};
