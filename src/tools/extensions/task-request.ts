import { parseOptions, splitArguments, UsageError } from '../agent-commands/agent-command';
import type { TaskRequest } from '../types';

export const TASK_USAGE = 'Usage: task:<type> --prompt "<what to do>" [--description "<short title>"]   (or: task:<type> <prompt words>)';

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
  const { positional, options } = parseOptions(splitArguments(trimmed.slice(head.length)), ['--prompt', '-p', '--description', '-d']);
  const flagPrompt = options.get('--prompt') ?? options.get('-p');
  if (flagPrompt !== undefined && positional.length) throw new UsageError(`unexpected arguments besides --prompt: ${positional.join(' ')}`);
  const prompt = (flagPrompt ?? positional.join(' ')).trim();
  if (!prompt) throw new UsageError('missing prompt');
  const description = options.get('--description') ?? options.get('-d');
  return { type, prompt, ...(description !== undefined ? { description } : {}), command: trimmed };
}
