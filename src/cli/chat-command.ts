import type { CommandModule } from 'yargs';
import { extensionOptions, type ExtensionArgs } from './extension-options';
import { cwdOption, type CwdArgs, type GlobalArgs } from './global-options';
import { modelOptions, type ModelArgs } from './model-options';
import { instructionOptions, runLimitOptions, runSessionOptions, type InstructionArgs, type RunLimitArgs, type RunSessionArgs } from './run-options';
import { securityOptions, type SecurityArgs } from './security-options';
import { sessionsDirOption } from './session-options';
import { settingsOption, type SettingsArgs } from './settings-options';

export interface ChatArgs extends GlobalArgs, CwdArgs, ModelArgs, RunSessionArgs, RunLimitArgs, InstructionArgs, SecurityArgs, ExtensionArgs, SettingsArgs {}

/** The flags of `synapse chat` (besides the global ones). */
export const chatOptions = {
  ...cwdOption,
  ...modelOptions,
  ...sessionsDirOption,
  ...runSessionOptions,
  ...runLimitOptions,
  ...instructionOptions,
  ...securityOptions,
  ...extensionOptions,
  ...settingsOption,
} as const;

/** `synapse chat` (and bare `synapse` on a terminal): the interactive REPL over the same agent as `run`. */
export const chatCommand: CommandModule<object, ChatArgs> = {
  command: 'chat',
  describe: 'Talk with the agent: a prompt, streamed answers, /commands, !<shell command>',
  builder: (yargs) =>
    yargs
      .options(chatOptions)
      .example('$0 chat --fixture fixtures/demo-chat.json', 'offline demo, no key needed')
      .example('$0 chat --continue', "go on with this directory's latest session")
      .example('$0 chat --session 1a2b3c4d', 'go on with a session by id or a unique part of it') as never,
  handler: async (args) => {
    const { runChat } = require('./chat-repl') as typeof import('./chat-repl');
    process.exitCode = await runChat(args);
  },
};
