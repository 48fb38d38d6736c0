// `npm run bench cli`: the CLI's cold start (`synapse --version`) next to `node -e 0`; target <= 3x. And the CPU
// time of one short command (a scripted two-round run), what each CLI scenario of the conformance run pays.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './timing';

const CLI = join(__dirname, '..', 'dist', 'cli.js');
const FIXTURE = join(__dirname, '..', 'fixtures', 'demo-write-file.json');
const RUNS = 15;

function medianMs(args: string[]): number {
  execFileSync(process.execPath, args); // warm the file cache once
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = process.hrtime.bigint();
    execFileSync(process.execPath, args);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

export default async function (): Promise<void> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
  const node = medianMs(['-e', '0']);
  const version = medianMs([CLI, '--version']);
  const help = medianMs([CLI, 'run', '--help']);
  const ratio = version / node;
  console.log(`node -e 0                 median of ${RUNS}: ${node.toFixed(1)} ms`);
  console.log(`synapse --version         median of ${RUNS}: ${version.toFixed(1)} ms  (${ratio.toFixed(2)}x node; target <= 3x: ${ratio <= 3 ? 'met' : 'NOT met'})`);
  console.log(`synapse run --help        median of ${RUNS}: ${help.toFixed(1)} ms  (${(help / node).toFixed(2)}x node)`);
  const nodeCpu = medianCpuMs(['-e', '0']);
  const runCpu = medianCpuMs([CLI, 'run', '--no-session', '--fixture', FIXTURE, 'Write hello.txt']);
  console.log(`node -e 0                 CPU, median of ${RUNS}: ${nodeCpu.toFixed(0)} ms`);
  console.log(`synapse run --fixture     CPU, median of ${RUNS}: ${runCpu.toFixed(0)} ms  (user + system; a loaded machine inflates it less than wall time)`);
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
