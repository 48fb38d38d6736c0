// Issue 21's figures for the permission policy on a real shell parser: loading tree-sitter-bash (once per
// process), the verdict on a 200-character command line never seen before (target: median <= 0.5 ms; a
// repeated line comes from the policy's cache), and building the policy a runner builds per conversation
// (the rules compile once per process; before, about 1 ms each time). `npm run bench router` is the round trip.
import { PermissionPolicy } from '../src';
import { median } from './timing';

const LINE =
  "cd src && grep -rn 'TODO' --include='*.ts' . | sort | uniq -c | head -20 > /tmp/todo.txt; for f in a b c; do echo \"$f: $(wc -l < $f.txt)\"; done; git status --short && npm test -- --runInBand 2>&1 | tail -5";
const VERDICTS = 5000;
const TARGET_VERDICT_MS = 0.5;
const BUILDS = 2000;

const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');

export default async function (): Promise<void> {
  const policy = new PermissionPolicy({ allow: ['git status*', 'npm test*'], deny: ['rm -rf /*'] });
  const loadStarted = process.hrtime.bigint();
  await policy.evaluate('true');
  const loadMs = Number(process.hrtime.bigint() - loadStarted) / 1e6;
  console.log(`shell parser load (tree-sitter-bash WASM, first verdict)  ${loadMs.toFixed(1)} ms, once per process`);

  // Each line differs (the count of its last `tail`), so no verdict comes from the policy's cache of recent lines.
  const line = (i: number) => LINE.replace('tail -5', `tail -${i}`);
  for (let i = 0; i < 200; i++) await policy.evaluate(line(VERDICTS + i)); // JIT the path
  const samples: number[] = [];
  for (let i = 0; i < VERDICTS; i++) {
    const text = line(i);
    const started = process.hrtime.bigint();
    await policy.evaluate(text);
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  const perVerdict = median(samples);
  console.log(
    `verdict, ${LINE.length}-character line, new each time  median ${perVerdict.toFixed(4)} ms over ${VERDICTS} runs  (target <= ${TARGET_VERDICT_MS} ms: ${verdict(perVerdict <= TARGET_VERDICT_MS)})`,
  );

  const builds: number[] = [];
  for (let i = 0; i < BUILDS; i++) {
    const started = process.hrtime.bigint();
    new PermissionPolicy({ ask: ['git push*'], deny: ['/^curl\\s.*--upload-file/'] });
    builds.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  console.log(`building a policy with the default rules  median ${median(builds).toFixed(4)} ms (rules compiled once per process)`);
}
