import { CliError } from './exit-codes';

/** Standard input beyond this is refused rather than cut: nothing the user gave is dropped silently. */
export const MAX_STDIN_BYTES = 512 * 1024;

export const promptOptions = {
  stdin: {
    type: 'boolean',
    default: true,
    describe: 'Read standard input when it is not a terminal, after the prompt (--no-stdin to ignore it)',
  },
} as const;

export interface PromptArgs {
  prompt?: string;
  stdin: boolean;
}

/**
 * The prompt: the argument, then piped standard input in a fenced block (`git diff | synapse run "Review
 * this"`), or either one alone. `required` makes a missing prompt bad input.
 */
export async function readPrompt(args: PromptArgs, options: { required: boolean }): Promise<string | undefined> {
  if (args.prompt !== undefined && !args.prompt.trim()) throw new CliError('the prompt is empty');
  const piped = args.stdin && !process.stdin.isTTY ? await readStdin() : '';
  const prompt = combinePrompt(args.prompt, piped);
  if (prompt === undefined && options.required) throw new CliError('no prompt: pass it as an argument or on stdin');
  return prompt;
}

/** The prompt, then the input in a fence longer than any backtick run inside it. */
export function combinePrompt(prompt: string | undefined, input: string): string | undefined {
  if (!input.trim()) return prompt;
  if (prompt === undefined) return input.trim();
  const longestRun = Math.max(2, ...[...input.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longestRun + 1);
  return `${prompt}\n\n${fence}stdin\n${input.replace(/\n$/, '')}\n${fence}`;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    size += (chunk as Buffer).length;
    if (size > MAX_STDIN_BYTES) {
      process.stdin.destroy();
      throw new CliError(`standard input is larger than ${MAX_STDIN_BYTES / 1024} KiB: pass less, or save it to a file and name the file in the prompt`);
    }
    chunks.push(chunk as Buffer);
  }
  return textOf(Buffer.concat(chunks));
}

/** Standard input as text; binary input (NUL bytes, not UTF-8) is refused in one line rather than sent garbled. */
function textOf(bytes: Buffer): string {
  const binary = () => new CliError(`standard input is binary (${bytes.length} bytes), not text: pass text, or save the data to a file and name the file in the prompt`);
  if (bytes.includes(0)) throw binary();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw binary();
  }
}
