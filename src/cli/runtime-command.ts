import type { CommandModule } from 'yargs';
import type { GlobalArgs } from './global-options';
import { modelOptions, type ModelArgs } from './model-options';
import { promptOptions, type PromptArgs } from './read-prompt';
import { settingsOption, type SettingsArgs } from './settings-options';

export interface RuntimeArgs extends GlobalArgs, ModelArgs, PromptArgs, SettingsArgs {
  approve?: 'all' | 'none';
  answer: string[];
  state?: string;
  resume?: string;
  tools?: string;
  maxSteps?: string;
  json: boolean;
}

export const runtimeOptions = {
  approve: { choices: ['all', 'none'] as const, describe: 'Approve or reject every tool call without asking' },
  answer: { type: 'string', array: true, default: [], defaultDescription: 'none', describe: 'Answer a question or selection (repeat for several, in order)' },
  state: { type: 'string', describe: 'Save the runtime state to this JSON file after every step' },
  resume: { type: 'string', describe: 'Continue from a state file (saved there again unless --state says otherwise)' },
  tools: { type: 'string', describe: 'Load the tools from this JS module instead of the demo get_weather (exports `tools`)' },
  'max-steps': { type: 'string', describe: 'Stop (exit 1) after this many steps (a whole number)', defaultDescription: '50' },
  json: { type: 'boolean', default: false, describe: 'Write the runtime events as NDJSON to stdout, a result line last' },
} as const;

/** `synapse runtime`: the step-based AgentRuntime, with a human approving tools and answering questions. */
export const runtimeCommand: CommandModule<object, RuntimeArgs> = {
  command: 'runtime [prompt]',
  describe: 'Drive the step-based AgentRuntime: tools a human approves, questions, resumable state',
  builder: (yargs) =>
    yargs
      .positional('prompt', { type: 'string', describe: 'What to ask (default: stdin); with --resume, a follow-up question' })
      .options(modelOptions)
      .options(promptOptions)
      .options(runtimeOptions)
      .options(settingsOption)
      .example('$0 runtime --fixture fixtures/runtime-weather.json --approve all "Weather in Paris?"', 'offline demo, tools approved')
      .example('$0 runtime --state run.json "Weather in Paris?"', 'pauses for approval and saves run.json')
      .example('$0 runtime --resume run.json --approve all', 'a later invocation approves and goes on')
      .example('$0 runtime --tools ./my-tools.mjs "Add 2 and 3"', 'your own tools') as never,
  handler: async (args) => {
    const { runRuntimeConversation } = require('./runtime-conversation') as typeof import('./runtime-conversation');
    process.exitCode = await runRuntimeConversation(args);
  },
};
