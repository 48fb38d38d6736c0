// Issue 8's figures: the native round trip inside the bubblewrap sandbox next to outside it (target:
// median <= 0.5 ms in both), and the permission check of one command line against 100 rules (target:
// <= 0.05 ms).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BashRouter, bubblewrapStatus, PermissionPolicy, type SandboxMode } from '../src';
import { median } from './timing';

const ROUND_TRIPS = 2000;
const TARGET_ROUND_TRIP_MS = 0.5;
const CHECKS = 20_000;
const TARGET_CHECK_MS = 0.05;

const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');

async function roundTrip(mode: SandboxMode, cwd: string): Promise<number> {
  const router = new BashRouter({ cwd, security: { sandbox: mode } });
  try {
    for (let i = 0; i < 50; i++) await router.route('true'); // start the shell, JIT the path
    const samples: number[] = [];
    for (let i = 0; i < ROUND_TRIPS; i++) {
      const started = process.hrtime.bigint();
      await router.route('true');
      samples.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    return median(samples);
  } finally {
    await router.close();
  }
}

/** 100 rules of every kind, as a real configuration might have them (the defaults come on top). */
function hundredRules(): PermissionPolicy {
  const allow = Array.from({ length: 40 }, (_, i) => `tool${i} *`);
  const ask = Array.from({ length: 30 }, (_, i) => `deploy-${i} --env production`);
  const deny = [...Array.from({ length: 20 }, (_, i) => `*secret-${i}*`), ...Array.from({ length: 10 }, (_, i) => `/^curl\\s.*(-X|--request)\\s*(DELETE|PUT)\\b.*api-${i}/`)];
  return new PermissionPolicy({ allow, ask, deny });
}

const COMMANDS = ['git status --short', 'npm test -- --runInBand', 'ls -la src && cat package.json | head -20', "grep -rn 'TODO' src | wc -l", 'write notes.txt "a short note"'];

export default async function (): Promise<void> {
  const cwd = await mkdtemp(join(tmpdir(), 'synapse-bench-'));
  try {
    const bwrap = bubblewrapStatus();
    const outside = await roundTrip('off', cwd);
    console.log(`route('true') no sandbox        median ${outside.toFixed(3)} ms over ${ROUND_TRIPS} runs  (target <= ${TARGET_ROUND_TRIP_MS} ms: ${verdict(outside <= TARGET_ROUND_TRIP_MS)})`);
    if (bwrap.available) {
      const inside = await roundTrip('workspace-write', cwd);
      console.log(`route('true') in bwrap sandbox  median ${inside.toFixed(3)} ms over ${ROUND_TRIPS} runs  (target <= ${TARGET_ROUND_TRIP_MS} ms: ${verdict(inside <= TARGET_ROUND_TRIP_MS)})`);
    } else {
      console.log(`route('true') in bwrap sandbox  not measured: ${bwrap.reason}`);
    }

    const policy = hundredRules();
    for (const command of COMMANDS) await policy.evaluate(command); // warm up (and load the shell parser)
    const perCheck: number[] = [];
    for (let batch = 0; batch < 20; batch++) {
      const started = process.hrtime.bigint();
      for (let i = 0; i < CHECKS / 20; i++) await policy.evaluate(COMMANDS[i % COMMANDS.length]!);
      perCheck.push(Number(process.hrtime.bigint() - started) / 1e6 / (CHECKS / 20));
    }
    const check = median(perCheck);
    console.log(
      `permission check, ${policy.rules.length} rules (100 + defaults), 5 lines repeated (verdicts of recent lines are cached; npm run bench policy times new lines)  median ${check.toFixed(4)} ms per command line  (target <= ${TARGET_CHECK_MS} ms: ${verdict(check <= TARGET_CHECK_MS)})`,
    );
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
}
