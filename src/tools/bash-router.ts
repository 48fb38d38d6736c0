import { TodoStore } from '../todo';
import { AGENT_COMMANDS, isHelpRequest, UsageError } from './agent-commands';
import { runAttached } from './attached-command';
import { boundOutput } from './bound-output';
import { cancelable } from './cancelable';
import { classifyCommand, firstWord, stripBashPrefix } from './command-line';
import { commandSuccess, executionFailure, usageFailure } from './command-results';
import { readCommandTimeoutMs } from './command-timeout';
import type { ExtensionHandlers } from './extensions/extension-handlers';
import { runExtension } from './extensions/run-extension';
import { DEFAULT_MAX_OUTPUT_BYTES, interrupted, NativeShellSession } from './native-shell-session';
import { findWriteInNativeCommand } from './read-only-guard';
import { ToolSecurity, type ToolSecurityOptions } from './security/tool-security';
import { SandboxRefusal, WorkspaceFiles } from './security/workspace-files';
import type { CallPermission, CancelablePromise, CommandResult, SubAgentExecutorFactory } from './types';

/** How one command is routed: `restart` restarts the shell first; `permission` is what the caller knows beyond the rules. */
export interface RouteOptions {
  restart?: boolean;
  permission?: CallPermission;
}

export interface BashRouterOptions {
  /** Where the shell starts (default: process.cwd()). */
  cwd?: string;
  /** The store TodoWrite updates (default: a new one, see `todoStore`). */
  todoStore?: TodoStore;
  /** Gives `task:<type>` its sub-agent; without it task commands fail with a clear error. */
  subAgentExecutorFactory?: SubAgentExecutorFactory;
  /** Refuse commands that change files: the read-only sandbox, plus a screen of common writing commands. */
  readOnly?: boolean;
  /** Native command time limit; default: SYNAPSE_COMMAND_TIMEOUT read at each call, else 30000 ms. */
  commandTimeoutMs?: number;
  /** Output kept per stream of a native command (default 128 KiB); the middle of longer output is omitted. */
  maxOutputBytes?: number;
  /** `mcp:*` and `skill:*` (src/extensions provides the real ones); without them those names are unknown. */
  extensions?: ExtensionHandlers;
  /**
   * Permission policy, approval, sandbox, secret-free environment and redaction. A ToolSecurity is shared
   * as is (sub-agents get their parent's); options build one for this router's working directory.
   */
  security?: ToolSecurity | ToolSecurityOptions;
}

/**
 * Sends each command to one of three layers: extensions (`task:`, `mcp:`, `skill:`), the agent commands
 * run in Node (read, write, edit, glob, search, TodoWrite), or else the persistent native shell.
 */
export class BashRouter {
  readonly todoStore: TodoStore;
  readonly security: ToolSecurity;
  private readonly session: NativeShellSession;
  private readonly initialCwd: string;
  private readonly files: WorkspaceFiles;

  constructor(private readonly options: BashRouterOptions = {}) {
    this.initialCwd = options.cwd ?? process.cwd();
    this.todoStore = options.todoStore ?? new TodoStore();
    const security = options.security instanceof ToolSecurity ? options.security : ToolSecurity.create(this.initialCwd, options.security);
    this.security = options.readOnly ? security.forMode('read-only') : security;
    const sandbox = this.security.sandbox;
    this.files = new WorkspaceFiles(sandbox);
    this.session = new NativeShellSession({
      cwd: this.initialCwd,
      maxOutputBytes: options.maxOutputBytes,
      env: this.security.environment(),
      launch: (cwd) => sandbox.launch(cwd),
      startDirectory: (cwd) => sandbox.startDirectory(cwd),
    });
  }

  /** The shell's current directory (it follows `cd`). */
  get cwd(): string {
    return this.session.cwd;
  }

  get readOnly(): boolean {
    return this.security.sandbox.mode === 'read-only';
  }

  /** The process id of the running shell (the sandbox's, when there is one), if a shell is running. */
  get shellPid(): number | undefined {
    return this.session.pid;
  }

  /**
   * Routes one command: the permission policy first (over the whole line, whichever layer runs it), then
   * `restart` restarts the shell session, then the command runs. Its output comes back with known secrets
   * redacted and bounded in size. Cancel kills what the command started.
   */
  route(command: string, options: boolean | RouteOptions = false): CancelablePromise<CommandResult> {
    return this.guarded(command, typeof options === 'boolean' ? { restart: options } : options);
  }

  /**
   * Routes one command for a person rather than the model: a native command runs attached to this
   * process's stdin, stdout and stderr (streamed, not captured, not truncated, no time limit) in the
   * router's working directory; agent commands and extensions run exactly as `route` runs them. The
   * permission policy, the sandbox and the secret-free environment apply as they do to `route`.
   */
  routeAttached(command: string, options: Omit<RouteOptions, 'restart'> = {}): CancelablePromise<CommandResult> {
    return this.guarded(command, { ...options, attached: true });
  }

