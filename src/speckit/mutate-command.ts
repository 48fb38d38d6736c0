// npm run mutate [-- <folder|file>... [--features <feature>...]]: mutation testing with Stryker over the
// conformance run, one folder of src/ at a time (a full run is long on a small machine), incremental: a rerun
// only tests mutants whose code or covering scenarios changed. Reports land in reports/mutation/<name>.html
// and .json. A file (or sub-folder) inside one of the folders is a focused run with its own incremental
// file, and --features narrows the scenarios (a focused dry run takes seconds, not minutes). --as <name> puts
// all the targets in one run (one dry run for many files), reported as reports/mutation/<name>.*.
/* c8 ignore start -- an entry point that runs Stryker over the conformance run (hours), which no scenario can nest; it only configures Stryker and sums its results. */
import { existsSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import type { MutantResult, PartialStrykerOptions } from '@stryker-mutator/api/core';

const FOLDERS = ['src/runtime', 'src/runner', 'src/tools', 'src/session', 'src/todo', 'src/subagents'];

/** The files Stryker mutates for a target: a folder's or a file's TypeScript, barrels and declarations left out. */
function mutateGlobs(target: string): string[] {
  if (statSync(target).isFile()) return [target];
  return [`${target}/**/*.ts`, `!${target}/**/index.ts`, `!${target}/**/types.ts`];
}

/**
 * Stryker's options for one run over some targets (all six folders share one run, so one dry run).
 * The CLI scenarios are left out: they run the built dist/, which no mutant reaches.
 */
function optionsFor(name: string, targets: readonly string[]): PartialStrykerOptions {
  return {
    testRunner: 'cucumber',
    plugins: ['@stryker-mutator/cucumber-runner'],
    cucumber: { profile: 'default', tags: ['not @cli'] },
    mutate: targets.flatMap(mutateGlobs),
    coverageAnalysis: 'perTest',
    // A static mutant (module-level code: schemas, tables) runs every scenario, not only those covering
    // it: here 12% of the mutants took 76% of a run. They are left out (and counted apart in the summary)
    // unless SYNAPSE_MUTATE_STATIC=1.
    ignoreStatic: process.env.SYNAPSE_MUTATE_STATIC !== '1',
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

/** Why a target cannot be mutated, or undefined: it must be one of the folders, or a path inside one. */
function targetProblem(target: string): string | undefined {
  if (!FOLDERS.some((folder) => target === folder || target.startsWith(`${folder}/`))) return `${target} is not inside ${FOLDERS.join(', ')}`;
  if (!existsSync(target)) return `${target} does not exist`;
  return undefined;
}

/** Splits the arguments into targets, the --features paths and the --as name (all targets in one run). */
function parseArguments(args: readonly string[]): { targets: string[]; features: string[]; together?: string } {
  const targets: string[] = [];
  const features: string[] = [];
  let together: string | undefined;
  let inFeatures = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--features') inFeatures = true;
    else if (arg === '--as') together = args[++i] ?? '';
    else (inFeatures ? features : targets).push(arg.replace(/\/$/, ''));
  }
  return { targets, features, together };
}

/** The runs for the targets: one each, or all in one run when named with --as (one dry run for many files). */
function planRuns(targets: readonly string[], together: string | undefined): { name: string; targets: string[] }[] {
  // No target: all six folders in one run (one dry run instead of six), scored folder by folder.
  if (!targets.length) return [{ name: 'src', targets: FOLDERS }];
  if (together) return [{ name: together, targets: [...targets] }];
  return targets.map((target) => ({ name: runName(target), targets: [target] }));
}

/** A run's mutants that belong to one of its targets (a folder or a file). */
function mutantsOf(target: string, results: readonly MutantResult[]): MutantResult[] {
  return results.filter((mutant) => {
    const file = relative(process.cwd(), resolve(mutant.fileName));
    return file === target || file.startsWith(`${target}/`);
  });
}

/** A run's name in reports/mutation/: `src` for all six folders, else the target's path below src/. */
function runName(target: string): string {
  return target === 'src'
    ? 'src'
    : target
        .replace(/^src\//, '')
        .replace(/\.ts$/, '')
        .replace(/\//g, '-');
}

/** One summary line: a target's score over its share of a run's mutants. */
function scoreLine(target: string, results: readonly MutantResult[], minutes: string): string {
  const { detected, undetected, score } = mutationScore(results);
  const equivalent = results.filter(isMarkedEquivalent).length;
  const staticLeftOut = results.filter((mutant) => mutant.status === 'Ignored' && !isMarkedEquivalent(mutant)).length;
  return `${target.padEnd(16)} score ${score.toFixed(1)}%  (${detected} detected, ${undetected} undetected, ${equivalent} marked equivalent, ${staticLeftOut} static not run, ${results.length} mutants)  ${minutes} min`;
}

/** Whether a mutant (a run's result or a report's entry) was switched off by a `Stryker disable` comment, not left out as static. */
function isMarkedEquivalent(mutant: { status: string; statusReason?: string }): boolean {
  return mutant.status === 'Ignored' && !/static/i.test(mutant.statusReason ?? '');
}

/** A mutant as the JSON reports (reports/mutation/<name>.json) keep it. */
interface ReportedMutant {
  mutatorName: string;
  replacement?: string;
  status: string;
  statusReason?: string;
  location: { start: { line: number } };
}

/**
 * The mutants marked equivalent in source (`// Stryker disable ...: reason`), as a Markdown table for
 * reviewers, gathered from every run's JSON report (each folder or focused run writes its own), so a
 * later run does not hide an earlier one's. A mutant in several reports is listed once.
 */
async function equivalentsReport(): Promise<string> {
  const rows = new Set<string>();
  for (const name of await readdir('reports/mutation')) {
    if (!name.endsWith('.json') || name.endsWith('.incremental.json')) continue;
    let report: { files?: Record<string, { mutants?: ReportedMutant[] }> };
    try {
      report = JSON.parse(await readFile(`reports/mutation/${name}`, 'utf8'));
    } catch {
      continue; // a report being written by a concurrent run: that run lists its own
    }
    for (const [fileName, file] of Object.entries(report.files ?? {})) {
      for (const mutant of file.mutants ?? []) {
        if (!isMarkedEquivalent(mutant)) continue;
        rows.add(
          `| ${relative(process.cwd(), resolve(fileName))}:${mutant.location.start.line} | ${mutant.mutatorName} | \`${(mutant.replacement ?? '').replace(/\s+/g, ' ').slice(0, 60)}\` | ${mutant.statusReason ?? ''} |`,
        );
      }
    }
  }
  return `# Mutants judged equivalent\n\nMarked in source with \`// Stryker disable next-line <Mutator>: <reason>\`; Stryker reports them as ignored and leaves them out of the score. Gathered from every report in reports/mutation/.\n\n| where | mutator | replacement | why it is equivalent |\n|---|---|---|---|\n${[...rows].sort().join('\n')}\n`;
}

/** Stryker's mutation score: detected (killed or timed out) over detected plus undetected (survived or not covered). */
export function mutationScore(results: readonly MutantResult[]): { detected: number; undetected: number; score: number } {
  const detected = results.filter((mutant) => mutant.status === 'Killed' || mutant.status === 'Timeout').length;
  const undetected = results.filter((mutant) => mutant.status === 'Survived' || mutant.status === 'NoCoverage').length;
  return { detected, undetected, score: detected + undetected ? (100 * detected) / (detected + undetected) : 100 };
}

async function main(): Promise<number> {
  const { targets, features, together } = parseArguments(process.argv.slice(2));
  const problems = targets.map(targetProblem).filter((problem) => problem !== undefined);
  if (together !== undefined && !/^[\w.-]+$/.test(together)) problems.push(`--as needs a run name of letters, digits, ".", "_" or "-" (got "${together}")`);
  if (problems.length) {
    process.stderr.write(`mutate: ${problems.join('; ')}\n`);
    return 2;
  }
  // Mutants are switched by a global in the test runner's process: scenarios must run in it, not in workers.
  process.env.SYNAPSE_CUCUMBER_WORKERS = '1';
  if (features.length) process.env.SYNAPSE_CUCUMBER_PATHS = features.join(',');
  await mkdir('reports/mutation', { recursive: true });
  const { Stryker } = require('@stryker-mutator/core') as typeof import('@stryker-mutator/core');
  const lines: string[] = [];
  for (const run of planRuns(targets, together)) {
    const started = Date.now();
    const results = await new Stryker(optionsFor(run.name, run.targets)).runMutationTest();
    const minutes = ((Date.now() - started) / 60_000).toFixed(1);
    for (const target of run.targets) {
      lines.push(scoreLine(target, run.targets.length > 1 ? mutantsOf(target, results) : results, minutes));
      process.stdout.write(`\nmutate: ${lines.at(-1)}\n`);
    }
    if (together) lines.push(scoreLine(`${together} (all)`, results, minutes));
  }
  await writeFile('reports/mutation/equivalents.md', await equivalentsReport());
  process.stdout.write(`\nmutate summary (equivalent mutants: reports/mutation/equivalents.md):\n${lines.join('\n')}\n`);
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
