import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { AgentService, connectBackend } from '../../src';
import { CLI } from './kill-runs';
import type { Random } from './random';

const EXPECTED = ['llm_start', 'llm_result', 'human_approve_required', 'tool_pending', 'tool_result', 'llm_start', 'llm_result', 'done'];

export interface ServiceFigures {
  operations: number;
  workers: number;
  kills: number;
  /** Targets: every operation ends, no event is lost or repeated, no tool effect happens twice. */
  notEnded: number;
  eventsLost: number;
  eventsDuplicated: number;
  duplicatedEffects: number;
  /** A tool run again after a kill, with the same toolCallId (the idempotency key made it harmless). */
  toolReinvocations: number;
  seconds: number;
}

/**
 * The service under fire: `operations` operations over `workers` worker processes on a real redis-server,
 * a random worker SIGKILLed (and replaced) every few hundred milliseconds (at most `maxKills`) until every
 * operation has ended.
 */
export async function serviceKills(operations: number, workers: number, maxKills: number, random: Random, root: string): Promise<ServiceFigures> {
  const started = performance.now();
  const dir = join(root, 'service');
  await mkdir(join(dir, 'effects'), { recursive: true });
  const tools = join(dir, 'tools.mjs');
  await writeFile(
    tools,
    `import { appendFileSync, writeFileSync } from 'node:fs';
export const tools = { note: { run: async (args, { sessionId, toolCallId }) => {
  const key = sessionId + '.' + toolCallId;
  appendFileSync(${JSON.stringify(join(dir, 'invocations.log'))}, key + '\\n');
  await new Promise((done) => setTimeout(done, Math.random() * 30));
  // The effect, made once per idempotency key whatever happens to the process that runs it.
  try { writeFileSync(${JSON.stringify(join(dir, 'effects'))} + '/' + key, String(process.pid), { flag: 'wx' }); } catch {}
  return { noted: key };
} } };
`,
  );
  const fixture = join(dir, 'fixture.json');
  await writeFile(fixture, JSON.stringify({ model: 'scripted', replies: [{ toolCalls: [{ id: 'call_note', name: 'note', arguments: {} }] }, { content: 'Noted.' }] }));
  const port = await freePort();
  const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  const pool: ChildProcess[] = [];
  const startWorker = () => {
    const child = spawn(process.execPath, [CLI, 'worker', '--redis-url', url, '--tools', tools, '--fixture', fixture, '--stalled-interval', '500', '--concurrency', '4'], { stdio: 'ignore' });
    pool.push(child);
  };
  let kills = 0;
  let service: AgentService | undefined;
  try {
    service = await connectWithRetry(url);
    for (let i = 0; i < workers; i++) startWorker();
    const ids: string[] = [];
    for (let i = 0; i < operations; i++) ids.push((await service.create({ prompt: `note ${i}`, autoApprove: true })).operationId);
    const deadline = Date.now() + 60_000 + operations * 500;
    let pending = ids;
    while (pending.length && Date.now() < deadline) {
      await new Promise((done) => setTimeout(done, random.int(300, 800)));
      const live = pool.filter((child) => child.exitCode === null && child.signalCode === null);
      if (live.length && kills < maxKills && random.int(0, 1) === 0) {
        live[random.int(0, live.length - 1)]!.kill('SIGKILL');
        kills += 1;
        startWorker();
      }
      const settled = await Promise.all(pending.map((id) => service!.isSettled(id)));
      pending = pending.filter((_, i) => !settled[i]);
    }
    const figures: ServiceFigures = { operations, workers, kills, notEnded: pending.length, eventsLost: 0, eventsDuplicated: 0, duplicatedEffects: 0, toolReinvocations: 0, seconds: 0 };
    for (const id of ids) {
      const events = await service.events(id, 0);
      figures.eventsDuplicated += Math.max(0, events.length - EXPECTED.length);
      figures.eventsLost += Math.max(0, EXPECTED.length - events.length);
      // The same count but not the same log (a gap in the ids, a repeat in place of a missing event) is a loss too.
      const exact = events.every((event, i) => event.id === i + 1 && event.type === EXPECTED[i]);
      if (events.length === EXPECTED.length && !exact) figures.eventsLost += 1;
    }
    const invocations = (await readFile(join(dir, 'invocations.log'), 'utf8').catch(() => '')).split('\n').filter(Boolean);
    const effects = await readdir(join(dir, 'effects'));
    figures.toolReinvocations = invocations.length - new Set(invocations).size;
    figures.duplicatedEffects = Math.max(0, new Set(invocations).size - effects.length) + (effects.length > operations ? effects.length - operations : 0);
    figures.seconds = (performance.now() - started) / 1000;
    return figures;
  } finally {
    for (const child of pool) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.all(pool.map((child) => (child.exitCode === null && child.signalCode === null ? new Promise((done) => child.once('exit', done)) : undefined)));
    await service?.close();
    redis.kill('SIGTERM');
    await new Promise((done) => redis.once('exit', done));
  }
}

export function reportService(figures: ServiceFigures): boolean {
  const line = (label: string, value: number, target?: boolean) => console.log(`  ${label.padEnd(34)} ${String(value).padStart(6)}${target ? (value === 0 ? '  ok' : '  FAIL (target 0)') : ''}`);
  console.log(`service: ${figures.operations} operations over ${figures.workers} worker processes on redis-server, random SIGKILLs`);
  line('worker SIGKILLs', figures.kills);
  line('tool re-invocations (same toolCallId)', figures.toolReinvocations);
  line('operations that did not end', figures.notEnded, true);
  line('events lost', figures.eventsLost, true);
  line('events duplicated', figures.eventsDuplicated, true);
  line('duplicated tool effects', figures.duplicatedEffects, true);
  console.log(`  time: ${figures.seconds.toFixed(1)} s`);
  return figures.notEnded + figures.eventsLost + figures.eventsDuplicated + figures.duplicatedEffects === 0;
}

async function connectWithRetry(url: string): Promise<AgentService> {
  for (let attempt = 0; ; attempt++) {
    try {
      const backend = await connectBackend({ redisUrl: url, stalledIntervalMs: 500, jobLockMs: 500 });
      // The API side only: the worker processes take every step.
      return new AgentService({ ...backend, agentFor: () => ({ runner: () => ({ type: 'finish' }) }) });
    } catch (error) {
      if (attempt > 50) throw error;
      await new Promise((done) => setTimeout(done, 50));
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
