// `npm run bench service`: steps per second with 1, 2 and 4 workers (embedded and Redis) against an instant
// model, p50/p95 step latency, event delivery latency to an SSE client, memory per 1,000 waiting operations.
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentService, connectBackend, createHttpApi, createToolApprovalAgent, type ModelRuntime, type StepQueue } from '../src';

const OPERATIONS = 100;

/** Replies at once: a tool call first, then an answer. */
const instantModel: ModelRuntime = async function* (payload) {
  const called = payload.messages.some((message) => message.role === 'tool');
  yield called ? { content: 'Done.' } : { tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'noop', arguments: '{}' } }] };
};

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** A queue that times each step job it hands to the handler. */
function timed(queue: StepQueue, latencies: number[]): StepQueue {
  return {
    enqueue: (job, priority) => queue.enqueue(job, priority),
    close: () => queue.close(),
    work: (handler, concurrency) =>
      queue.work(async (job) => {
        const at = performance.now();
        await handler(job);
        latencies.push(performance.now() - at);
      }, concurrency),
  };
}

/** When each logged event was saved (the commit's return), by operation: event n at index n - 1. */
const savedAt = new Map<string, number[]>();

async function makeService(redisUrl: string | undefined, workers: number, latencies: number[]) {
  const backend = await connectBackend({ redisUrl, prefix: `bench${Math.random().toString(36).slice(2, 8)}` });
  const commit = backend.store.commit.bind(backend.store);
  backend.store.commit = async (operationId, stepIndex, state, events, decided) => {
    const saved = await commit(operationId, stepIndex, state, events, decided);
    const times = savedAt.get(operationId) ?? [];
    if (saved) for (const _ of events) times.push(performance.now());
    savedAt.set(operationId, times);
    return saved;
  };
  const service = new AgentService({
    ...backend,
    queue: timed(backend.queue, latencies),
    agentFor: () => createToolApprovalAgent({ tools: { noop: () => ({ ok: true }) } }),
    runtimeConfig: { modelRuntime: instantModel },
  });
  if (workers) service.startWorkers(workers);
  return service;
}

async function throughput(label: string, redisUrl: string | undefined, workers: number): Promise<void> {
  const latencies: number[] = [];
  const service = await makeService(redisUrl, workers, latencies);
  const started = performance.now();
  const ids = await Promise.all(Array.from({ length: OPERATIONS }, (_, i) => service.create({ prompt: `op ${i}`, autoApprove: true }).then((op) => op.operationId)));
  for (const id of ids) while (!(await service.isSettled(id))) await new Promise((done) => setTimeout(done, 2));
  const seconds = (performance.now() - started) / 1000;
  const steps = latencies.length;
  console.log(
    `  ${label.padEnd(9)} ${workers} worker${workers > 1 ? 's' : ' '}: ${(steps / seconds).toFixed(0).padStart(5)} steps/s  step p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms`,
  );
  await service.close();
}

/** Milliseconds from an event's save to its arrival at an SSE client, for every event of 50 operations. */
async function deliveryLatency(redisUrl: string | undefined): Promise<number[]> {
  const service = await makeService(redisUrl, 2, []);
  const server = createHttpApi(service, { token: false, heartbeatMs: 1000 });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;
  const delays: number[] = [];
  await Promise.all(
    Array.from({ length: 50 }, async (_, i) => {
      const { operationId } = await service.create({ prompt: `op ${i}` });
      await new Promise<void>((done) => {
        request(`http://127.0.0.1:${port}/v1/operations/${operationId}/events`, (response) => {
          // Live delivery only: events saved before the stream was open come from the log, not the wake-up.
          const openedAt = performance.now();
          let buffer = '';
          response.on('data', (chunk: Buffer) => {
            const now = performance.now();
            buffer += chunk.toString();
            for (const match of buffer.matchAll(/^id: (\d+)$/gm)) {
              const saved = savedAt.get(operationId)![Number(match[1]) - 1]!;
              if (saved > openedAt) delays.push(now - saved);
            }
            // Waiting for approval: approve, so the rest of the operation's events arrive live.
            if (buffer.includes('event: tool_pending')) void service.decide(operationId, { kind: 'approve', toolCallId: 'call_1' });
            buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
          });
          response.on('end', done);
        }).end();
      });
    }),
  );
  server.closeAllConnections();
  server.close();
  await service.close();
  return delays;
}

async function memoryPerThousandWaiting(): Promise<number> {
  const service = await makeService(undefined, 4, []);
  global.gc?.();
  const before = process.memoryUsage().heapUsed;
  const ids = await Promise.all(Array.from({ length: 1000 }, (_, i) => service.create({ prompt: `waiting ${i}` }).then((op) => op.operationId)));
  for (const id of ids) while ((await service.get(id)).status !== 'waiting_for_human_input') await new Promise((done) => setTimeout(done, 2));
  global.gc?.();
  const after = process.memoryUsage().heapUsed;
  await service.close();
  return (after - before) / 1024 / 1024;
}

export default async function bench(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'synapse-bench-redis-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await new Promise((done) => setTimeout(done, 300));
  try {
    console.log(`${OPERATIONS} operations of 5 steps each, an instant scripted model, workers in this process:`);
    for (const workers of [1, 2, 4]) await throughput('embedded', undefined, workers);
    for (const workers of [1, 2, 4]) await throughput('redis', `redis://127.0.0.1:${port}`, workers);
    for (const [label, url] of [
      ['embedded', undefined],
      ['redis', `redis://127.0.0.1:${port}`],
    ] as const) {
      const delays = await deliveryLatency(url);
      console.log(`  SSE delivery (${label}): p50 ${percentile(delays, 50).toFixed(1)} ms, p95 ${percentile(delays, 95).toFixed(1)} ms over ${delays.length} events (target p95 <= 20 ms)`);
    }
    console.log(`  memory per 1,000 waiting operations (embedded): ${(await memoryPerThousandWaiting()).toFixed(1)} MB of heap`);
  } finally {
    redis.kill('SIGTERM');
    await new Promise((done) => redis.once('exit', done));
    await rm(dir, { recursive: true, force: true });
  }
}