  private guarded(command: string, mode: RouteOptions & { attached?: boolean }): CancelablePromise<CommandResult> {
    return cancelable(
      async (signal) => {
        const permission = await this.security.gate.check(command, { cwd: this.cwd, signal, permission: mode.permission });
        if (signal.aborted) return interrupted();
        if (!permission.allowed) return permissionDenied(permission.reason, permission.deferred);
        if (mode.restart) {
          await this.session.restart();
          if (signal.aborted) return interrupted();
        }
        return this.secure(await this.execute(command, signal, mode));
      },
      { interrupted, failed: internalFailure },
    );
  }

  /** Ends the shell and everything it started, and the agent commands' file helper. */
  async close(): Promise<void> {
    await Promise.all([this.session.close(), this.files.close()]);
  }

  /** What leaves the router: known secrets redacted (native output is already bounded by its capture). */
  private secure(result: CommandResult): CommandResult {
    const { redactor } = this.security;
    return { ...result, stdout: redactor.redact(result.stdout), stderr: redactor.redact(result.stderr) };
  }

  /** Output of the layers that run in Node, bounded per stream like native output. */
  private bounded(result: CommandResult): CommandResult {
    const limit = this.options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
    return { ...result, stdout: boundOutput(result.stdout, limit), stderr: boundOutput(result.stderr, limit) };
  }

  private async execute(rawCommand: string, signal: AbortSignal, mode: { attached?: boolean } = {}): Promise<CommandResult> {
    // Without its leading blanks, a command is empty or starts with a word (a stripped `bash ` prefix too).
    const command = stripBashPrefix(rawCommand.replace(/^\s+/, ''), this.cwd);
    if (!command) return usageFailure('bash', 'Usage: <shell command or agent command>', 'empty command');
    // A bare `bash` would start an interactive shell that reads nothing and exits 0: a mistake, said as one.
    if (/^bash\s*$/.test(command))
      return usageFailure('bash', 'Usage: <shell command>   (or bash -c "<command>", bash <script>)', 'bare `bash` runs nothing: put the command itself in the command parameter');
    switch (classifyCommand(command)) {
      case 'extension':
        return this.bounded(
          await runExtension(command, {
            signal,
            cwd: this.cwd,
            readOnly: this.readOnly,
            runNative: (line) => (this.readOnly ? Promise.resolve(this.readOnlyFailure('a skill script may change files')) : this.runNative(line, signal)),
            writeFile: (path, content) => (this.readOnly ? Promise.reject(new SandboxRefusal(`read-only: writing ${path} is not allowed here`)) : this.files.write(path, content)),
            subAgentExecutorFactory: this.options.subAgentExecutorFactory,
            handlers: this.options.extensions ?? {},
          }),
        );
      case 'agent':
        return this.bounded(await this.runAgentCommand(command, signal));
      case 'native':
        return this.runNative(command, signal, mode);
    }
  }

  private async runAgentCommand(command: string, signal: AbortSignal): Promise<CommandResult> {
    const name = firstWord(command);
    const agentCommand = AGENT_COMMANDS.get(name)!;
    const args = command.slice(name.length);
    if (isHelpRequest(args)) return commandSuccess(`${agentCommand.help}\n`);
    if (this.readOnly && agentCommand.writes) return this.readOnlyFailure(`\`${name}\` changes files`);
    try {
      return await agentCommand.run(args, { cwd: this.cwd, todoStore: this.todoStore, signal, files: this.files });
    } catch (error) {
      if (error instanceof UsageError) return usageFailure(name, agentCommand.usage, error.message);
      return executionFailure(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async runNative(command: string, signal: AbortSignal, mode: { attached?: boolean } = {}): Promise<CommandResult> {
    if (this.readOnly) {
      const write = findWriteInNativeCommand(command);
      if (write) return this.readOnlyFailure(write);
    }
    if (mode.attached) {
      const { redactor, sandbox } = this.security;
      const launch = sandbox.launch(this.cwd);
      return runAttached(command, { cwd: launch.cwd, signal, env: this.security.environment(), launch, redactor });
    }
    const timeoutMs = this.options.commandTimeoutMs ?? readCommandTimeoutMs();
    const result = await this.session.run(command, { signal, timeoutMs });
    if (result.exitCode === 127 && !result.failureCategory) return { ...result, failureCategory: 'command_not_found' };
    return result;
  }

  private readOnlyFailure(reason: string): CommandResult {
    // A read-only router's sandbox has a warning exactly when bubblewrap does not enforce it.
    const { warning } = this.security.sandbox;
    const screen = warning ? ` (${warning}.)` : '';
    return {
      stdout: '',
      stderr: `read-only: ${reason}, which is not allowed here. This session may only read: use read, glob, search and commands that do not modify files.${screen}\n`,
      exitCode: 1,
      failureCategory: 'invalid_usage',
    };
  }
}

/** A command the policy did not let run: a result the model can read, never an exception. */
function permissionDenied(reason: string, deferred?: { rule: string }): CommandResult {
  return { stdout: '', stderr: `${reason}\n`, exitCode: 126, failureCategory: 'permission_denied', ...(deferred ? { approvalRequired: deferred } : {}) };
}

function internalFailure(error: unknown): CommandResult {
  return executionFailure(`Internal error while running the command: ${error instanceof Error ? error.message : String(error)}`);
}
