import { ProjectInstructionsError, readProjectInstructions } from '../runner/project-instructions';
import type { AgentRunnerOptions } from '../runner/types';
import { CliError } from './exit-codes';
import { readInputFile } from './input-files';
import type { InstructionArgs } from './run-options';

const MAX_SYSTEM_PROMPT_BYTES = 256 * 1024;

/**
 * The runner's system-prompt options: --system-prompt-file (replacing the default), AGENTS.md (unless
 * --no-agents-md) and --append-system-prompt. The runner composes them.
 */
export async function systemPromptOptions(args: InstructionArgs, cwd: string): Promise<Pick<AgentRunnerOptions, 'systemPrompt' | 'projectInstructions' | 'appendSystemPrompt'>> {
  const base = args.systemPromptFile ? readInputFile(args.systemPromptFile, '--system-prompt-file', MAX_SYSTEM_PROMPT_BYTES) : undefined;
  if (base !== undefined && !base.trim()) throw new CliError(`--system-prompt-file ${args.systemPromptFile}: the file is empty`);
  let projectInstructions;
  try {
    projectInstructions = args.agentsMd ? await readProjectInstructions(cwd) : undefined;
  } catch (error) {
    if (error instanceof ProjectInstructionsError) throw new CliError(`${error.message} (--no-agents-md skips it)`);
    throw error;
  }
  return { systemPrompt: base, projectInstructions, appendSystemPrompt: args.appendSystemPrompt };
}
