// Issue 21's figure for the kernel-enforced agent commands: `write` of a 10 KB file through the sandbox
// (target: median <= 5 ms), next to the same write where the walk runs in this process (bubblewrap
// unavailable) and with no sandbox; and the native round trip (route('true')) with the resource limits in
// force next to without them (the limits are read after every command: it must stay within 1.2x).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BashRouter, bubblewrapStatus, type ToolSecurityOptions } from '../src';
import { median, time } from './timing';

const WRITES = 500;
const ROUND_TRIPS = 2000;
const TARGET_WRITE_MS = 5;
const TARGET_RATIO = 1.2;
const CONTENT = 'x'.repeat(10 * 1024);
const NO_LIMITS = { processes: null, memoryBytes: null, fileSizeBytes: null, cpuSeconds: null };

const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');

async function withRouter<T>(security: ToolSecurityOptions, measure: (router: BashRouter) => Promise<T>): Promise<T> {
  const cwd = await mkdtemp(join(tmpdir(), 'synapse-bench-'));
  const router = new BashRouter({ cwd, security });
  try {
    return await measure(router);
  } finally {
    await router.close();
    await rm(cwd, { recursive: true, force: true });
  }
}

async function writeMedian(security: ToolSecurityOptions): Promise<number> {
  return withRouter(security, async (router) => {
    const write = () => router.route(`write notes/a.txt '${CONTENT}'`);
    await time(20, write); // start the helper, JIT the path
    return median(await time(WRITES, write));
  });
}

async function roundTripMedian(security: ToolSecurityOptions): Promise<number> {
  return withRouter(security, async (router) => {
    await time(50, () => router.route('true'));
    return median(await time(ROUND_TRIPS, () => router.route('true')));
  });
}

export default async function (): Promise<void> {
  const bwrap = bubblewrapStatus();
  if (bwrap.available) {
    const sandboxed = await writeMedian({ sandbox: 'workspace-write' });
    console.log(`write 10 KB through the bwrap sandbox's helper  median ${sandboxed.toFixed(3)} ms over ${WRITES} runs  (target <= ${TARGET_WRITE_MS} ms: ${verdict(sandboxed <= TARGET_WRITE_MS)})`);
  } else {
    console.log(`write 10 KB through the bwrap sandbox's helper  not measured: ${bwrap.reason}`);
  }
  const previous = process.env.SYNAPSE_BWRAP;
  process.env.SYNAPSE_BWRAP = 'none';
  try {
    const confined = await writeMedian({ sandbox: 'workspace-write' });
    console.log(`write 10 KB, walk in this process (no bwrap)     median ${confined.toFixed(3)} ms over ${WRITES} runs`);
  } finally {
    if (previous === undefined) delete process.env.SYNAPSE_BWRAP;
    else process.env.SYNAPSE_BWRAP = previous;
  }
  const open = await writeMedian({ sandbox: 'off' });
  console.log(`write 10 KB, no sandbox                          median ${open.toFixed(3)} ms over ${WRITES} runs`);

  const mode = bwrap.available ? 'workspace-write' : 'off';
  const unlimited = await roundTripMedian({ sandbox: mode, limits: NO_LIMITS });
  const limited = await roundTripMedian({ sandbox: mode });
  const ratio = limited / unlimited;
  console.log(`route('true') (${mode}) without limits  median ${unlimited.toFixed(3)} ms over ${ROUND_TRIPS} runs`);
  console.log(
    `route('true') (${mode}) with limits     median ${limited.toFixed(3)} ms over ${ROUND_TRIPS} runs  (${ratio.toFixed(2)}x; target <= ${TARGET_RATIO}x: ${verdict(ratio <= TARGET_RATIO)})`,
  );
}
