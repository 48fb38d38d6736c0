// npm run coverage: after `c8 npm run cucumber`, the coverage per folder of src/ against the thresholds in
// package.json ("coverageThresholds"). Reports misses; fails on them only with --check.
/* c8 ignore start -- an entry point that reads what c8 wrote after a whole conformance run; the figures come from coverage-by-folder.ts, which the speckit scenarios cover. */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { coverageByFolder, formatCoverage, missedThresholds, type CoverageSummary, type Thresholds } from './coverage-by-folder';

async function main(): Promise<number> {
  const check = process.argv.includes('--check');
  const summary = JSON.parse(await readFile('reports/coverage/coverage-summary.json', 'utf8')) as CoverageSummary;
  const thresholds = (JSON.parse(await readFile('package.json', 'utf8')) as { coverageThresholds?: Thresholds }).coverageThresholds ?? {};
  const figures = coverageByFolder(summary, resolve('.'));
  process.stdout.write(`Coverage of src/ over the conformance run (reports/coverage/index.html):\n${formatCoverage(figures, thresholds)}\n`);
  const missed = missedThresholds(figures, thresholds);
  if (!missed.length) {
    process.stdout.write('coverage: every threshold met\n');
    return 0;
  }
  process.stdout.write(`coverage: ${missed.length} threshold(s) not met${check ? '' : ' (reported only; --check makes this fail)'}:\n${missed.map((line) => `  ${line}`).join('\n')}\n`);
  return check ? 1 : 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    process.stderr.write(`coverage: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
/* c8 ignore stop */
