import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AgentRunner, createOpenAIClient } from '../../src';
import type { ScriptedReply } from '../../src/testing';
import { LoopbackServer, respondWith } from './chaos-model';
import type { FailureLog, Figures } from './figures';
import type { Random } from './random';
import { checkRequests } from './session-checks';

const TIMEOUT_MS = 300;

/** Each fault, the reply that produces it, and what its one-line error must say. */
const FAULTS: Array<{ name: string; reply: ScriptedReply; says: RegExp }> = [
  { name: '429', reply: { error: { status: 429, message: 'Rate limit reached' } }, says: /Rate limit reached/ },
  { name: '500', reply: { error: { status: 500, message: 'upstream exploded' } }, says: /upstream exploded/ },
  { name: 'cut stream', reply: { content: ['Half a', ' reply'], cut: true }, says: /ended before the reply was complete/ },
  { name: 'malformed SSE', reply: { content: 'Hello', malformed: true }, says: /stream is malformed/ },
  { name: 'never answers', reply: { content: 'too late', delayMs: 5_000 }, says: new RegExp(`did not answer within ${TIMEOUT_MS} ms`) },
  { name: 'stalls mid-stream', reply: { content: ['Thinking', '...'], pauseMs: 5_000 }, says: new RegExp(`sent nothing for ${TIMEOUT_MS} ms`) },
];

/**
 * A model on 127.0.0.1 that answers 429, 500, a cut stream, malformed SSE, never, or stalls after the
 * headers. Each must end the run with one clear error line (within a bounded time, thanks to the request
 * and idle-stream timeouts) and leave the session's files byte for byte as they were; the next run works.
 */
export async function modelFaults(rounds: number, random: Random, figures: Figures, log: FailureLog, root: string): Promise<void> {
  const sessionsDir = join(root, 'fault-sessions');
  const cwd = join(root, 'fault-work');
  await mkdir(cwd, { recursive: true });
  let next: ScriptedReply = { content: 'fine' };
  const requests: Array<{ messages: import('../../src').ChatMessage[] }> = [];
  const server = new LoopbackServer((body, signal) => {
    requests.push(body);
    return respondWith(next, body, signal);
  });
  const baseURL = await server.start();
  try {
    const client = createOpenAIClient({ apiKey: 'chaos', baseURL, maxRetries: 0, requestTimeoutMs: TIMEOUT_MS });
    const runner = new AgentRunner({ model: 'chaos', client, cwd, sessionsDir, enableSkillSearchInstruction: false });
    await runner.run('a good start');
    const dir = join(sessionsDir, runner.getSessionId()!);
    for (let round = 0; round < rounds; round++) {
      const fault = FAULTS[random.int(0, FAULTS.length - 1)]!;
      const before = await snapshot(dir);
      next = fault.reply;
      const started = performance.now();
      let error: Error | undefined;
      await runner.run(`fault ${round}`).catch((caught: Error) => (error = caught));
      const took = performance.now() - started;
      figures.runs++;
      figures.modelFaults++;
      const line = error ? `${error.name}: ${error.message}` : 'no error';
      if (error?.name !== 'ModelError' || error.message.includes('\n') || !fault.says.test(error.message) || /Model request failed/i.test(error.message)) {
        figures.unclearErrors++;
        log.add('unclearErrors', `${fault.name}: ${line}`);
      }
      if (took > 3_000) {
        figures.unclearErrors++;
        log.add('unclearErrors', `${fault.name}: took ${Math.round(took)} ms to fail`);
      }
      if ((await snapshot(dir)) !== before) {
        figures.messagesLost++;
        log.add('messagesLost', `${fault.name}: the session's files changed on a failed request`);
      }
      next = { content: 'recovered' };
      if (random.chance(0.3)) await runner.run(`recover ${round}`).catch((caught: Error) => log.add('unclearErrors', `recovery after ${fault.name}: ${caught.message}`));
    }
    await runner.close();
  } finally {
    await server.close();
  }
  checkRequests(requests, figures, log, 'model faults');
}

async function snapshot(dir: string): Promise<string> {
  const read = (name: string) => readFile(join(dir, name), 'utf8').catch(() => '');
  return `${await read('history.jsonl')}\u0000${await read('usage.jsonl')}`;
}
