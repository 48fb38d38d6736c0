// `npm run bench cli`: the CLI's cold start (`synapse --version`) next to `node -e 0`; target <= 3x.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const CLI = join(__dirname, '..', 'dist', 'cli.js');
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
}
