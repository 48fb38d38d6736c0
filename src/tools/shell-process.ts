import { existsSync } from 'node:fs';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { shellEnvironment } from './shell-environment';
import { StreamCapture } from './stream-capture';

export interface ShellRunResult {
  stdout: string;
  stderr: string;
  exitCode: number;
  /** The shell ended while running the command (its own `exit`, or it was killed). */
  shellExited: boolean;
}

export interface ShellProcessOptions {
  cwd: string;
  /** Bytes kept per stream; beyond it the middle of the output is omitted with a marker. */
  maxOutputBytes: number;
}

interface RunningCommand {
  stdout: StreamCapture;
  stderr: StreamCapture;
  resolve: (result: ShellRunResult) => void;
}

/**
 * One long-lived `bash` reading commands from a pipe. Each command is sent as a quoted string to `eval`
 * (so a syntax error cannot swallow what follows), with stdin from /dev/null (so it cannot hang reading
 * ours), followed by a call that prints a unique end marker, the exit status and $PWD on stdout and the
 * marker on stderr. Output is read from data events: no polling. The shell leads its own process group,
 * so `kill()` also reaches whatever the command started.
 */
export class ShellProcess {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly token = randomBytes(6).toString('hex');
  private sequence = 0;
  private running?: RunningCommand;
  private exitCode?: number;
  private closed = false;
  private readonly closedPromise: Promise<void>;
  /** The shell's working directory after the last command. */
  cwd: string;

  constructor(private readonly options: ShellProcessOptions) {
    this.cwd = options.cwd;
    this.child = spawn('bash', ['--noprofile', '--norc'], {
      cwd: options.cwd,
      detached: true,
      stdio: 'pipe',
      env: shellEnvironment(),
    });
    this.child.stdout.on('data', (chunk: Buffer) => this.onData('stdout', chunk));
    this.child.stderr.on('data', (chunk: Buffer) => this.onData('stderr', chunk));
    this.child.stdin.on('error', () => {}); // EPIPE when the shell is gone: reported by 'close' instead
    this.child.on('exit', (code, signal) => {
      this.exitCode = code ?? 128 + signalNumber(signal);
      this.killGroup(); // orphans of the command would otherwise keep the pipes open
    });
    this.closedPromise = new Promise((resolve) => {
      this.child.on('close', () => {
        this.closed = true;
        this.finish(true);
        resolve();
      });
      this.child.on('error', (error) => {
        this.closed = true;
        this.exitCode ??= 127;
        // spawn reports a missing working directory as "spawn bash ENOENT": say what is really missing.
        const reason = existsSync(options.cwd) ? error.message : `working directory does not exist: ${options.cwd}`;
        this.running?.stderr.push(Buffer.from(`Cannot start bash: ${reason}\n`));
        this.finish(true);
        resolve();
      });
    });
    this.child.stdin.write(
      `__synapse_done() { builtin printf '\\1SYNAPSE_${this.token}_%s:%d:%s\\0' "$1" "$2" "$PWD"; builtin printf '\\1SYNAPSE_${this.token}_%s:\\0' "$1" >&2; }\n`,
    );
    this.setActive(false);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get alive(): boolean {
    return !this.closed && this.exitCode === undefined;
  }

  /** Runs one command; the caller runs them one at a time. */
  run(command: string): Promise<ShellRunResult> {
    if (this.running) throw new Error('ShellProcess runs one command at a time');
    const id = String(++this.sequence);
    const marker = Buffer.from(`\x01SYNAPSE_${this.token}_${id}:`);
    const half = Math.max(1, Math.floor(this.options.maxOutputBytes / 2));
    return new Promise((resolve) => {
      this.running = { stdout: new StreamCapture(marker, half, half), stderr: new StreamCapture(marker, half, half), resolve };
      if (!this.alive) return this.finish(true);
      this.setActive(true);
      this.child.stdin.write(`eval ${quoteForEval(command)} </dev/null; __synapse_done ${id} $?\n`);
    });
  }

  /** Kills the shell and everything in its process group. */
  kill(): Promise<void> {
    // Whoever awaits the kill must see the shell gone: keep Node alive until it is.
    if (!this.closed) this.setActive(true);
    this.killGroup();
    return this.closedPromise;
  }

  private onData(stream: 'stdout' | 'stderr', chunk: Buffer): void {
    const running = this.running;
    if (!running) return;
    running[stream].push(chunk);
    if (running.stdout.complete && running.stderr.complete) this.finish(false);
  }

  private finish(shellExited: boolean): void {
    const running = this.running;
    if (!running) return;
    this.running = undefined;
    this.setActive(false);
    const [status, ...cwd] = (running.stdout.payload ?? '').split(':');
    if (!shellExited) this.cwd = cwd.join(':') || this.cwd;
    running.resolve({
      stdout: running.stdout.text(),
      stderr: running.stderr.text(),
      exitCode: shellExited ? (this.exitCode ?? 1) : Number(status),
      shellExited,
    });
  }

  private killGroup(): void {
    if (this.child.pid === undefined) return;
    try {
      process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }

  /** An idle shell must not keep Node alive; a running command must. */
  private setActive(active: boolean): void {
    for (const handle of [this.child, this.child.stdin, this.child.stdout, this.child.stderr] as Array<{ ref?(): void; unref?(): void }>) {
      if (active) handle.ref?.();
      else handle.unref?.();
    }
  }
}

/** Single-quotes a command for `eval`; NUL cannot pass through bash, so it is dropped. */
function quoteForEval(command: string): string {
  return `'${command.replace(/\0/g, '').replace(/'/g, `'\\''`)}'`;
}

function signalNumber(signal: NodeJS.Signals | null): number {
  const numbers: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
  return (signal && numbers[signal]) ?? 0;
}
