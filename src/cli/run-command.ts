import type { CommandModule } from 'yargs';
import { extensionOptions, type ExtensionArgs } from './extension-options';
import { modelOptions, type ModelArgs } from './model-options';
import { securityOptions, type SecurityArgs } from './security-options';
import { sessionsDirOption } from './session-options';

export interface RunArgs extends ExtensionArgs, ModelArgs, SecurityArgs {
  prompt?: string;
  sessionsDir?: string;
  /** An id to resume; `false` from --no-session. */
  session?: string | false;
  maxConsecutiveFailures?: number;
  maxIterations?: number;
  skillSearch: boolean;
  json: boolean;
}

/** `synapse run [prompt]`: one agent run (AgentRunner) with the Bash tool, sub-agents and a session. */
export const runCommand: CommandModule<object, RunArgs> = {
  command: 'run [prompt]',
  describe: 'Run the agent once on a prompt (argument or stdin)',
  builder: (yargs) =>
    yargs
      .positional('prompt', { type: 'string', describe: 'What to ask (default: read from stdin)' })
      .options(modelOptions)
      .options(sessionsDirOption)
      .options(securityOptions)
      .options(extensionOptions)
      .options({
        session: { type: 'string', describe: 'Resume this session (see synapse sessions list); --no-session persists nothing' },
        'max-consecutive-failures': {
          type: 'number',
          describe: 'Stop after this many tool rounds failing in a row',
          defaultDescription: '$SYNAPSE_MAX_CONSECUTIVE_TOOL_FAILURES or 3',
        },
        'max-iterations': { type: 'number', describe: 'Stop after this many model requests', defaultDescription: '50' },
        'skill-search': { type: 'boolean', default: true, describe: 'Prefix the first message with the Skill Search Priority block (--no-skill-search)' },
        json: { type: 'boolean', default: false, describe: 'Write NDJSON events to stdout, a result line last' },
      })
      .example('$0 run --fixture fixtures/demo-write-file.json "Write hello.txt"', 'offline demo, no key needed')
      .example('$0 run "List the TypeScript files here"', 'with OPENAI_API_KEY set')
      .example('$0 run --base-url http://localhost:11434/v1 --model qwen2.5 "Hi"', 'a local Ollama server')
      .example('$0 run --session <id> "And now?"', 'continue a session')
      .example('$0 run --sandbox read-only --deny "git push*" "Review the repo"', 'nothing written, never a push')
      .example('$0 run --fixture fixtures/demo-skill.json --skills-dir fixtures/skills "How big is this project?"', 'offline demo of a skill') as never,
  handler: async (args) => {
    const { runAgent } = require('./run-agent') as typeof import('./run-agent');
    process.exitCode = await runAgent(args);
  },
};
