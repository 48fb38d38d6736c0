import type { CommandModule } from 'yargs';
import { cwdOption, type CwdArgs, type GlobalArgs } from './global-options';

export interface ExecArgs extends GlobalArgs, CwdArgs {
  command?: string[];
  '--'?: string[];
  readOnly: boolean;
  json: boolean;
}

export const execOptions = {
  'read-only': { type: 'boolean', default: false, describe: 'Refuse commands that change files' },
  json: {
    type: 'boolean',
    default: false,
    describe: 'Print one JSON line: the result as the model would get it (captured, capped, time-limited)',
  },
} as const;

/** `synapse exec <command>`: one command through the Bash tool's router, for a person or (--json) a script. */
export const execCommand: CommandModule<object, ExecArgs> = {
  command: 'exec [command..]',
  describe: 'Run one command through the Bash tool router (shell, read/write/edit/glob/search, TodoWrite)',
  builder: (yargs) =>
    yargs
      .positional('command', { type: 'string', array: true, describe: 'The command; quote it, or put it after --' })
      .options(cwdOption)
      .options(execOptions)
      .example('$0 exec "echo hello > hello.txt"', 'a native shell command')
      .example('$0 exec "read hello.txt"', 'an agent command')
      .example('$0 exec -- glob "src/**/*.ts"', 'everything after -- is the command') as never,
  handler: async (args) => {
    const { execOnce } = require('./exec-once') as typeof import('./exec-once');
    process.exitCode = await execOnce(args);
  },
};
