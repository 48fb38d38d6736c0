import type { CommandModule } from 'yargs';
import type { GlobalArgs } from './global-options';
import { modelOptions, type ModelArgs } from './model-options';

export interface RuntimeArgs extends GlobalArgs, ModelArgs {
  prompt?: string;
  approve?: 'all' | 'none';
  answer: string[];
  state?: string;
  resume?: string;
  maxSteps: number;
  json: boolean;
}

/** `synapse runtime`: the step-based AgentRuntime, with a human approving tools and answering questions. */
export const runtimeCommand: CommandModule<object, RuntimeArgs> = {
  command: 'runtime [prompt]',
  describe: 'Drive the step-based AgentRuntime: demo tools, human approval, resumable state',
  builder: (yargs) =>
    yargs
      .positional('prompt', { type: 'string', describe: 'What to ask (default: stdin); with --resume, a follow-up' })
      .options(modelOptions)
      .options({
        approve: { choices: ['all', 'none'] as const, describe: 'Approve or deny every tool call without asking' },
        answer: { type: 'string', array: true, default: [], describe: 'Answer a question or selection (repeat for several, in order)' },
        state: { type: 'string', describe: 'Save the runtime state to this JSON file after every step' },
        resume: { type: 'string', describe: 'Continue from a state file (saved there again unless --state says otherwise)' },
        'max-steps': { type: 'number', default: 50, describe: 'Stop (exit 1) after this many steps' },
        json: { type: 'boolean', default: false, describe: 'Write NDJSON events to stdout, a result line last' },
      })
      .example('$0 runtime --fixture fixtures/runtime-weather.json "Weather in Paris?" --approve all', 'offline demo')
      .example('$0 runtime "Weather in Paris?" --state run.json', 'pause for approval, then: $0 runtime --resume run.json --approve all') as never,
  handler: async (args) => {
    const { runRuntimeConversation } = require('./runtime-conversation') as typeof import('./runtime-conversation');
    process.exitCode = await runRuntimeConversation(args);
  },
};
