// npm run coverage: after `c8 npm run cucumber`, the coverage per folder of src/ against the thresholds in
// package.json ("coverageThresholds", the goal) and the floor already reached ("coverageFloor"). Reports
// both; with --check (as npm test runs it) a figure below the floor fails the run.
/* c8 ignore start -- an entry point that reads what c8 wrote after a whole conformance run; the figures come from coverage-by-folder.ts, which the speckit scenarios cover. */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { coverageByFolder, formatCoverage, missedThresholds, type CoverageSummary, type Thresholds } from './coverage-by-folder';

async function main(): Promise<number> {
  const check = process.argv.includes('--check');
  const summary = JSON.parse(await readFile('reports/coverage/coverage-summary.json', 'utf8')) as CoverageSummary;
  // Thresholds are the goal; the floor is what has been reached, and what --check (in npm test) holds to.
  const { coverageThresholds: thresholds = {}, coverageFloor: floor = {} } = JSON.parse(await readFile('package.json', 'utf8')) as { coverageThresholds?: Thresholds; coverageFloor?: Thresholds };
  const figures = coverageByFolder(summary, resolve('.'));
  process.stdout.write(`Coverage of src/ over the conformance run (reports/coverage/index.html):\n${formatCoverage(figures, thresholds)}\n`);
  const missed = missedThresholds(figures, thresholds);
  const belowFloor = missedThresholds(figures, floor);
  const list = (lines: string[]) => lines.map((line) => `  ${line}`).join('\n');
  process.stdout.write(missed.length ? `coverage: ${missed.length} threshold(s) not met yet (the goal; reported only):\n${list(missed)}\n` : 'coverage: every threshold met\n');
  if (!belowFloor.length) return 0;
  process.stdout.write(`coverage: below the floor reached before (package.json coverageFloor)${check ? '' : '; --check makes this fail'}:\n${list(belowFloor)}\n`);
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
