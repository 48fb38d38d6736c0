import { parseOptions, splitArguments, UsageError } from '../agent-commands/agent-command';
import type { TaskRequest } from '../types';

export const TASK_USAGE = 'Usage: task:<type> --prompt "<what to do>" [--description "<short title>"] [--model <name>] [--max-turns N]   (or: task:<type> <prompt words>)';

/** The most model turns a sub-agent may be given with --max-turns. */
export const MAX_TASK_TURNS = 200;

/**
 * Parses `task:<type> --prompt/-p "..." --description/-d "..."` (a command that starts with `task:`). Without
 * --prompt, the remaining words are the prompt (`task:skill:search some words`). Throws UsageError for a
 * missing type or prompt.
 */
export function parseTaskRequest(command: string): TaskRequest {
  const trimmed = command.trim();
  const [head] = trimmed.split(/\s/, 1);
  const type = head.slice('task:'.length);
  if (!/^[\w.-]+(?::[\w.-]+)*$/.test(type)) throw new UsageError(type ? `invalid task type ${JSON.stringify(type)}` : 'missing task type after task:');
  const { positional, options } = parseOptions(splitArguments(trimmed.slice(head.length)), ['--prompt', '-p', '--description', '-d', '--model', '--max-turns']);
  const flagPrompt = options.get('--prompt') ?? options.get('-p');
  if (flagPrompt !== undefined && positional.length) throw new UsageError(`unexpected arguments besides --prompt: ${positional.join(' ')}`);
  const prompt = (flagPrompt ?? positional.join(' ')).trim();
  if (!prompt) throw new UsageError('missing prompt');
  const description = options.get('--description') ?? options.get('-d');
  const model = options.get('--model');
  if (model !== undefined && !/^[\w.:/@+-]{1,200}$/.test(model)) throw new UsageError(`--model must be a model name (got ${JSON.stringify(model)})`);
  const turns = options.get('--max-turns');
  if (turns !== undefined && !(/^\d+$/.test(turns) && Number(turns) >= 1 && Number(turns) <= MAX_TASK_TURNS)) {
    throw new UsageError(`--max-turns must be a whole number from 1 to ${MAX_TASK_TURNS} (got ${JSON.stringify(turns)})`);
  }
  return {
    type,
    prompt,
    ...(description !== undefined ? { description } : {}),
    ...(model !== undefined ? { model } : {}),
    ...(turns !== undefined ? { maxTurns: Number(turns) } : {}),
    command: trimmed,
  };
}
