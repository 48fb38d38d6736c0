import { composeSystemPrompt } from '../runner/compose-system-prompt';
import { ProjectInstructionsError, readProjectInstructions } from '../runner/project-instructions';
import { defaultSystemPrompt } from '../runner/system-prompt';
import { CliError } from './exit-codes';
import { readInputFile } from './input-files';
import type { InstructionArgs } from './run-options';

const MAX_SYSTEM_PROMPT_BYTES = 256 * 1024;

/** The system prompt from --system-prompt-file (or the default), AGENTS.md (unless --no-agents-md), and --append-system-prompt. */
export async function resolveSystemPrompt(args: InstructionArgs, cwd: string): Promise<string> {
  const base = args.systemPromptFile ? readInputFile(args.systemPromptFile, '--system-prompt-file', MAX_SYSTEM_PROMPT_BYTES) : defaultSystemPrompt(cwd);
  if (args.systemPromptFile && !base.trim()) throw new CliError(`--system-prompt-file ${args.systemPromptFile}: the file is empty`);
  let projectInstructions;
  try {
    projectInstructions = args.agentsMd ? await readProjectInstructions(cwd) : undefined;
  } catch (error) {
    if (error instanceof ProjectInstructionsError) throw new CliError(`${error.message} (--no-agents-md skips it)`);
    throw error;
  }
  return composeSystemPrompt({ base, projectInstructions, append: args.appendSystemPrompt });
}
