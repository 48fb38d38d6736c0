// `npm run bench conformance`: the conformance run's own speed. Targets: the whole `npm run cucumber`
// <= 60 s wall on two cores (issue 22), the transcribed scenarios alone (`--profile transcribed`) <= 5 s as
// cucumber reports it. On a loaded machine wall time says little: the CPU time (the run, its workers and every
// process they wait for) does not depend on the load, and half of it is the least wall time two cores can take.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const REPO = join(__dirname, '..');
const CUCUMBER = join(REPO, 'node_modules', '@cucumber', 'cucumber', 'bin', 'cucumber.js');

interface Timing {
  wallMs: number;
  /** The duration cucumber prints under its summary ("0m04.211s (executing steps: ...)"). */
  reportedMs: number;
  /** CPU time of the run and its workers: a figure a loaded machine inflates much less than wall time. */
  cpuMs: number;
  summary: string;
}

function run(args: string[], env: Record<string, string> = {}): Timing {
  const started = process.hrtime.bigint();
  const result = spawnSync('bash', ['-c', `TIMEFORMAT='%U %S'; time node ${CUCUMBER} --format summary ${args.join(' ')} 2>&1`], { cwd: REPO, encoding: 'utf8', env: { ...process.env, ...env } });
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  const output = `${result.stdout}${result.stderr}`;
  const reported = /^(\d+)m(\d+\.\d+)s \(executing steps/m.exec(output);
  const cpu = /^(\d+\.\d+) (\d+\.\d+)\s*$/m.exec(output.trimEnd().split('\n').at(-1) ?? '');
  const summary = /^\d+ scenarios? \(.*\)$/m.exec(output)?.[0];
  // A scenario that failed does not void the figures of a long run; the bench still fails, after printing them.
  if (result.status !== 0 && !summary) throw new Error(`cucumber-js ${args.join(' ')} failed:\n${output}`);
  if (result.status !== 0) {
    console.error((output.match(/^\d+\) Scenario.*$/gm) ?? []).join('\n'));
    process.exitCode = 1;
  }
  return {
    wallMs,
    reportedMs: reported ? (Number(reported[1]) * 60 + Number(reported[2])) * 1000 : NaN,
    cpuMs: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : NaN,
    summary: summary ?? '?',
  };
}

function line(name: string, timing: Timing, target: string, met: boolean): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return `${name.padEnd(42)} wall ${s(timing.wallMs)}, cucumber ${s(timing.reportedMs)}, cpu ${s(timing.cpuMs)}  ${timing.summary}  (target ${target}: ${met ? 'met' : 'NOT met'})`;
}

export default async function (): Promise<void> {
  const transcribed = run(['--profile', 'transcribed']);
  console.log(line('transcribed only (--profile transcribed)', transcribed, '<= 5 s as cucumber reports it', transcribed.reportedMs <= 5000));
  // The same scenarios spread over the default workers: each worker loads the support code first.
  const spread = run(['--tags', "'not @own'"]);
  console.log(line("  the same in workers (--tags 'not @own')", spread, '<= 5 s as cucumber reports it', spread.reportedMs <= 5000));
  const whole = run([]);
  console.log(line('whole npm run cucumber', whole, '<= 60 s wall', whole.wallMs <= 60_000));
  console.log(`${'  its floor on two cores (cpu / 2)'.padEnd(42)} ${(whole.cpuMs / 2000).toFixed(1)} s  (target <= 60 s: ${whole.cpuMs / 2 <= 60_000 ? 'met' : 'NOT met'})`);
}
