// Round trip of a trivial native command through BashRouter.route() (one persistent bash) versus
// spawning `bash -c` for every command. Targets (issue 3): median <= 0.5 ms, and >= 6x faster.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BashRouter } from '../src';
import { median, time } from './timing';

const ROUTER_ITERATIONS = 2000;
const SPAWN_ITERATIONS = 200;
const TARGET_MEDIAN_MS = 0.5;
const TARGET_RATIO = 6;

function spawnBash(command: string, cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', command], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.resume();
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', () => resolve());
  });
}

export default async function (): Promise<void> {
  const cwd = await mkdtemp(join(tmpdir(), 'synapse-bench-'));
  const router = new BashRouter({ cwd });
  try {
    await time(50, () => router.route('true')); // warm-up: start the shell, JIT the path
    const routed = median(await time(ROUTER_ITERATIONS, () => router.route('true')));
    await time(10, () => spawnBash('true', cwd));
    const spawned = median(await time(SPAWN_ITERATIONS, () => spawnBash('true', cwd)));
    const ratio = spawned / routed;
    const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
    console.log(`route('true')     median ${routed.toFixed(3)} ms over ${ROUTER_ITERATIONS} runs  (target <= ${TARGET_MEDIAN_MS} ms: ${verdict(routed <= TARGET_MEDIAN_MS)})`);
    console.log(`spawn bash -c     median ${spawned.toFixed(3)} ms over ${SPAWN_ITERATIONS} runs`);
    console.log(`speed-up          ${ratio.toFixed(1)}x  (target >= ${TARGET_RATIO}x: ${verdict(ratio >= TARGET_RATIO)})`);
  } finally {
    await router.close();
    await rm(cwd, { recursive: true, force: true });
  }
}
