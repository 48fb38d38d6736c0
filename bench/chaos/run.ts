// `npm run chaos`: the fault suite. Bounded, seeded, loopback only. `--quick` is the short run inside
// `npm test`; `--seed N` replays a run; `--only <part>` runs one part (aborts, kills, compaction kills, bad inputs, model faults, two writers). Prints its figures; exits 1 when a target figure is not 0.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { abortRuns } from './abort-runs';
import { emptyFigures, FailureLog, TARGETS, type Figures } from './figures';
import { fileFaults } from './file-faults';
import { compactionKills } from './compaction-kills';
import { CLI, killRuns } from './kill-runs';
import { modelFaults } from './model-faults';
import { Random } from './random';
import { twoWriters } from './two-writers';
import { reportService, serviceKills, type ServiceFigures } from './service-kills';

const MODES = {
  quick: { aborts: 20, kills: 1, compactionKills: 2, badInputs: 100, modelFaults: 6, writers: 2, operations: 6, workers: 2, serviceKills: 2 },
  full: { aborts: 1000, kills: 100, compactionKills: 50, badInputs: 10_000, modelFaults: 120, writers: 20, operations: 200, workers: 3, serviceKills: 1000 },
};

async function main(): Promise<number> {
  const mode = process.argv.includes('--quick') ? 'quick' : 'full';
  const seedArg = process.argv.indexOf('--seed');
  const seed = seedArg > 0 ? Number(process.argv[seedArg + 1]) : 20261122;
  const plan = MODES[mode];
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first`);
  const figures = emptyFigures();
  let service: ServiceFigures | undefined;
  const log = new FailureLog();
  process.on('uncaughtException', (error) => {
    figures.uncaughtErrors++;
    log.add('uncaughtErrors', String(error?.stack ?? error));
  });
  process.on('unhandledRejection', (error) => {
    figures.uncaughtErrors++;
    log.add('uncaughtErrors', String((error as Error)?.stack ?? error));
  });

  const root = await mkdtemp(join(tmpdir(), 'synapse-chaos-'));
  // Damaged sessions test the repair's logic, thousands of times: on tmpfs where there is one, so the
  // count is not bounded by the disk's fsync latency (the runs and kills use the real disk).
  const filesRoot = existsSync('/dev/shm') ? await mkdtemp('/dev/shm/synapse-chaos-') : root;
  const started = performance.now();
  const timings: string[] = [];
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
  const part = async (name: string, run: () => Promise<void>) => {
    if (only && !name.startsWith(only)) return;
    const at = performance.now();
    await run();
    if (process.env.CHAOS_VERBOSE) console.log(`  ${name} done`, figures);
    timings.push(`${name} ${((performance.now() - at) / 1000).toFixed(1)} s`);
  };
  console.log(
    `chaos (${mode}, seed ${seed}): ${plan.aborts} aborts, ${plan.kills} kills, ${plan.compactionKills} kills of compacting runs, ${plan.badInputs} damaged sessions, ${plan.modelFaults} model faults, ${plan.writers} two-writer trials`,
  );
  try {
    const random = new Random(seed);
    await part('aborts', () => abortRuns(plan.aborts, random, figures, log, root));
    await part('kills', () => killRuns(plan.kills, random, figures, log, root));
    await part('compaction kills', () => compactionKills(plan.compactionKills, random, figures, log, root));
    await part('bad inputs', () => fileFaults(plan.badInputs, random, figures, log, filesRoot));
    await part('model faults', () => modelFaults(plan.modelFaults, random, figures, log, root));
    await part('two writers', () => twoWriters(plan.writers, random, figures, log, root));
    await part('service', async () => {
      service = await serviceKills(plan.operations, plan.workers, plan.serviceKills, random, root);
    });
  } finally {
    await rm(root, { recursive: true, force: true });
    await rm(filesRoot, { recursive: true, force: true });
  }
  report(figures, log, timings, (performance.now() - started) / 1000);
  const serviceOk = service ? reportService(service) : true;
  return TARGETS.every((name) => figures[name] === 0) && serviceOk ? 0 : 1;
}

function report(figures: Figures, log: FailureLog, timings: string[], seconds: number): void {
  const line = (label: string, value: number, target?: boolean) => console.log(`  ${label.padEnd(34)} ${String(value).padStart(6)}${target ? (value === 0 ? '  ok' : '  FAIL (target 0)') : ''}`);
  line('runs', figures.runs);
  line('aborts', figures.aborts);
  line('  tool calls in the aborted runs', figures.toolCalls);
  line('  of them task:* sub-agents', figures.taskCalls);
  line('kills (SIGKILL of the CLI)', figures.kills);
  line('  compactions in the killed runs', figures.compactions);
  line('  kills while a summary was written', figures.killsInCompaction);
  line('generated bad inputs', figures.badInputs);
  line('model faults', figures.modelFaults);
  line('second writers refused', figures.writerConflicts);
  line('dangling tool calls persisted', figures.danglingToolCalls, true);
  line('sessions that fail to load', figures.sessionsFailingToLoad, true);
  line('messages lost', figures.messagesLost, true);
  line('announced inputs not on disk', figures.inputsLost, true);
  line('processes left', figures.processesLeft, true);
  line('uncaught errors', figures.uncaughtErrors, true);
  line('aborts not reported as AbortError', figures.abortsMisreported, true);
  line('requests the API would reject', figures.protocolErrors, true);
  line('unclear or unexpected errors', figures.unclearErrors, true);
  console.log(`  time: ${seconds.toFixed(1)} s (${timings.join(', ')})`);
  for (const entry of log.entries) console.log(`  - ${entry}`);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
