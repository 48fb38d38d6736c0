// Session persistence speed: append cost must not grow with history; resuming a long session must be quick.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChatMessage } from '../src/llm/types';
import { contextStats, sanitizeHistory, SessionStore, warmUpTokenizer, type Session } from '../src/session';
import { median } from './timing';

const LONG_HISTORY = 10_000;
const SAMPLES = 15;
const RESUME_SAMPLES = 5;
const APPEND_RATIO_TARGET = 2;
const RESUME_TARGET_MS = 300;

export default async function benchSessions(): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'synapse-session-bench-'));
  try {
    const tokenizerBuildMs = time(() => warmUpTokenizer());
    const store = new SessionStore(join(root, 'sessions'));

    // Warm the JIT on a throwaway session, then interleave samples so neither side gets the warm-up.
    await appendTimes(await sessionWithMessages(store, 9), [10, 11, 12, 13, 14, 15, 16, 17]);
    const short = await sessionWithMessages(store, 9);
    const long = await sessionWithMessages(store, LONG_HISTORY - 1);
    const appendShort: number[] = [];
    const appendLong: number[] = [];
    for (let sample = 0; sample < SAMPLES; sample += 1) {
      appendShort.push(...(await appendTimes(short, [10 + sample])));
      appendLong.push(...(await appendTimes(long, [LONG_HISTORY + sample])));
    }
    const ratio = median(appendLong) / median(appendShort);

    const resumable = await sessionWithMessages(store, LONG_HISTORY);

    const resumeTimes: number[] = [];
    let resumed: { messages: number; tokens: number; toolCalls: number; removed: number } | undefined;
    for (let sample = 0; sample < RESUME_SAMPLES; sample += 1) {
      const start = performance.now();
      const session = await store.open(resumable.id);
      const { removed } = sanitizeHistory(session.messages);
      const stats = session.contextStats();
      resumeTimes.push(performance.now() - start);
      resumed = { messages: stats.messageCount, tokens: stats.tokenCount, toolCalls: stats.toolCallCount, removed: removed.length };
    }
    const reopened = await store.open(resumable.id);
    const freshCopies = reopened.messages.map((message) => ({ ...message }));
    const fullCountMs = time(() => contextStats(freshCopies));

    const resumeMs = median(resumeTimes);
    console.log("appends as a runner makes them: under the session's writer lock, each flushed to disk (fsync) with its index");
    console.log(`append message #10 (+ following):     median ${ms(median(appendShort))} over ${SAMPLES} samples`);
    console.log(`append message #${LONG_HISTORY} (+ following): median ${ms(median(appendLong))} over ${SAMPLES} samples`);
    console.log(`  ratio #${LONG_HISTORY} / #10: ${ratio.toFixed(2)}x  (target <= ${APPEND_RATIO_TARGET}x)  ${verdict(ratio <= APPEND_RATIO_TARGET)}`);
    console.log(
      `resume a ${resumed?.messages}-message session (open + sanitizeHistory + contextStats): median ${ms(resumeMs)} ` +
        `over ${RESUME_SAMPLES} samples  (target <= ${RESUME_TARGET_MS} ms)  ${verdict(resumeMs <= RESUME_TARGET_MS)}`,
    );
    const historyMb = (await stat(join(store.sessionsDir, resumable.id, 'history.jsonl'))).size / 1e6;
    console.log(
      `  resumed: ${historyMb.toFixed(1)} MB history.jsonl, ${resumed?.messages} messages, ${resumed?.tokens} tokens, ${resumed?.toolCalls} tool calls, ${resumed?.removed} removed by sanitize`,
    );
    console.log(
      `for reference: tokenizer build (once per process) ${ms(tokenizerBuildMs)}; full re-tokenization of that history ${ms(fullCountMs)} (what a resume costs when index.json's stats are unusable)`,
    );
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** A session holding `count` messages, locked as a runner holds it (every append flushed to disk). */
async function sessionWithMessages(store: SessionStore, count: number): Promise<Session> {
  const session = await store.create({ title: `bench ${count}` });
  await session.lock();
  await session.append(Array.from({ length: count }, (_, i) => benchMessage(i)));
  return session;
}

/** Times appending the given message numbers (1-based) one at a time, as a runner does. */
async function appendTimes(session: Session, messageNumbers: number[]): Promise<number[]> {
  const times: number[] = [];
  for (const messageNumber of messageNumbers) {
    const message = benchMessage(messageNumber - 1);
    const start = performance.now();
    await session.append(message);
    times.push(performance.now() - start);
  }
  return times;
}

const WORDS = ['read', 'the', 'file', 'src/index.ts', 'function', 'returns', 'error', 'test', 'passed', 'const', 'await', '会话', '工具', '结果', 'value', '42'];

/** A rough agent transcript: user asks, assistant calls Bash, tool answers with a few hundred characters, assistant replies. */
function benchMessage(i: number): ChatMessage {
  const words = (n: number) => `${Array.from({ length: n }, (_, k) => WORDS[(i * 7 + k * 3) % WORDS.length]).join(' ')} #${i}`;
  switch (i % 4) {
    case 0:
      return { role: 'user', content: `Please check ${words(15)}` };
    case 1:
      return {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: `call_${i}`, type: 'function', function: { name: 'Bash', arguments: JSON.stringify({ command: `read src/module-${i}.ts` }) } }],
      };
    case 2:
      return { role: 'tool', tool_call_id: `call_${i - 1}`, content: `line ${i}: ${words(60)}\n`.repeat(2) };
    default:
      return { role: 'assistant', content: `Done: ${words(30)}` };
  }
}

function time(work: () => unknown): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

function ms(value: number): string {
  return `${value.toFixed(value < 10 ? 3 : 1)} ms`;
}

function verdict(ok: boolean): string {
  return ok ? 'OK' : 'MISSED';
}
