import { existsSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { constants } from 'node:os';
import type { Readable, Writable } from 'node:stream';
import { limitedLaunch, type LimitedLaunch } from './security/limited-launch';
import { killMarkedProcesses, lifelineWatcherScript, PROCESS_MARKER_VARIABLE, pidWindow } from './security/process-marker';
import type { ResourceLimits } from './security/resource-limits';
import { StreamCapture } from './stream-capture';

export interface ShellRunResult {
  stdout: string;
  stderr: string;
  exitCode: number;
  /** The shell ended while running the command (its own `exit`, or it was killed). */
  shellExited: boolean;
  /** A line for each resource limit the command met (see security/resource-limits.ts). */
  limitNotices: string[];
}

/** How the shell is started: plain bash, or bash inside a sandbox (see security/sandbox.ts). */
export interface ShellLaunch {
  file: string;
  args: string[];
  /** The launcher ties the shell's life to ours itself (bwrap --die-with-parent in a pid namespace). */
  diesWithParent: boolean;
  /** Where the shell starts (chosen by the sandbox: see Sandbox.startDirectory). */
  cwd: string;
  /** What its commands may use (see security/resource-limits.ts); none when absent. */
  limits?: ResourceLimits;
}

export interface ShellProcessOptions {
  cwd: string;
  /** Bytes kept per stream; beyond it the middle of the output is omitted with a marker. */
  maxOutputBytes: number;
  /** The environment of the shell and its commands (see security/tool-environment.ts). */
  env: Record<string, string | undefined>;
  launch: ShellLaunch;
}

interface RunningCommand {
  stdout: StreamCapture;
  stderr: StreamCapture;
  resolve: (result: ShellRunResult) => void;
}

/** After the shell exits, how long its output pipes may take to drain before they are cut. */
const DRAIN_AFTER_EXIT_MS = 200;
/** After a SIGKILL, how long to wait for the exit before treating the shell as gone anyway. */
const EXIT_AFTER_KILL_MS = 1000;

/**
 * One long-lived `bash` reading commands from a pipe. Each command is sent as a quoted string to `eval`
 * (so a syntax error cannot swallow what follows), with stdin from /dev/null (so it cannot hang reading
 * ours), followed by a call that prints a unique end marker, the exit status and $PWD on stdout and the
 * marker on stderr. Output is read from data events: no polling. The shell leads its own process group,
 * so `kill()` also reaches whatever the command started.
 *
 * Deadlines hold: once the shell has exited (or was killed), the running command settles after a short
 * drain, whatever its descendants do with the pipes; the pipes are then destroyed. And the shell dies with
 * us: a sandboxed one through bwrap, a plain one through a watcher on a pipe only we hold open.
 *
 * The shell never keeps Node alive by itself (its process and pipes are unreferenced): a running command
 * does through its time limit (see native-shell-session.ts), a kill through its deadline.
 */
export class ShellProcess {
  private readonly child: ChildProcess;
  private readonly stdin: Writable;
  private readonly token = randomBytes(6).toString('hex');
  /** Taken before the shell starts (fields are set before the constructor runs): the leftover search reads only newer pids. */
  private readonly pidsBefore = pidWindow();
  private readonly launch: ShellLaunch;
  private readonly limited: LimitedLaunch;
  private sequence = 0;
  private running?: RunningCommand;
  private exitCode?: number;
  private resolveGone!: () => void;
  private readonly gonePromise = new Promise<void>((resolve) => (this.resolveGone = resolve));
  /** The shell's working directory after the last command. */
  cwd: string;

  constructor(private readonly options: ShellProcessOptions) {
    this.cwd = options.cwd;
    this.launch = options.launch;
    const lifeline = !this.launch.diesWithParent;
    this.limited = limitedLaunch(this.launch);
    this.child = spawn(this.limited.file, this.limited.args, {
      cwd: options.cwd,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe', lifeline ? 'pipe' : 'ignore'],
      env: { ...options.env, PAGER: 'cat', GIT_PAGER: 'cat', [PROCESS_MARKER_VARIABLE]: this.token },
    });
    this.stdin = this.child.stdin!;
    this.child.stdout!.on('data', (chunk: Buffer) => this.onData('stdout', chunk));
    this.child.stderr!.on('data', (chunk: Buffer) => this.onData('stderr', chunk));
    this.stdin.on('error', () => {}); // EPIPE when the shell is gone: reported by the exit instead
    (this.child.stdio[3] as Readable | null)?.on('error', () => {});
    this.child.on('exit', (code, signal) => {
      // Node reports a signal exactly when there is no code.
      this.exitCode = code ?? 128 + constants.signals[signal!];
      this.killGroup(); // orphans of the command would otherwise keep the pipes open
      const drained = setTimeout(() => this.markGone(), DRAIN_AFTER_EXIT_MS);
      this.child.once('close', () => {
        clearTimeout(drained);
        this.markGone();
      });
    });
    this.child.on('error', (error) => {
      this.exitCode ??= 127;
      // spawn reports a missing working directory as "spawn bash ENOENT": say what is really missing.
      const reason = existsSync(options.cwd) ? error.message : `working directory does not exist: ${options.cwd}`;
      // Stryker disable next-line OptionalChaining: spawn errors come after the constructor's tick, in which the session always starts the first command
      this.running?.stderr.push(Buffer.from(`Cannot start ${this.launch.file === 'bash' ? 'bash' : `the shell (${this.launch.file})`}: ${reason}\n`));
      this.markGone();
    });
    // Disowned, the watcher is no job of the commands': `jobs` does not list it and a bare `wait` does not wait for it.
    if (this.limited.init) this.stdin.write(`${this.limited.init}\n`);
    if (lifeline) this.stdin.write(`${lifelineWatcherScript(this.token)}\nbuiltin disown\n`);
    this.stdin.write(`__synapse_done() { builtin printf '\\1SYNAPSE_${this.token}_%s:%d:%s\\0' "$1" "$2" "$PWD"; builtin printf '\\1SYNAPSE_${this.token}_%s:\\0' "$1" >&2; }\n`);
    for (const handle of [this.child, ...this.child.stdio] as Array<{ unref(): void } | null>) handle?.unref();
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Until the shell exits or is given up on (markGone sets an exit code too). */
  get alive(): boolean {
    return this.exitCode === undefined;
  }

  /** Runs one command; the caller runs them one at a time, on a shell that is alive. */
  run(command: string): Promise<ShellRunResult> {
    // Stryker disable next-line UpdateOperator: counting down gives every command its own marker just the same
    const id = String(++this.sequence);
    const marker = Buffer.from(`\x01SYNAPSE_${this.token}_${id}:`);
    const half = Math.max(1, Math.floor(this.options.maxOutputBytes / 2));
    return new Promise((resolve) => {
      this.running = { stdout: new StreamCapture(marker, half, half), stderr: new StreamCapture(marker, half, half), resolve };
      this.stdin.write(`eval ${quoteForEval(command)} </dev/null; __synapse_done ${id} $?\n`);
    });
  }

  /** Kills the shell and everything it started; resolves once it is gone (bounded, even if it will not die). */
  kill(): Promise<void> {
    this.killGroup();
    // The deadline also keeps Node alive until the shell is gone, for whoever awaits the kill.
    const timer = setTimeout(() => this.markGone(), EXIT_AFTER_KILL_MS);
    void this.gonePromise.then(() => clearTimeout(timer));
    return this.gonePromise;
  }

  private onData(stream: 'stdout' | 'stderr', chunk: Buffer): void {
    const running = this.running;
    if (!running) return;
    running[stream].push(chunk);
    if (running.stdout.complete && running.stderr.complete) this.finish(false);
  }

  /** The shell is over: settle the running command and cut the pipes, whoever still holds their other end. Idempotent. */
  private markGone(): void {
    this.exitCode ??= 137;
    this.finish(true);
    for (const stream of this.child.stdio) (stream as Readable | Writable | null)?.destroy();
    this.limited.release();
    this.resolveGone();
  }

  private finish(shellExited: boolean): void {
    const running = this.running;
    if (!running) return;
    this.running = undefined;
    const stdout = running.stdout.text();
    const stderr = running.stderr.text();
    // A shell that is over has its exit code (markGone sets one before it settles the command, and before
    // the limits' counters go with the sandbox).
    if (shellExited) return running.resolve({ stdout, stderr, exitCode: this.exitCode!, shellExited, limitNotices: this.limited.notices(this.exitCode!, stderr) });
    // Both markers came: stdout's payload is the status, then $PWD (which may hold colons, or be unset).
    const [status, ...cwd] = running.stdout.payload!.split(':');
    this.cwd = cwd.join(':') || this.cwd;
    const exitCode = Number(status);
    running.resolve({ stdout, stderr, exitCode, shellExited, limitNotices: this.limited.notices(exitCode, stderr) });
  }

  private killGroup(): void {
    if (this.child.pid === undefined) return;
    try {
      process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    // A sandboxed shell lives in its own pid namespace: killing bwrap ends every process in it (all of them marked too).
    if (!this.launch.diesWithParent) killMarkedProcesses(this.token, this.pidsBefore);
  }
}

/** Single-quotes a command for `eval`; NUL cannot pass through bash, so it is dropped. */
function quoteForEval(command: string): string {
  return `'${command.replace(/\0/g, '').replace(/'/g, `'\\''`)}'`;
}
