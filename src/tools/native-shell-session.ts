import { ShellProcess, type ShellLaunch } from './shell-process';
import type { CommandResult } from './types';
import { timerDelay } from '../timer-delay';

export interface NativeShellSessionOptions {
  cwd: string;
  maxOutputBytes?: number;
  /** The environment of the shell; see security/tool-environment.ts. */
  env: Record<string, string | undefined>;
  /** How to start a shell asked to start in a directory: plain bash, or bash in a sandbox (see security/sandbox.ts). */
  launch: (cwd: string) => ShellLaunch;
  /** Where a shell asked to start in a directory really starts (default: there); the launch decides the same way. */
  startDirectory?: (cwd: string) => string;
}

export interface NativeRunOptions {
  signal: AbortSignal;
  timeoutMs: number;
}

type RetireReason = 'cancelled' | 'timeout' | 'restart' | 'close';

export const DEFAULT_MAX_OUTPUT_BYTES = 128 * 1024;

/**
 * The router's native layer: one persistent bash (started on first use) running commands one at a time,
 * so `cd` and `export` carry over. A cancel or a timeout kills the command's whole process group; the
 * next command then gets a fresh shell in the last working directory, as far as the sandbox lets it start
 * there (exported variables are lost). An explicit `restart()` starts over in the original directory.
 */
export class NativeShellSession {
  private shell?: ShellProcess;
  private readonly retired = new WeakMap<ShellProcess, RetireReason>();
  private queue: Promise<unknown> = Promise.resolve();
  private lastCwd: string;
  private closed = false;

  constructor(private readonly options: NativeShellSessionOptions) {
    this.lastCwd = options.cwd;
  }

  /** The shell's current directory, as of the last command that finished. */
  get cwd(): string {
    return this.shell?.alive ? this.shell.cwd : this.lastCwd;
  }

  /** The bash process id, when one is running. */
  get pid(): number | undefined {
    return this.shell?.alive ? this.shell.pid : undefined;
  }

  run(command: string, options: NativeRunOptions): Promise<CommandResult> {
    const turn = this.queue.then(() => this.runNow(command, options));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  /** Kills the current shell (and its command, if any); the next command starts a fresh one. */
  async restart(): Promise<void> {
    const shell = this.shell;
    this.lastCwd = this.options.cwd;
    if (shell) await this.retire(shell, 'restart');
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.shell) await this.retire(this.shell, 'close');
  }

  private async runNow(command: string, { signal, timeoutMs }: NativeRunOptions): Promise<CommandResult> {
    if (signal.aborted) return interrupted();
    if (this.closed) return { stdout: '', stderr: 'The shell session is closed\n', exitCode: 1, failureCategory: 'execution_error' };
    const shell = this.currentShell();
    // Stryker disable next-line StringLiteral: the router answers a cancelled command itself, before this result comes; any reason but restart and timeout reads the same
    const onAbort = () => void this.retire(shell, 'cancelled');
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: a signal aborts at most once, and the listener is removed when the command settles
    signal.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => void this.retire(shell, 'timeout'), timerDelay(timeoutMs));
    let result;
    try {
      result = await shell.run(command);
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    }
    // Limits the command met are said after its own output: a fork bomb's "Resource temporarily unavailable" is not the whole story.
    const limits = result.limitNotices.map((notice) => `${notice}\n`).join('');
    if (!result.shellExited) {
      // A restart while the command ran wins over the directory the command left.
      if (this.retired.get(shell) !== 'restart') this.lastCwd = shell.cwd;
      return { stdout: result.stdout, stderr: result.stderr + limits, exitCode: result.exitCode };
    }
    // A shell that is over finished no command since lastCwd was last set: a restart meanwhile has reset it.
    // It is forgotten (a later restart or close must not signal its process group, whose id may be reused).
    this.shell = undefined; // the queue runs one command at a time: no other shell can have replaced it
    const left = this.lastCwd;
    this.lastCwd = this.options.startDirectory?.(left) ?? left;
    const reason = this.retired.get(shell);
    if (reason === 'timeout') {
      const where = this.lastCwd === left ? 'working directory kept, exported variables lost' : `exported variables lost; it starts in ${this.lastCwd}, as ${left} is outside the workspace`;
      const notice = `Command timed out after ${timeoutMs} ms and was killed; the shell session was restarted (${where}).\n`;
      return { stdout: result.stdout, stderr: result.stderr + limits + notice, exitCode: 124, interrupted: 'timeout', failureCategory: 'execution_error' };
    }
    if (reason) return { ...interrupted(), stdout: result.stdout };
    const notice = `[the shell exited with code ${result.exitCode}; the next command starts a new shell session]\n`;
    return { stdout: result.stdout, stderr: result.stderr + limits + notice, exitCode: result.exitCode };
  }

  private currentShell(): ShellProcess {
    if (!this.shell?.alive) {
      const { maxOutputBytes = DEFAULT_MAX_OUTPUT_BYTES, env, launch } = this.options;
      const how = launch(this.lastCwd);
      this.lastCwd = how.cwd;
      this.shell = new ShellProcess({ cwd: how.cwd, maxOutputBytes, env, launch: how });
    }
    return this.shell;
  }

  /** Kills a shell (the current one: commands run one at a time); the first reason given is the one its running command reports. */
  private retire(shell: ShellProcess, reason: RetireReason): Promise<void> {
    if (!this.retired.has(shell)) this.retired.set(shell, reason);
    this.shell = undefined;
    return shell.kill();
  }
}

/** The result of a command cancelled before it finished (exit 130, as after Ctrl-C). */
export function interrupted(): CommandResult {
  return { stdout: '', stderr: 'Command interrupted: it was cancelled before it finished\n', exitCode: 130, interrupted: 'cancelled', failureCategory: 'execution_error' };
}
