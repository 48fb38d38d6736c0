// Runner figures: the task scheduler against its lower bound, and the loop's own cost per tool round.
import OpenAI from 'openai';
import { AgentRunner, type Tool, type ToolResult } from '../src';
import { runPool } from '../src/runner/task-pool';
import { ScriptedModel, type ScriptedReply } from '../src/testing';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The simpler scheduler the pool replaced, for comparison: fixed sub-batches of `limit`, each waiting for its slowest job. */
async function runInFixedBatches<T>(jobs: ReadonlyArray<() => Promise<T>>, limit: number): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < jobs.length; start += limit) {
    results.push(...(await Promise.all(jobs.slice(start, start + limit).map((job) => job()))));
  }
  return results;
}

async function timeIt(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/** (a) Wall time of mixed task batches over their lower bound, pool vs fixed sub-batches. */
async function scheduler(): Promise<void> {
  const unit = 40;
  const limit = 5;
  const batches: Record<string, number[]> = {
    'one 4x task first, 11 short': [4, ...Array(11).fill(1)],
    'one 4x task last, 11 short': [...Array(11).fill(1), 4],
    '12 equal tasks': Array(12).fill(1),
    'mixed 1-3x, 13 tasks': [3, 1, 2, 1, 1, 3, 2, 1, 2, 1, 3, 1, 2],
  };
  console.log(`scheduler, limit ${limit}, unit ${unit} ms (target: pool <= 1.05x the lower bound)`);
  console.log('  batch                            lower bound    pool          fixed sub-batches');
  for (const [name, units] of Object.entries(batches)) {
    const durations = units.map((u) => u * unit);
    // No schedule beats the longest task, the total spread over the slots, or ceil(n / limit) of the shortest on one slot.
    const bound = Math.max(Math.max(...durations), durations.reduce((a, b) => a + b, 0) / limit, Math.ceil(durations.length / limit) * Math.min(...durations));
    const jobs = durations.map((ms) => () => sleep(ms));
    const pool = await timeIt(() => runPool(jobs, limit));
    const fixed = await timeIt(() => runInFixedBatches(jobs, limit));
    const cell = (ms: number) => `${ms.toFixed(0).padStart(4)} ms ${(ms / bound).toFixed(2)}x`;
    console.log(`  ${name.padEnd(32)} ${bound.toFixed(0).padStart(4)} ms      ${cell(pool)}   ${cell(fixed)}`);
  }
  console.log('  (the pool starts tasks in call order without knowing their durations: a long task called last finishes last)');
}

/** (b) The loop's own cost per tool round, with an in-process instant model and an instant tool. */
async function loopOverhead(): Promise<void> {
  const rounds = 10;
  const runs = 30;
  const noop: Tool<{ command: string }> = {
    name: 'Bash',
    definition: { type: 'function', function: { name: 'Bash', parameters: { type: 'object', properties: { command: { type: 'string' } } } } },
    execute: () => {
      const result: ToolResult = { isError: false, output: 'ok', message: 'ok' };
      return Object.assign(Promise.resolve(result), { cancel() {} });
    },
  };
  const measure = async (toolRounds: number) => {
    const replies: ScriptedReply[] = Array.from({ length: toolRounds }, (_, i) => ({ toolCalls: [{ name: 'Bash', arguments: { command: `step ${i}` } }] }));
    const model = new ScriptedModel([...replies, { content: 'done' }]);
    const client = new OpenAI({ apiKey: 'bench', baseURL: 'http://bench.local/v1', fetch: model.fetch, maxRetries: 0 });
    const runner = new AgentRunner({ model: 'bench', client, toolset: [noop], maxIterations: toolRounds + 1, enableSkillSearchInstruction: false });
    const ms = await timeIt(() => runner.run('go'));
    await runner.close();
    return ms;
  };
  for (let i = 0; i < 5; i++) await measure(rounds); // warm up the SDK and the JIT
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push((await measure(rounds)) / rounds);
  console.log(`runner overhead per tool round (instant in-process model and tool; median of ${runs} runs of ${rounds} rounds): ${median(samples).toFixed(3)} ms (target <= 2 ms)`);
}

export default async function (): Promise<void> {
  await scheduler();
  await loopOverhead();
}
