import type { CommandModule } from 'yargs';
import { extensionOptions, trustOption, type ExtensionArgs } from './extension-options';
import { cwdOption, type CwdArgs, type GlobalArgs } from './global-options';
import { securityOptions, type SecurityArgs } from './security-options';
import { settingsOption, type SettingsArgs } from './settings-options';

export interface ExecArgs extends GlobalArgs, CwdArgs, ExtensionArgs, SecurityArgs, SettingsArgs {
  command?: string[];
  '--'?: string[];
  readOnly: boolean;
  json: boolean;
}

export const execOptions = {
  'read-only': { type: 'boolean', default: false, describe: 'Same as --sandbox read-only' },
  json: {
    type: 'boolean',
    default: false,
    describe: 'Print one JSON line: the result as the model would get it (captured, capped, time-limited)',
  },
} as const;

/** `synapse exec <command>`: one command through the Bash tool's router, for a person or (--json) a script. */
export const execCommand: CommandModule<object, ExecArgs> = {
  command: 'exec [command..]',
  describe: 'Run one command through the Bash tool router (shell, read/write/edit/glob/search, TodoWrite, mcp:*, skill:*)',
  builder: (yargs) =>
    yargs
      .positional('command', { type: 'string', array: true, describe: 'The command; quote it, or put it after --' })
      .options(cwdOption)
      .options(securityOptions)
      .options(execOptions)
      .options(extensionOptions)
      .options(trustOption)
      .options(settingsOption)
      .example('$0 exec "echo hello > hello.txt"', 'a native shell command')
      .example('$0 exec "read hello.txt"', 'an agent command')
      .example('$0 exec -- glob "src/**/*.ts"', 'everything after -- is the command')
      .example(`$0 exec --sandbox read-only "bash -c 'rm f'"`, 'refused: nothing is writable')
      .example('$0 exec "mcp:list"', 'the configured MCP servers and their tools')
      .example('$0 exec --skills-dir fixtures/skills "skill:search word count"', 'search the skills') as never,
  handler: async (args) => {
    const { execOnce } = require('./exec-once') as typeof import('./exec-once');
    process.exitCode = await execOnce(args);
  },
};
