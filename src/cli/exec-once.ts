import { BashRouter } from '../tools/bash-router';
import { quoteShellArg } from '../tools/shell-quote';
import { toToolResult } from '../tools/bash-tool-result';
import { CliError, ExitCode } from './exit-codes';
import type { ExecArgs } from './exec-command';
import { closeWithin } from './close-within';
import { createCliExtensions } from './extension-options';
import { handleInterrupt } from './interrupt';
import { toolSecurityOptions } from './security-options';
import { ToolSecurity } from '../tools/security/tool-security';

/** Routes one command; its stdout and stderr pass through, its exit code becomes ours. */
export async function execOnce(args: ExecArgs): Promise<number> {
  const command = commandLine([...(args.command ?? []), ...(args['--'] ?? [])].map(String));
  if (!command.trim()) throw new CliError('no command: synapse exec "<command>" (see synapse exec --help)');

  if (args.readOnly && args.sandbox && args.sandbox !== 'read-only') throw new CliError(`--read-only contradicts --sandbox ${args.sandbox}`);
  let cancel = () => {};
  const security = ToolSecurity.create(args.cwd, toolSecurityOptions(args, { json: args.json, onInterrupt: () => cancel() }));
  // MCP servers and skill scripts are processes a tool starts: the same secret-free environment as the shell.
  const extensions = createCliExtensions(args, security.environment());
  const router = new BashRouter({ cwd: args.cwd, readOnly: args.readOnly, security, extensions: extensions.handlers });
  for (const warning of router.security.warnings) process.stderr.write(`synapse: warning: ${warning}
`);
  const running = router.route(command);
  cancel = () => running.cancel();
  const stopListening = handleInterrupt(cancel);
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
    if (result.interrupted === 'cancelled') return ExitCode.interrupted;
    return result.exitCode;
  } finally {
    stopListening();
    // MCP servers get longer: closing one ends its stdin, then SIGTERM, then SIGKILL.
    await Promise.all([closeWithin(() => router.close()), closeWithin(() => extensions.close(), 5000)]);
  }
}

/**
 * One argument is the command line itself (`synapse exec "ls -la | head"`); several are an argv, as the
 * shell split them (`synapse exec -- sh -c 'exit 3'`), so each is quoted back to mean the same.
 */
function commandLine(words: string[]): string {
  return words.length === 1 ? words[0]! : words.map(quoteShellArg).join(' ');
}
