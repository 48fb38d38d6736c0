// Issue 24's figures: what a matching no-op PreToolUse hook adds to a tool call (targets: median <= 15 ms
// with a `node` hook, <= 5 ms with `/bin/true`), and that a run with no hooks configured pays nothing
// measurable. Each sample is one whole tool call (`true` through the Bash tool and its router, no sandbox)
// between its hooks, as the runner makes it; the cost is the difference of the medians.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BashRouter, BashTool, CommandHooks, type HookSettings } from '../src';
import { runWithHooks } from '../src/runner/hooked-call';
import type { PlannedCall } from '../src/runner/tool-call-plan';
import { median } from './timing';

const CALLS = 200;
const NODE_CALLS = 40;
/** Between two node-hook calls: a quick model turn. */
const GAP_MS = 400;
const TARGET_NODE_MS = 15;
const TARGET_TRUE_MS = 5;

const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');

const planned: PlannedCall = { call: { id: 'bench', type: 'function', function: { name: 'Bash', arguments: '{"command":"true"}' } }, args: { command: 'true' }, command: 'true', isTask: false };

function preToolUse(command: string): HookSettings {
  return { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] };
}

export default async function (): Promise<void> {
  const cwd = await mkdtemp(join(tmpdir(), 'synapse-bench-'));
  const router = new BashRouter({ cwd, security: { sandbox: 'off' } });
  const tool = new BashTool(router);
  const engine = (settings: HookSettings) => CommandHooks.create({ settings, env: router.security.environment(), projectDir: cwd });
  const call = (hooks: CommandHooks | undefined) => runWithHooks(planned, { hooks, cwd: () => cwd, emit: () => {} }, (args, permission) => tool.execute(args, { permission }));
  try {
    const noop = join(cwd, 'noop-hook.cjs');
    await writeFile(noop, '// a hook that reads nothing and says nothing\n');
    const quick = {
      'no hooks': undefined,
      'hooks for other events only': engine({ Stop: preToolUse('/bin/true').PreToolUse }),
      '/bin/true hook': engine(preToolUse('/bin/true')),
    };
    for (const hooks of Object.values(quick)) for (let i = 0; i < 5; i++) await call(hooks); // start the shell, warm the paths
    // Interleaved, so a busy machine slows every variant alike.
    const samples = new Map<string, number[]>(Object.keys(quick).map((name) => [name, []]));
    for (let i = 0; i < CALLS; i++) for (const [name, hooks] of Object.entries(quick)) samples.get(name)!.push(await timed(() => call(hooks)));
    const medians = Object.fromEntries([...samples].map(([name, values]) => [name, median(values)]));
    const base = medians['no hooks']!;
    console.log(`tool call, no hooks                       median ${base.toFixed(3)} ms over ${CALLS} calls  (load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores)`);
    const other = medians['hooks for other events only']! - base;
    console.log(`  + hooks configured, none for PreToolUse  ${other.toFixed(3)} ms  (nothing measurable: ${verdict(Math.abs(other) < 0.5)})`);
    const trueCost = medians['/bin/true hook']! - base;
    console.log(`  + a matching /bin/true PreToolUse hook   ${trueCost.toFixed(2)} ms  (target <= ${TARGET_TRUE_MS} ms: ${verdict(trueCost <= TARGET_TRUE_MS)})`);

    // A node hook runs in a node process started while the previous tool call's model turn went on; the
    // calls here are as far apart as a quick model turn (GAP_MS) for that process to be up.
    const node = engine(preToolUse(`node ${noop}`));
    const cold = await timed(() => call(node));
    const spaced = { base: [] as number[], node: [] as number[] };
    for (let i = 0; i < NODE_CALLS; i++) {
      await pause(GAP_MS);
      spaced.base.push(await timed(() => call(undefined)));
      spaced.node.push(await timed(() => call(node)));
    }
    node.close();
    const nodeCost = median(spaced.node) - median(spaced.base);
    console.log(
      `  + a matching no-op node PreToolUse hook  ${nodeCost.toFixed(2)} ms over ${NODE_CALLS} calls ${GAP_MS} ms apart  (target <= ${TARGET_NODE_MS} ms: ${verdict(nodeCost <= TARGET_NODE_MS)})`,
    );
    console.log(`    (the first one, which starts node: ${(cold - base).toFixed(1)} ms; \`node noop.cjs\` alone takes ${(await timeProcess(`node ${noop}`, cwd)).toFixed(1)} ms here)`);
  } finally {
    await router.close();
    await rm(cwd, { recursive: true, force: true });
  }
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The median wall time of a bare process, for scale. */
async function timeProcess(command: string, cwd: string): Promise<number> {
  const { spawnSync } = await import('node:child_process');
  const samples: number[] = [];
  for (let i = 0; i < 20; i++) {
    const started = process.hrtime.bigint();
    spawnSync('bash', ['-c', command], { cwd });
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return median(samples);
}
