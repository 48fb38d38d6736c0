import type { Argv, CommandModule } from 'yargs';
import { extensionOptions, type ExtensionArgs } from './extension-options';
import { cwdOption } from './global-options';

export interface SkillsArgs extends ExtensionArgs {
  json: boolean;
  name?: string;
}

const shared = { ...cwdOption, ...extensionOptions, json: { type: 'boolean', default: false, describe: 'Print one JSON document' } } as const;

const list: CommandModule<object, SkillsArgs> = {
  command: 'list',
  describe: 'Every installed skill: name and description (as skill:list does)',
  builder: (yargs: Argv) => yargs.options(shared) as never,
  handler: async (args) => {
    const { listSkills } = require('./extension-actions') as typeof import('./extension-actions');
    process.exitCode = await listSkills(args);
  },
};

const show: CommandModule<object, SkillsArgs> = {
  command: 'show <name>',
  describe: "A skill's instructions and the files it ships (as skill:load does)",
  builder: (yargs: Argv) => yargs.positional('name', { type: 'string', describe: 'The skill name' }).options(shared) as never,
  handler: async (args) => {
    const { showSkill } = require('./extension-actions') as typeof import('./extension-actions');
    process.exitCode = await showSkill(args);
  },
};

/** `synapse skills list | show <name>`: the installed Agent Skills. */
export const skillsCommand: CommandModule<object, object> = {
  command: 'skills <command>',
  describe: 'The installed Agent Skills',
  builder: (yargs) => yargs.command(list).command(show).demandCommand(1, 'a skills command is required: list or show') as never,
  handler: () => {},
};
