// npm run mutate [-- <folder>...]: mutation testing with Stryker over the conformance run, one folder of
// src/ at a time (a full run is long on a small machine), incremental: a rerun only tests mutants whose
// code or covering scenarios changed. Reports land in reports/mutation/<folder>.html and .json.
/* c8 ignore start -- an entry point that runs Stryker over the conformance run (hours), which no scenario can nest; it only configures Stryker and sums its results. */
import { mkdir } from 'node:fs/promises';
import type { MutantResult, PartialStrykerOptions } from '@stryker-mutator/api/core';

const FOLDERS = ['src/runtime', 'src/runner', 'src/tools', 'src/session', 'src/todo', 'src/subagents'];

/** Stryker's options for one folder. The CLI scenarios are left out: they run the built dist/, which no mutant reaches. */
function optionsFor(folder: string): PartialStrykerOptions {
  const name = folder.replace(/^src\//, '').replace(/\//g, '-');
  return {
    testRunner: 'cucumber',
    plugins: ['@stryker-mutator/cucumber-runner'],
    cucumber: { profile: 'default', tags: ['not @cli'] },
    mutate: [`${folder}/**/*.ts`, `!${folder}/**/index.ts`, `!${folder}/**/types.ts`],
    coverageAnalysis: 'perTest',
    incremental: true,
    // Incremental mode follows changes to src and to the features, not to step definitions: after a step
    // changes, SYNAPSE_MUTATE_FORCE=1 tests every mutant again (and refreshes the incremental file).
    force: process.env.SYNAPSE_MUTATE_FORCE === '1',
    incrementalFile: `reports/mutation/${name}.incremental.json`,
    reporters: ['clear-text', 'progress', 'html', 'json'],
    htmlReporter: { fileName: `reports/mutation/${name}.html` },
    jsonReporter: { fileName: `reports/mutation/${name}.json` },
    clearTextReporter: { allowColor: false, logTests: false, reportMutants: true, reportScoreTable: true },
    concurrency: Number(process.env.SYNAPSE_MUTATE_CONCURRENCY) || 2,
    timeoutMS: 10_000,
    ignorePatterns: ['reports', 'dist', 'coverage', '.build-lock'],
    tempDirName: '.stryker-tmp',
    thresholds: { high: 90, low: 85, break: null },
  };
}

/** Stryker's mutation score: detected (killed or timed out) over detected plus undetected (survived or not covered). */
export function mutationScore(results: readonly MutantResult[]): { detected: number; undetected: number; score: number } {
  const detected = results.filter((mutant) => mutant.status === 'Killed' || mutant.status === 'Timeout').length;
  const undetected = results.filter((mutant) => mutant.status === 'Survived' || mutant.status === 'NoCoverage').length;
  return { detected, undetected, score: detected + undetected ? (100 * detected) / (detected + undetected) : 100 };
}

async function main(): Promise<number> {
  const requested = process.argv.slice(2);
  const unknown = requested.filter((folder) => !FOLDERS.includes(folder.replace(/\/$/, '')));
  if (unknown.length) {
    process.stderr.write(`mutate: unknown folder ${unknown.join(', ')}; choose from ${FOLDERS.join(', ')}\n`);
    return 2;
  }
  // Mutants are switched by a global in the test runner's process: scenarios must run in it, not in workers.
  process.env.SYNAPSE_CUCUMBER_WORKERS = '1';
  await mkdir('reports/mutation', { recursive: true });
  const { Stryker } = require('@stryker-mutator/core') as typeof import('@stryker-mutator/core');
  const lines: string[] = [];
  for (const folder of requested.length ? requested.map((folder) => folder.replace(/\/$/, '')) : FOLDERS) {
    const started = Date.now();
    const results = await new Stryker(optionsFor(folder)).runMutationTest();
    const { detected, undetected, score } = mutationScore(results);
    const minutes = ((Date.now() - started) / 60_000).toFixed(1);
    lines.push(`${folder.padEnd(16)} score ${score.toFixed(1)}%  (${detected} detected, ${undetected} undetected, ${results.length} mutants)  ${minutes} min`);
    process.stdout.write(`\nmutate: ${lines.at(-1)}\n`);
  }
  process.stdout.write(`\nmutate summary:\n${lines.join('\n')}\n`);
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    process.stderr.write(`mutate: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 2;
  },
);
/* c8 ignore stop */
