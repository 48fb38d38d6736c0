// `read` of a 64 MB log: deep into it, past its end, and its first page. Only the page is decoded; the lines
// before and after it are counted in bytes where the file is (under bubblewrap, inside the sandbox's file
// helper: only the counts cross), so each costs one pass over the bytes and nothing is kept.
// Measured through the bwrap sandbox's file helper (when bubblewrap is there) and with no sandbox.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BashRouter, bubblewrapStatus, type ToolSecurityOptions } from '../src';
import { median, time } from './timing';

const LINE = `${'log line with some text in it '.repeat(3)}\n`; // 91 bytes
const LINES = Math.floor((64 * 1024 * 1024) / LINE.length);
const RUNS = 5;

async function readMedian(security: ToolSecurityOptions, command: string): Promise<{ ms: number; output: string }> {
  const cwd = await mkdtemp(join(tmpdir(), 'synapse-bench-'));
  const router = new BashRouter({ cwd, security });
  try {
    await writeFile(join(cwd, 'big.log'), LINE.repeat(LINES));
    const result = await router.route(command);
    const output = (result.stdout || result.stderr).trim().split('\n').pop() ?? '';
    return { ms: median(await time(RUNS, () => router.route(command))), output };
  } finally {
    await router.close();
    await rm(cwd, { recursive: true, force: true });
  }
}

export default async function (): Promise<void> {
  const bwrap = bubblewrapStatus();
  const modes: Array<[string, ToolSecurityOptions]> = [['no sandbox', { sandbox: 'off' }]];
  if (bwrap.available) modes.unshift(['bwrap helper', { sandbox: 'workspace-write' }]);
  else console.log(`through the bwrap sandbox's helper: not measured: ${bwrap.reason}`);
  for (const [name, security] of modes) {
    for (const command of [`read big.log --offset ${LINES + 1}`, `read big.log --offset ${LINES - 10} --limit 5`, 'read big.log --limit 5']) {
      const { ms, output } = await readMedian(security, command);
      console.log(`${name.padEnd(12)}  ${command.padEnd(42)} median ${ms.toFixed(1)} ms over ${RUNS} runs  (64 MB, ${LINES} lines): ${output.slice(0, 90)}`);
    }
  }
}
