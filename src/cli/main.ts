import type { ArgumentsCamelCase, Argv } from 'yargs';
import { chatCommand, chatOptions, type ChatArgs } from './chat-command';
import { configCommand } from './config-command';
import { execCommand } from './exec-command';
import { CliError, ExitCode } from './exit-codes';
import { reportError } from './error-report';
import { rejectRepeatedFlags } from './repeated-flags';
import { simpleCommandArgs } from './simple-argv';
import { globalOptions } from './global-options';
import { installInterruptHandlers, interruptedBy, interruptExitCode } from './interrupt';
import { mcpCommand } from './mcp-command';
import { packageVersion } from './package-version';
import { describeUsageError, helpCommand } from './usage-message';
import { runCommand } from './run-command';
import { runtimeCommand } from './runtime-command';
import { serveCommand } from './serve-command';
import { workerCommand } from './worker-command';
import { sessionsCommand } from './sessions-command';
import { skillsCommand } from './skills-command';

/**
 * Parses the command line and runs one command. Command modules load their heavy dependencies (openai,
 * the runner, sessions, the tokenizer) inside their handlers, so `--help` and `--version` stay fast.
 */
export async function main(given: string[]): Promise<number> {
  // Bare `synapse` (flags at most) on a terminal is a chat, as `claude` and `codex` are.
  const argv = startsChat(given) ? ['chat', ...given] : given;
  const debug = argv.includes('--debug');
  // SIGINT, SIGTERM and SIGHUP end every command the same way: aborted, cleaned up, exit 130 / 143 / 129.
  installInterruptHandlers();
  try {
    // A plain `synapse chat [--flag value ...]` skips yargs: the prompt shows sooner (docs/repl.md, Start-up).
    const chat = simpleCommandArgs(argv, 'chat', { ...globalOptions, ...chatOptions });
    await (chat ? chatCommand.handler(chat as unknown as ArgumentsCamelCase<ChatArgs>) : commandParser(argv).parseAsync());
    if (interruptedBy()) return interruptExitCode();
    return typeof process.exitCode === 'number' ? process.exitCode : ExitCode.ok;
  } catch (error) {
    return reportError(error, { debug });
  }
}

/** yargs with every command: the parser of anything but a plain chat. */
function commandParser(argv: string[]): Argv {
  const yargs = require('yargs') as typeof import('yargs').default;
  const parser = yargs(argv)
    .scriptName('synapse')
    .usage('$0 <command> [options]\n\nA scriptable reference CLI for the synapse agent runtime.')
    .options(globalOptions)
    .command(chatCommand)
    .command(runCommand)
    .command(execCommand)
    .command(sessionsCommand)
    .command(runtimeCommand)
    .command(mcpCommand)
    .command(skillsCommand)
    .command(serveCommand)
    .command(workerCommand)
    .command(configCommand)
    .demandCommand(1, `a command is required: ${COMMANDS.join(', ')}`)
    .strict()
    .parserConfiguration({ 'populate--': true })
    .version(packageVersion())
    .alias('version', 'v')
    .help()
    .alias('help', 'h')
    .wrap(Math.min(100, process.stdout.columns || 100))
    .epilogue('Exit codes: 0 done, 1 the run failed, 2 bad input, 130 / 143 / 129 interrupted by SIGINT / SIGTERM / SIGHUP.')
    // Usage mistakes become one line; errors thrown by handlers pass through to the catch below.
    .fail((message, error) => {
      if (error) throw error;
      const flags = Object.keys(declared().key).filter((name) => /^[a-z][a-z0-9-]+$/.test(name));
      throw new CliError(`${describeUsageError(unknownFlagFirst(message, argv), argv, flags)} (see ${helpCommand(argv)})`);
    })
    .exitProcess(false);
  // yargs' getOptions() (the declared flags) exists at run time but not in @types/yargs.
  const declared = () => (parser as unknown as { getOptions(): { key: Record<string, unknown>; array: string[] } }).getOptions();
  parser.middleware((args) => rejectRepeatedFlags(args, declared()), true);
  skipHelpCache(parser);
  return parser;
}

/** Every command, for usage messages. */
export const COMMANDS = ['chat', 'run', 'exec', 'sessions', 'runtime', 'mcp', 'skills', 'serve', 'worker', 'config'] as const;

function startsChat(argv: readonly string[]): boolean {
  const asksForInfo = argv.some((word) => ['--help', '-h', '--version', '-v'].includes(word));
  const command = argv.find((word) => !word.startsWith('-'));
  const startsWithFlag = argv.length === 0 || argv[0]!.startsWith('-');
  return !asksForInfo && startsWithFlag && !(COMMANDS as readonly string[]).includes(command ?? '') && Boolean(process.stdin.isTTY && process.stdout.isTTY);
}

/** `synapse --bogus` has no command yet, but the flag is the mistake worth naming. */
function unknownFlagFirst(message: string, argv: readonly string[]): string {
  if (!message.startsWith('a command is required')) return message;
  const known = new Set(['--debug', '--help', '-h', '--version', '-v']);
  const unknown = argv.filter((word) => word.startsWith('-') && word !== '--' && !known.has(word.split('=')[0]!));
  return unknown.length ? `Unknown arguments: ${unknown.map((word) => word.replace(/^-+/, '').split('=')[0]).join(', ')}` : message;
}

/**
 * Before it runs a command, yargs renders that command's whole help text (about a tenth of a short command's
 * CPU time) and keeps it, for a failing handler to print or a handler's own showHelp(). Ours do neither:
 * fail() above turns every failure into one line, and no handler shows help. (`--help` renders it as before.)
 */
function skipHelpCache(parser: object): void {
  const internals = parser as { getInternalMethods?: () => { getUsageInstance?: () => { cacheHelpMessage?: () => void } } };
  const usage = internals.getInternalMethods?.().getUsageInstance?.();
  if (usage?.cacheHelpMessage) usage.cacheHelpMessage = () => undefined;
}
