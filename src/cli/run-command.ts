import type { CommandModule } from 'yargs';
import { extensionOptions, trustOption, type ExtensionArgs } from './extension-options';
import { cwdOption, type CwdArgs, type GlobalArgs } from './global-options';
import { modelOptions, type ModelArgs } from './model-options';
import { promptOptions, type PromptArgs } from './read-prompt';
import {
  approvalOptions,
  contextOptions,
  instructionOptions,
  runLimitOptions,
  runOutputOptions,
  runSessionOptions,
  type ApprovalArgs,
  type ContextArgs,
  type InstructionArgs,
  type RunLimitArgs,
  type RunOutputArgs,
  type RunSessionArgs,
} from './run-options';
import { securityOptions, type SecurityArgs } from './security-options';
import { sessionsDirOption } from './session-options';
import { settingsOption, type SettingsArgs } from './settings-options';

export interface RunArgs
  extends GlobalArgs,
    CwdArgs,
    ModelArgs,
    PromptArgs,
    RunSessionArgs,
    RunLimitArgs,
    ContextArgs,
    InstructionArgs,
    RunOutputArgs,
    SecurityArgs,
    ApprovalArgs,
    ExtensionArgs,
    SettingsArgs {}

/** `synapse run [prompt]`: one agent run (AgentRunner) with the Bash tool, sub-agents and a session. */
export const runCommand: CommandModule<object, RunArgs> = {
  command: 'run [prompt]',
  describe: 'Run the agent once on a prompt (argument, stdin, or both)',
  builder: (yargs) =>
    yargs
      .positional('prompt', { type: 'string', describe: 'What to ask; piped stdin is added after it' })
      .options(cwdOption)
      .options(modelOptions)
      .options(promptOptions)
      .options(sessionsDirOption)
      .options(runSessionOptions)
      .options(runLimitOptions)
      .options(contextOptions)
      .options(instructionOptions)
      .options(runOutputOptions)
      .options(securityOptions)
      .options(approvalOptions)
      .options(extensionOptions)
      .options(trustOption)
      .options(settingsOption)
      .example('$0 run --fixture fixtures/demo-write-file.json "Write hello.txt"', 'offline demo, no key needed')
      .example('$0 run "List the TypeScript files here"', 'with OPENAI_API_KEY set')
      .example('git diff | $0 run "Review this diff"', 'the prompt, then stdin')
      .example('$0 run --continue "And now the docs"', 'go on with the most recent session')
      .example('$0 run --fixture fixtures/demo-long-session.json --context-window 4000 "Review the logs"', 'a long session through a small window')
      .example('$0 run --sandbox read-only --deny "git push*" "Review the repo"', 'nothing written, never a push')
      .example('$0 run --json --on-ask defer "Clean the build"', 'in CI: stop at a command that needs approval (exit 3)')
      .example('$0 run --continue --approve call_1', 'later: run the paused call and go on')
      .example('$0 run --fixture fixtures/demo-skill.json --skills-dir fixtures/skills "How big is this project?"', 'offline demo of a skill') as never,
  handler: async (args) => {
    const { runAgent } = require('./run-agent') as typeof import('./run-agent');
    process.exitCode = await runAgent(args);
  },
};
