import { TodoStore } from '../todo/todo-store';
import { AGENT_COMMANDS, isHelpRequest, UsageError } from './agent-commands';
import { runAttached } from './attached-command';
import { cancelable, cancelOnAbort } from './cancelable';
import { classifyCommand, firstWord, stripBashPrefix } from './command-line';
import { commandSuccess, executionFailure, usageFailure } from './command-results';
import { readCommandTimeoutMs } from './command-timeout';
import type { ExtensionHandlers } from './extensions/extension-handlers';
import { runExtension } from './extensions/run-extension';
import { interrupted, NativeShellSession } from './native-shell-session';
import { findWriteInNativeCommand } from './read-only-guard';
import type { CancelablePromise, CommandResult, SubAgentExecutorFactory } from './types';

export interface BashRouterOptions {
  /** Where the shell starts (default: process.cwd()). */
  cwd?: string;
  /** The store TodoWrite updates (default: a new one, see `todoStore`). */
  todoStore?: TodoStore;
  /** Gives `task:<type>` its sub-agent; without it task commands fail with a clear error. */
  subAgentExecutorFactory?: SubAgentExecutorFactory;
  /** Refuse commands that change files (write, edit, TodoWrite, rm, redirections...). */
  readOnly?: boolean;
  /** Native command time limit; default: SYNAPSE_COMMAND_TIMEOUT read at each call, else 30000 ms. */
  commandTimeoutMs?: number;
  /** Output kept per stream of a native command (default 128 KiB); the middle of longer output is omitted. */
  maxOutputBytes?: number;
  extensions?: ExtensionHandlers;
}

/**
 * Sends each command to one of three layers: extensions (`task:`, `mcp:`, `skill:`), the agent commands
 * run in Node (read, write, edit, glob, search, TodoWrite), or else the persistent native shell.
 */
export class BashRouter {
  readonly todoStore: TodoStore;
  private readonly session: NativeShellSession;
  private readonly initialCwd: string;

  constructor(private readonly options: BashRouterOptions = {}) {
    this.initialCwd = options.cwd ?? process.cwd();
    this.todoStore = options.todoStore ?? new TodoStore();
    this.session = new NativeShellSession({ cwd: this.initialCwd, maxOutputBytes: options.maxOutputBytes });
  }

  /** The shell's current directory (it follows `cd`). */
  get cwd(): string {
    return this.session.cwd;
  }

  get readOnly(): boolean {
    return this.options.readOnly ?? false;
  }

  /** Routes one command. `restart` restarts the shell session first. Cancel kills what the command started. */
  route(command: string, restart = false): CancelablePromise<CommandResult> {
    if (!restart) return this.dispatch(command);
    return cancelable(
      async (signal) => {
        await this.session.restart();
        if (signal.aborted) return interrupted('cancelled');
        const inner = this.dispatch(command);
        const stopForwarding = cancelOnAbort(signal, inner);
        try {
          return await inner;
        } finally {
          stopForwarding();
        }
      },
      { interrupted: () => interrupted('cancelled'), failed: internalFailure },
    );
  }

  /**
   * Routes one command for a person rather than the model: a native command runs attached to this
   * process's stdin, stdout and stderr (streamed, not captured, not truncated, no time limit) in the
   * router's working directory; agent commands and extensions run exactly as `route` runs them.
   */
  routeAttached(command: string): CancelablePromise<CommandResult> {
    return cancelable((signal) => this.execute(command, signal, { attached: true }), { interrupted: () => interrupted('cancelled'), failed: internalFailure });
  }

  /** Ends the shell and everything it started. */
  close(): Promise<void> {
    return this.session.close();
  }

  private dispatch(command: string): CancelablePromise<CommandResult> {
    return cancelable((signal) => this.execute(command, signal), { interrupted: () => interrupted('cancelled'), failed: internalFailure });
  }

  private async execute(rawCommand: string, signal: AbortSignal, mode: { attached?: boolean } = {}): Promise<CommandResult> {
    const command = stripBashPrefix(rawCommand.replace(/^\s+/, ''), this.cwd);
    if (!command.trim()) return usageFailure('bash', 'Usage: <shell command or agent command>', 'empty command');
    switch (classifyCommand(command)) {
      case 'extension':
        return runExtension(command, {
          signal,
          cwd: this.cwd,
          subAgentExecutorFactory: this.options.subAgentExecutorFactory,
          handlers: this.options.extensions ?? {},
        });
      case 'agent':
        return this.runAgentCommand(command, signal);
      case 'native':
        return this.runNative(command, signal, mode);
    }
  }

  private async runAgentCommand(command: string, signal: AbortSignal): Promise<CommandResult> {
    const name = firstWord(command);
    const agentCommand = AGENT_COMMANDS.get(name)!;
    const args = command.trimStart().slice(name.length);
    if (isHelpRequest(args)) return commandSuccess(`${agentCommand.help}\n`);
    if (this.readOnly && agentCommand.writes) return readOnlyFailure(`\`${name}\` changes files`);
    try {
      return await agentCommand.run(args, { cwd: this.cwd, todoStore: this.todoStore, signal });
    } catch (error) {
      if (error instanceof UsageError) return usageFailure(name, agentCommand.usage, error.message);
      return executionFailure(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async runNative(command: string, signal: AbortSignal, mode: { attached?: boolean }): Promise<CommandResult> {
    if (this.readOnly) {
      const write = findWriteInNativeCommand(command);
      if (write) return readOnlyFailure(write);
    }
    if (mode.attached) return runAttached(command, { cwd: this.cwd, signal });
    const timeoutMs = this.options.commandTimeoutMs ?? readCommandTimeoutMs();
    const result = await this.session.run(command, { signal, timeoutMs });
    if (result.exitCode === 127 && !result.failureCategory) return { ...result, failureCategory: 'command_not_found' };
    return result;
  }
}

function readOnlyFailure(reason: string): CommandResult {
  return {
    stdout: '',
    stderr: `read-only: ${reason}, which is not allowed here. This session may only read: use read, glob, search and commands that do not modify files.\n`,
    exitCode: 1,
    failureCategory: 'invalid_usage',
  };
}

function internalFailure(error: unknown): CommandResult {
  return executionFailure(`Internal error while running the command: ${error instanceof Error ? error.message : String(error)}`);
}
