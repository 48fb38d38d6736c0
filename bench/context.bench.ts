// Context management figures: its own cost per model request in a long session through a 16k window
// (the summary requests excluded), and the resume time of a session whose archive holds 10,000 messages.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { AgentRunner, SessionStore, type ChatMessage, type Tool, type ToolResult } from '../src';
import { ScriptedModel, type ScriptedReply } from '../src/testing';
import { median, time } from './timing';

const ROUNDS = 200;
const RESULT_BYTES = 5 * 1024;
const WINDOW = 16_000;
const ARCHIVED = 10_000;
const PER_REQUEST_TARGET_MS = 5;
const RESUME_TARGET_MS = 100;

/** A 5 KB tool result a little different each round (log lines with the round's number). */
function resultOf(round: number): string {
  const line = `round ${round}: GET /api/orders 200 in 12 ms, cache hit, region eu-west-1, request id `;
  let text = '';
  for (let i = 0; text.length < RESULT_BYTES; i++) text += `${line}${round}-${i}\n`;
  return text.slice(0, RESULT_BYTES);
}

/** (a) A 200-round run through a 16k window: time in context management per request, summaries excluded. */
async function perRequest(root: string): Promise<void> {
  let round = 0;
  const tool: Tool<{ command: string }> = {
    name: 'Bash',
    definition: { type: 'function', function: { name: 'Bash', parameters: { type: 'object', properties: { command: { type: 'string' } } } } },
    execute: () => {
      const result: ToolResult = { isError: false, output: resultOf(++round), message: resultOf(round) };
      return Object.assign(Promise.resolve(result), { cancel() {} });
    },
  };
  const input = 'Read every log and tell me what failed.';
  const replies: ScriptedReply[] = Array.from({ length: ROUNDS }, (_, i) => ({ when: input, toolCalls: [{ name: 'Bash', arguments: { command: `cat log-${i}.txt` } }] }));
  replies.push({ when: input, content: 'Nothing failed.' });
  for (let i = 0; i < ROUNDS; i++) replies.push({ when: 'Summarize the conversation transcript', content: `Summary ${i}: the logs read so far show no failure.` });
  const model = new ScriptedModel(replies);
  const client = new OpenAI({ apiKey: 'bench', baseURL: 'http://bench.local/v1', fetch: model.fetch, maxRetries: 0 });
  const runner = new AgentRunner({
    model: 'bench',
    client,
    toolset: [tool],
    sessionsDir: join(root, 'sessions'),
    contextWindow: WINDOW,
    maxIterations: ROUNDS + 1,
    enableSkillSearchInstruction: false,
    onEvent: (event) => {
      if (event.type === 'context_offloaded' || event.type === 'context_compacted') kinds.add(event.type === 'context_offloaded' ? 'offload' : 'compaction');
    },
  });
  // What each request's context step did, and how long it took, less the summary requests it made.
  const kinds = new Set<string>();
  const byKind: Record<string, number[]> = { nothing: [], offload: [], compaction: [] };
  // biome-ignore lint/suspicious/noExplicitAny: the bench times the runner's private context step
  const step = (runner as any).context;
  const spent: number[] = [];
  let inSummaries = 0;
  const summarize = step.summarize.bind(step);
  step.summarize = async (request: unknown) => {
    const started = performance.now();
    try {
      return await summarize(request);
    } finally {
      inSummaries += performance.now() - started;
    }
  };
  for (const name of ['beforeRequest']) {
    const original = step[name].bind(step);
    step[name] = async (...args: unknown[]) => {
      const started = performance.now();
      inSummaries = 0;
      kinds.clear();
      try {
        return await original(...args);
      } finally {
        const ms = performance.now() - started - inSummaries;
        spent.push(ms);
        byKind[kinds.has('compaction') ? 'compaction' : kinds.has('offload') ? 'offload' : 'nothing']!.push(ms);
      }
    };
  }
  const started = performance.now();
  const answer = await runner.run(input);
  const total = performance.now() - started;
  const history = await runner.getHistory();
  const session = await new SessionStore(join(root, 'sessions')).open(runner.getSessionId()!);
  const { messages } = await session.transcript();
  await runner.close();
  const summaries = model.requests.filter((request) => request.messages.find((message) => message.role === 'user')?.content?.startsWith('Summarize')).length;
  console.log(
    `${ROUNDS} rounds of ${RESULT_BYTES / 1024} KB tool results through a ${WINDOW}-token window: "${answer}" after ${(total / 1000).toFixed(1)} s; ${summaries} compaction(s); live history ${history.length} messages, transcript ${messages.length}`,
  );
  const sorted = [...spent].sort((a, b) => a - b);
  console.log(
    `  context management per request (summary requests excluded; ${spent.length} requests): median ${median(spent).toFixed(2)} ms (target <= ${PER_REQUEST_TARGET_MS} ms), p90 ${sorted[Math.floor(sorted.length * 0.9)]!.toFixed(2)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
  );
  for (const [kind, samples] of Object.entries(byKind)) {
    if (samples.length)
      console.log(`    requests that needed ${kind.padEnd(10)} ${String(samples.length).padStart(4)}: median ${median(samples).toFixed(2)} ms, max ${Math.max(...samples).toFixed(1)} ms`);
  }
  console.log('    (the first request that counts tokens also builds the tokenizer, about 0.2 s; offload and compaction write the session durably, each write flushed to disk)');
}

/** (b) Resuming a session whose archive holds 10,000 messages (its live history is a summary and the last round). */
async function resume(root: string): Promise<void> {
  const dir = join(root, 'resume-sessions');
  const store = new SessionStore(dir);
  const session = await store.create();
  const all: ChatMessage[] = [{ role: 'user', content: 'Read every log.' }];
  for (let i = 0; all.length < ARCHIVED; i++) {
    all.push({ role: 'assistant', content: '', tool_calls: [{ id: `call_${i}`, type: 'function', function: { name: 'Bash', arguments: `{"command":"cat log-${i}.txt"}` } }] });
    all.push({ role: 'tool', tool_call_id: `call_${i}`, content: resultOf(i).slice(0, 400) });
  }
  for (let from = 0; from < all.length; from += 1000) await session.append(all.slice(from, from + 1000));
  await session.rewriteHistory([all[0]!, { role: 'user', content: '[Compressed History]\n\nEvery log was read.', meta: { summary: true } }, ...all.slice(-2)]);
  await session.close();
  const samples = await time(12, async () => {
    const runner = new AgentRunner({ model: 'bench', toolset: [], sessionId: session.id, sessionsDir: dir });
    await runner.getHistory();
    await runner.close();
  });
  const transcript = await (await store.open(session.id)).transcript();
  console.log(
    `resume of a session whose archive holds ${transcript.messages.length - 2} messages (live history 4): median ${median(samples.slice(2)).toFixed(1)} ms (target <= ${RESUME_TARGET_MS} ms; runner built, session locked, repaired, history ready)`,
  );
}

export default async function benchContext(): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'synapse-context-bench-'));
  try {
    await perRequest(root);
    await resume(root);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
