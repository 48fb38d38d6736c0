import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { HookLaunch } from './hook-launch';
import type { NodeWarmer } from './node-warmer';
import { killGroup, track, untrack } from './process-groups';

export interface HookProcessOptions {
  /** What the hook reads on stdin: its input, as JSON. */
  input: string;
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  /** Bytes kept of stdout and of stderr each; the rest is read (so the hook never blocks on a full pipe) and counted. */
  maxOutputBytes: number;
  signal?: AbortSignal;
  /** How to start it (default: `bash -c`); see planLaunch. */
  launch?: HookLaunch;
  /** Where node hooks get a node process already started (a `node` launch). */
  warmer?: NodeWarmer;
}

/** How one hook command ended. */
export interface HookProcessResult {
  /** Null when it did not exit by itself: killed (time limit, abort, a signal) or never started. */
  exitCode: number | null;
  /** The signal that ended it, when one did. */
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  aborted: boolean;
  /** Why it could not be started (no such directory, no bash...). */
  startError?: string;
  durationMs: number;
}

/** How long the pipes may stay open once the hook itself has exited (a child that escaped its group holding them). */
const DRAIN_MS = 200;

/**
 * Runs one hook command as `bash -c` would (see planLaunch), its input on stdin, in a process group of its
 * own. It ends at its time limit or on abort (the whole group is killed, by the id we started), and whatever
 * it left running in its group is killed once it exits: nothing a hook starts outlives it unless it leaves
 * the group on purpose (`setsid`). Output is bounded; the promise never rejects. A program that cannot be
 * exec'd directly after all (gone since it was looked up) is run by bash, as it would have been.
 */
export async function runHookProcess(command: string, options: HookProcessOptions): Promise<HookProcessResult> {
  const result = await runOnce(command, options);
  if (result.startError && options.launch && options.launch.kind !== 'shell') return runOnce(command, { ...options, launch: { kind: 'shell' } });
  return result;
}

function start(command: string, options: HookProcessOptions): ChildProcessWithoutNullStreams {
  const { launch = { kind: 'shell' }, cwd, env } = options;
  if (launch.kind === 'node' && options.warmer) return options.warmer.take(launch.script, launch.args, cwd);
  if (launch.kind === 'exec') return spawn(launch.file, launch.args, { cwd, env: { ...env, PWD: cwd }, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
  return spawn('bash', ['-c', command], { cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
}

function runOnce(command: string, options: HookProcessOptions): Promise<HookProcessResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const stdout = new BoundedText(options.maxOutputBytes);
    const stderr = new BoundedText(options.maxOutputBytes);
    let timedOut = false;
    let aborted = false;
    let exitCode: number | null = null;
    let signal: NodeJS.Signals | null = null;
    let settled = false;
    let drain: NodeJS.Timeout | undefined;
    const child = start(command, options);
    track(child.pid);
    const kill = () => killGroup(child.pid);
    const finish = (startError?: string) => {
      if (settled) return;
      settled = true;
      untrack(child.pid);
      clearTimeout(timer);
      clearTimeout(drain);
      options.signal?.removeEventListener('abort', onAbort);
      child.stdout.destroy();
      child.stderr.destroy();
      resolve({ exitCode, signal, stdout: stdout.text(), stderr: stderr.text(), timedOut, aborted, durationMs: performance.now() - started, ...(startError ? { startError } : {}) });
    };
    const onAbort = () => {
      aborted = true;
      kill();
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    // A hook that does not read its input closes stdin early: that is its business, not an error.
    child.stdin.on('error', () => {});
    child.on('error', (error) => finish(error.message));
    child.on('exit', (code, by) => {
      exitCode = timedOut || aborted ? null : code;
      signal = by;
      kill();
      drain = setTimeout(() => finish(), DRAIN_MS);
    });
    child.on('close', () => finish());
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdin.end(options.input);
  });
}

/** The first `limit` bytes of a stream, and a count of the rest. */
class BoundedText {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  private dropped = 0;

  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    const room = this.limit - this.kept;
    if (room > 0) {
      const part = chunk.length <= room ? chunk : chunk.subarray(0, room);
      this.chunks.push(part);
      this.kept += part.length;
    }
    this.dropped += Math.max(0, chunk.length - Math.max(0, room));
  }

  text(): string {
    const text = Buffer.concat(this.chunks).toString('utf8');
    return this.dropped ? `${text}\n[hook output truncated: ${this.dropped} bytes omitted]` : text;
  }
}
