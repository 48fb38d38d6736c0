import { CliError } from './exit-codes';

/** The prompt from the argument, or else from stdin when it is piped (`echo hi | synapse run`). */
export async function readPrompt(argument: string | undefined, required = true): Promise<string | undefined> {
  if (argument !== undefined) {
    if (!argument.trim()) throw new CliError('the prompt is empty');
    return argument;
  }
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8').trim();
    if (text) return text;
  }
  if (required) throw new CliError('no prompt: pass it as an argument or on stdin');
  return undefined;
}
