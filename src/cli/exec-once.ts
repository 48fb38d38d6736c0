import { BashRouter } from '../tools/bash-router';
import { quoteShellArg } from '../tools/shell-quote';
import { toToolResult } from '../tools/bash-tool-result';
import { CliError } from './exit-codes';
import type { ExecArgs } from './exec-command';
import { closeWithin } from './close-within';
import { interruptExitCode, onInterrupt } from './interrupt';

/** Routes one command; its stdout and stderr pass through, its exit code becomes ours. */
export async function execOnce(args: ExecArgs): Promise<number> {
  const command = commandLine([...(args.command ?? []), ...(args['--'] ?? [])].map(String));
  if (!command.trim()) throw new CliError('no command: synapse exec "<command>" (see synapse exec --help)');

  const router = new BashRouter({ cwd: args.cwd, readOnly: args.readOnly });
  const running = router.route(command);
  const stopListening = onInterrupt(() => running.cancel());
  try {
    const result = await running;
    if (args.json) {
      const { isError, message } = toToolResult(command, result);
      const { stdout, stderr, exitCode, failureCategory, interrupted } = result;
      process.stdout.write(`${JSON.stringify({ type: 'result', command, exitCode, stdout, stderr, isError, failureCategory, interrupted, message })}\n`);
    } else {
      process.stdout.write(result.stdout);
      process.stderr.write(result.stderr);
    }
    if (result.interrupted === 'cancelled') return interruptExitCode();
    return result.exitCode;
  } finally {
    stopListening();
    await closeWithin(() => router.close());
  }
}

/**
 * One argument is the command line itself (`synapse exec "ls -la | head"`); several are an argv, as the
 * shell split them (`synapse exec -- sh -c 'exit 3'`), so each is quoted back to mean the same.
 */
function commandLine(words: string[]): string {
  return words.length === 1 ? words[0]! : words.map(quoteShellArg).join(' ');
}
