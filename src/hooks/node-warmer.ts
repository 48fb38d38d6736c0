import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'node:net';
import { killGroup, track, untrack } from './process-groups';

/**
 * What a warm node process runs: it waits for one line on stdin (the script, its arguments, the directory),
 * then runs the script as `node <script> <args>` would have (same argv, `require.main`, CommonJS or ESM),
 * with the rest of stdin as the script's stdin. Read byte by byte so nothing of the hook's input is taken.
 */
const LOADER = `'use strict';
const fs = require('node:fs');
const path = require('node:path');
const bytes = [];
const one = Buffer.alloc(1);
for (;;) {
  let read;
  try {
    read = fs.readSync(0, one, 0, 1, null);
  } catch (error) {
    if (error.code === 'EAGAIN') continue;
    throw error;
  }
  if (read === 0) process.exit(0);
  if (one[0] === 10) break;
  bytes.push(one[0]);
}
const { script, args, cwd } = JSON.parse(Buffer.from(bytes).toString('utf8'));
process.chdir(cwd);
process.env.PWD = cwd;
process.argv = [process.argv[0], path.resolve(cwd, script), ...args];
require('node:module').runMain();
`;

let loaderFile: string | undefined;

/** The loader, written once per process to a private directory that goes with the process. */
function loader(): string {
  if (loaderFile) return loaderFile;
  const dir = mkdtempSync(join(tmpdir(), 'synapse-hooks-'));
  loaderFile = join(dir, 'node-hook-loader.cjs');
  writeFileSync(loaderFile, LOADER, { mode: 0o600 });
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return loaderFile;
}

/**
 * Node hooks without node's start-up on the way: a node process is started ahead of time (after the first
 * node hook, so a run without one starts none) and waits, its stdin open, for a script to run; each run
 * takes the waiting one and starts the next. A waiting process holds nothing open for us (unref'd), has
 * the hooks' environment, and ends with its stdin (this process gone) or close().
 */
export class NodeWarmer {
  private waiting?: ChildProcessWithoutNullStreams;

  constructor(
    private readonly node: string,
    private readonly env: Record<string, string>,
  ) {}

  /** A node process running `script` (see LOADER), ready for its input; the next one is started meanwhile. */
  take(script: string, args: string[], cwd: string): ChildProcessWithoutNullStreams {
    const waiting = this.waiting;
    const ready = waiting?.pid !== undefined && waiting.exitCode === null && waiting.signalCode === null ? waiting : this.start();
    this.waiting = this.start();
    ready.ref();
    for (const stream of [ready.stdin, ready.stdout, ready.stderr]) (stream as unknown as Socket).ref?.();
    ready.stdin.write(`${JSON.stringify({ script, args, cwd })}\n`);
    return ready;
  }

  close(): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    if (waiting?.pid !== undefined) {
      killGroup(waiting.pid);
      untrack(waiting.pid);
    }
  }

  private start(): ChildProcessWithoutNullStreams {
    const child = spawn(this.node, [loader()], { cwd: '/', env: this.env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    track(child.pid);
    child.on('error', () => {}); // reported by the run that takes it, as its exit
    child.stdin.on('error', () => {});
    child.unref();
    for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as unknown as Socket).unref?.();
    return child;
  }
}
