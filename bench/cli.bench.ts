// `npm run bench cli`: the CLI's cold start (`synapse --version`) next to `node -e 0` (target <= 2x),
// `synapse chat` from start to its first prompt on a pseudo-terminal (target <= 2x --version), and the
// echo of a key typed while an answer streams (target p95 <= 16 ms). And the CPU time of one short command
// (a scripted two-round run): what each CLI scenario of the conformance run pays.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from '@lydell/node-pty';

const CLI = join(__dirname, '..', 'dist', 'cli.js');
const FIXTURE = join(__dirname, '..', 'fixtures', 'demo-write-file.json');
const RUNS = 15;
const CHAT_RUNS = 7;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function medianMs(args: string[]): number {
  execFileSync(process.execPath, args); // warm the file cache once
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = process.hrtime.bigint();
    execFileSync(process.execPath, args);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return median(times);
}

/**
 * Milliseconds from spawning `synapse chat` on a pseudo-terminal to its `You> ` prompt (wall), and the CPU
 * time the process had used by then (user + system from /proc, in 10 ms ticks; 0 where there is no /proc).
 */
function chatStart(dir: string): Promise<{ wall: number; cpu: number }> {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const pty = spawn(process.execPath, [CLI, 'chat', '--fixture', join(__dirname, '..', 'fixtures', 'demo-chat.json'), '--no-session'], {
      cols: 100,
      rows: 30,
      cwd: dir,
      env: { ...process.env, HOME: dir, TERM: 'xterm' } as Record<string, string>,
    });
    let screen = '';
    let elapsed = 0;
    let cpu = 0;
    pty.onData((data) => {
      screen += data;
      if (!elapsed && screen.includes('You> ')) {
        elapsed = Number(process.hrtime.bigint() - started) / 1e6;
        cpu = processCpuMs(pty.pid);
        pty.write('\x04');
      }
    });
    pty.onExit(() => resolve({ wall: elapsed, cpu }));
  });
}

/**
 * A model that streams a long answer (a chunk every 5 ms for 4 s) and the chat under it: a key is typed
 * every 40 ms and the time until the terminal shows it is measured.
 */
async function echoLatencies(dir: string): Promise<number[]> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      let sent = 0;
      const timer = setInterval(() => {
        const chunk = { id: 'bench', object: 'chat.completion.chunk', created: 0, model: 'bench', choices: [{ index: 0, delta: { content: `word${sent} ` }, finish_reason: null }] };
        response.write(`data: ${JSON.stringify(chunk)}\n\n`);
        if (++sent === 800) {
          clearInterval(timer);
          response.end('data: [DONE]\n\n');
        }
      }, 5);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  const pty = spawn(process.execPath, [CLI, 'chat', '--base-url', url, '--no-session'], { cols: 120, rows: 40, cwd: dir, env: { ...process.env, HOME: dir, TERM: 'xterm' } as Record<string, string> });
  let screen = '';
  const waiters: Array<() => boolean> = [];
  pty.onData((data) => {
    screen += data;
    for (const waiter of [...waiters]) if (waiter()) waiters.splice(waiters.indexOf(waiter), 1);
  });
  const waitFor = (text: string, from: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (screen.indexOf(text, from) < 0) return false;
        resolve();
        return true;
      };
      if (!check()) waiters.push(check);
    });
  await waitFor('You> ', 0);
  pty.write('stream please\r');
  await waitFor('word20 ', 0);
  const latencies: number[] = [];
  for (const key of 'abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz') {
    const from = screen.length;
    const started = process.hrtime.bigint();
    pty.write(key);
    await waitFor(key, from);
    latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
  pty.kill('SIGKILL');
  server.closeAllConnections();
  server.close();
  return latencies;
}

export default async function (): Promise<void> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
  const node = medianMs(['-e', '0']);
  const version = medianMs([CLI, '--version']);
  const help = medianMs([CLI, 'run', '--help']);
  const ratio = version / node;
  console.log(`node -e 0                 median of ${RUNS}: ${node.toFixed(1)} ms`);
  console.log(`synapse --version         median of ${RUNS}: ${version.toFixed(1)} ms  (${ratio.toFixed(2)}x node; target <= 2x: ${ratio <= 2 ? 'met' : 'NOT met'})`);
  console.log(`synapse run --help        median of ${RUNS}: ${help.toFixed(1)} ms  (${(help / node).toFixed(2)}x node)`);
  const nodeCpu = medianCpuMs(['-e', '0']);
  const runCpu = medianCpuMs([CLI, 'run', '--no-session', '--fixture', FIXTURE, 'Write hello.txt']);
  console.log(`node -e 0                 CPU, median of ${RUNS}: ${nodeCpu.toFixed(0)} ms`);
  console.log(`synapse run --fixture     CPU, median of ${RUNS}: ${runCpu.toFixed(0)} ms  (user + system; a loaded machine inflates it less than wall time)`);

  const dir = mkdtempSync(join(tmpdir(), 'synapse-bench-chat-'));
  try {
    const starts: Array<{ wall: number; cpu: number }> = [];
    for (let i = 0; i < CHAT_RUNS; i++) starts.push(await chatStart(dir));
    const chat = median(starts.map((start) => start.wall));
    console.log(`synapse chat first prompt median of ${CHAT_RUNS}: ${chat.toFixed(1)} ms  (${(chat / version).toFixed(2)}x --version; target <= 2x: ${chat <= 2 * version ? 'met' : 'NOT met'})`);
    console.log(`synapse chat first prompt CPU, median of ${CHAT_RUNS}: ${median(starts.map((start) => start.cpu)).toFixed(0)} ms  (by then; node -e 0 uses ${nodeCpu.toFixed(0)} ms in all)`);
    const latencies = (await echoLatencies(dir)).sort((a, b) => a - b);
    const p95 = latencies[Math.ceil(latencies.length * 0.95) - 1]!;
    console.log(
      `key echo under a streaming answer, ${latencies.length} keys: median ${median(latencies).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms  (target p95 <= 16 ms: ${p95 <= 16 ? 'met' : 'NOT met'})`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** User + system CPU time a running process has used so far (Linux /proc; 0 elsewhere). */
function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** The median user + system CPU time of `node <args>`, each run in a fresh directory with a fresh HOME. */
function medianCpuMs(args: string[]): number {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const directory = mkdtempSync(join(tmpdir(), 'synapse-bench-cli-'));
    try {
      const timed = spawnSync('bash', ['-c', 'TIMEFORMAT="%U %S"; time "$0" "$@" >/dev/null 2>&1', process.execPath, ...args], {
        cwd: directory,
        env: { ...process.env, HOME: directory },
        encoding: 'utf8',
      });
      const [user, system] = timed.stderr.trim().split(/\s+/).map(Number);
      if (timed.status !== 0 || !Number.isFinite(user! + system!)) throw new Error(`node ${args.join(' ')} failed: ${timed.stderr}`);
      samples.push((user! + system!) * 1000);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }
  return median(samples);
}
