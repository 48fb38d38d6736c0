import { BashRouter } from '../tools/bash-router';
import { toToolResult } from '../tools/bash-tool-result';
import { quoteShellArg } from '../tools/shell-quote';
import type { CancelablePromise, CommandResult } from '../tools/types';
import { CommandHooks } from '../hooks/command-hooks';
import { runWithHooks } from '../runner/hooked-call';
import type { HookSettings } from '../settings/settings-schema';
import { closeWithin } from './close-within';
import { CliError } from './exit-codes';
import type { ExecArgs } from './exec-command';
import { skillDirectories } from '../extensions/extension-sources';
import { terminalElicitor } from './extension-elicitation';
import { createCliExtensions, extensionPaths, personAtTerminal } from './extension-options';
import { resolveCwd } from './global-options';
import { interruptExitCode, onInterrupt } from './interrupt';
import { toolSecurityOptions } from './security-options';
import { projectTrustOptions } from './project-trust-prompt';
import { readCliSettingsAsking } from './settings-options';
import { ToolSecurity } from '../tools/security/tool-security';
import { terminalSafeJson, visibleCommand, visibleText } from '../visible-text';

/**
 * Routes one command. For people, a shell command runs attached to the terminal (its output streams to
 * stdout and stderr as it comes, stdin passes through, nothing is cut) and its exit code becomes ours;
 * with --json the command runs as the model's tool runs it and prints the tool's result.
 */
export async function execOnce(args: ExecArgs): Promise<number> {
  const cwd = resolveCwd(args.cwd);
  const command = commandLine([...(args.command ?? []), ...(args['--'] ?? [])].map(String));
  if (!command.trim()) throw new CliError('no command: synapse exec "<command>" (see synapse exec --help)');

  if (args.readOnly && args.sandbox && args.sandbox !== 'read-only') throw new CliError(`--read-only contradicts --sandbox ${args.sandbox}`);
  let cancel = () => {};
  // Skill scripts run in the (sandboxed) shell: their directories must be visible in it.
  const readablePaths = skillDirectories({ cwd, skillsDirs: extensionPaths(args).skillsDirs });
  const settings = await readCliSettingsAsking(args, cwd, projectTrustOptions(args, args.json).askProjectTrust);
  const security = ToolSecurity.create(cwd, { ...toolSecurityOptions(args, { json: args.json, onInterrupt: () => cancel(), settings }), readablePaths });
  // MCP servers and skill scripts are processes a tool starts: the same secret-free environment as the shell.
  // A person at the terminal answers what MCP servers ask (elicitation); headless, it is declined.
  const elicit = personAtTerminal(args.json) ? terminalElicitor(() => cancel()) : undefined;
  const extensions = createCliExtensions({ ...args, cwd }, security.environment(), { elicit });
  const router = new BashRouter({ cwd, readOnly: args.readOnly, security, extensions: extensions.handlers });
  for (const warning of router.security.warnings) process.stderr.write(`synapse: warning: ${visibleText(warning)}\n`);
  const controller = new AbortController();
  let hooks: CommandHooks | undefined;
  let running: CancelablePromise<CommandResult> | undefined;
  cancel = () => {
    controller.abort();
    running?.cancel();
  };
  const stopListening = onInterrupt(cancel);
  try {
    // The command as the model's Bash tool runs it: between its PreToolUse and PostToolUse hooks.
    hooks = execHooks(settings.settings.hooks, security, cwd, args.permissionMode ?? settings.settings.permissions?.defaultMode);
    let ran: { line: string; result: CommandResult } | undefined;
    const outcome = await runWithHooks(
      { call: { id: 'exec', type: 'function', function: { name: 'Bash', arguments: JSON.stringify({ command }) } }, args: { command }, command, isTask: false },
      { hooks, cwd: () => router.cwd, emit: (event) => event.type === 'hook_notice' && process.stderr.write(`synapse: ${event.hookEvent} hook: ${visibleText(event.message)}\n`) },
      async (input, permission) => {
        const line = typeof input.command === 'string' ? input.command : command;
        running = args.json ? router.route(line, { permission }) : router.routeAttached(line, { permission });
        ran = { line, result: await running };
        return toToolResult(line, ran.result);
      },
      controller.signal,
    );
    const result = ran?.result ?? { stdout: '', stderr: `${outcome.result.message}\n`, exitCode: 126, failureCategory: 'permission_denied' as const };
    // Read only if the command reached an MCP server: say what the project's trust held back.
    if (extensions.mcp.configurationRead) for (const warning of (await extensions.mcp.configuration()).warnings) process.stderr.write(`synapse: warning: ${visibleText(warning)}\n`);
    if (args.json) printJson(ran?.line ?? command, result, outcome.feedback);
    else printForPeople(result, outcome.feedback);
    if (result.interrupted === 'cancelled' || controller.signal.aborted) return interruptExitCode();
    return result.exitCode;
  } finally {
    hooks?.close();
    stopListening();
    // MCP servers get longer: closing one ends its stdin, then SIGTERM, then SIGKILL.
    await Promise.all([closeWithin(() => router.close()), closeWithin(() => extensions.close(), 5000)]);
  }
}

/** The settings' hooks for one command (PreToolUse and PostToolUse only: exec has no session or prompt). */
function execHooks(settings: HookSettings | undefined, security: ToolSecurity, cwd: string, permissionMode: string | undefined): CommandHooks | undefined {
  if (!settings?.PreToolUse?.length && !settings?.PostToolUse?.length) return undefined;
  const { PreToolUse, PostToolUse } = settings;
  return CommandHooks.create({
    settings: { ...(PreToolUse ? { PreToolUse } : {}), ...(PostToolUse ? { PostToolUse } : {}) },
    env: security.environment(),
    projectDir: cwd,
    common: () => ({ session_id: null, transcript_path: null, permission_mode: permissionMode ?? 'default' }),
    onActivity: (activity) => {
      if (activity.type === 'hook_finished' && activity.outcome === 'error')
        process.stderr.write(`synapse: warning: ${activity.hookEvent} hook \`${visibleCommand(activity.command)}\` failed: ${visibleText(activity.message ?? '')}\n`);
    },
  });
}

function printJson(command: string, result: CommandResult, feedback: string[] = []): void {
  const { isError, message } = toToolResult(command, result);
  const { stdout, stderr, exitCode, failureCategory, interrupted } = result;
  const told = feedback.length ? `${message}\n\n${feedback.join('\n\n')}` : message;
  process.stdout.write(`${terminalSafeJson({ type: 'result', command, exitCode, stdout, stderr, isError, failureCategory, interrupted, message: told })}\n`);
}

/**
 * What an agent command or an extension printed, made visible (a shell command's output has already
 * streamed: attached, it owns the terminal as any program you run does), with advice for a person.
 */
function printForPeople(result: CommandResult, feedback: string[] = []): void {
  process.stdout.write(visibleText(result.stdout));
  process.stderr.write(visibleText(result.stderr));
  if (result.usageHelp) process.stderr.write(`See the full usage with: synapse exec ${quoteShellArg(result.usageHelp)}\n`);
  for (const line of feedback) process.stderr.write(`${visibleText(line)}\n`);
}

/**
 * One argument is the command line itself (`synapse exec "ls -la | head"`); several are an argv, as the
 * shell split them (`synapse exec -- sh -c 'exit 3'`), so each is quoted back to mean the same.
 */
function commandLine(words: string[]): string {
  return words.length === 1 ? words[0]! : words.map(quoteShellArg).join(' ');
}
