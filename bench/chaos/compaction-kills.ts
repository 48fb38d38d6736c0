import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { SessionStore, type ChatMessage } from '../../src';
import { respondWith, LoopbackServer } from './chaos-model';
import type { FailureLog, Figures } from './figures';
import { CLI } from './kill-runs';
import type { Random } from './random';
import { checkRequests } from './session-checks';
import type { ChatCompletionRequest, ScriptedReply } from '../../src/testing';

const SUMMARY = 'Summarize the conversation transcript';
/** A small window, so that every run offloads and compacts. */
const WINDOW = 3000;

/**
 * The built CLI, SIGKILLed at random moments of runs that compact their session: while a summary request
 * is in flight, just after a compaction or an offload was announced, at any other point. After each kill
 * the session must load, its full transcript must still hold every message it held before, in order, and
 * the input of the killed run (its id was already printed) must be in it too.
 */
export async function compactionKills(total: number, random: Random, figures: Figures, log: FailureLog, root: string): Promise<void> {
  const sessionsDir = join(root, 'compaction-sessions');
  const cwd = join(root, 'compaction-work');
  await mkdir(cwd, { recursive: true });
  const requests: ChatCompletionRequest[] = [];
  let summaryInFlight: (() => void) | undefined;
  const server = new LoopbackServer(async (body, signal) => {
    requests.push(body);
    if (isSummary(body)) {
      summaryInFlight?.();
      const reply: ScriptedReply = random.chance(0.15)
        ? { error: { status: 500, message: 'summary model down' } }
        : { content: 'Summary: the logs read so far are fine.', delayMs: random.int(0, 300) };
      return respondWith(reply, body, signal);
    }
    return respondWith(nextReply(body, random), body, signal);
  });
  const baseUrl = await server.start();
  let sessionId: string | undefined;
  let transcript: ChatMessage[] = [];
  let killedInSummary = false;
  const kills0 = figures.kills;
  try {
    for (let run = 0; figures.kills < kills0 + total && run < total * 3; run++) {
      const input = `compaction run ${run}: read the logs`;
      const args = [CLI, 'run', '--base-url', baseUrl, '--max-retries', '0', '--sessions-dir', sessionsDir, '--context-window', String(WINDOW), '--no-skill-search', '--json'];
      if (sessionId) args.push('--session', sessionId);
      args.push(input);
      const child = spawn(process.execPath, args, { cwd, env: { ...process.env, OPENAI_API_KEY: 'chaos' }, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
      const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
      // The moment of the kill: a summary request arriving (always, until one such kill has happened, so even
      // the short run has one), a context event printed, or the n-th event.
      const moment = killedInSummary ? random.pick(['summary', 'context event', 'any'] as const) : 'summary';
      let summarySeen = false;
      const killPoint = new Promise<void>((resolve) => {
        if (moment === 'summary') {
          summaryInFlight = () => {
            summarySeen = true;
            setTimeout(resolve, random.int(0, 150));
          };
        }
        const target = moment === 'context event' ? /"type":"context_(compacted|offloaded)"/ : undefined;
        const count = random.int(1, 25);
        child.stdout.on('data', () => {
          const lines = stdout.split('\n').length - 1;
          if (target ? target.test(stdout) : lines >= count) setTimeout(resolve, random.int(0, 40));
        });
      });
      const endedEarly = await Promise.race([exited.then(() => true), killPoint.then(() => false)]);
      summaryInFlight = undefined;
      figures.runs++;
      if (endedEarly) {
        const code = await exited;
        if (code !== 0 && !/context window is|summary model down/.test(stderr)) {
          figures.unclearErrors++;
          log.add('unclearErrors', `compaction run ${run}: exited ${code}: ${stderr.trim().split('\n')[0]}`);
        }
      } else {
        child.kill('SIGKILL');
        await exited;
        figures.kills++;
        if (summarySeen) {
          killedInSummary = true;
          figures.killsInCompaction++;
        }
      }
      figures.compactions += (stdout.match(/"type":"context_compacted"/g) ?? []).length;
      sessionId ??= startedSession(stdout);
      if (sessionId) transcript = await checkTranscript(sessionsDir, sessionId, transcript, startedSession(stdout) ? input : undefined, figures, log, `compaction run ${run}`);
    }
  } finally {
    await server.close();
  }
  checkRequests(
    requests.filter((request) => !isSummary(request)),
    figures,
    log,
    'compaction runs',
  );
}

/** The main agent reads a few logs (a few hundred tokens each), then answers. */
function nextReply(body: ChatCompletionRequest, random: Random): ScriptedReply {
  let rounds = 0;
  for (let i = body.messages.length - 1; i >= 0 && body.messages[i]!.role !== 'user'; i--) if (body.messages[i]!.tool_calls?.length) rounds++;
  if (rounds >= random.int(2, 5)) return { content: 'Every log is fine.', delayMs: random.int(0, 30) };
  const n = random.int(1, 999);
  return {
    content: `Reading log ${n}.`,
    toolCalls: [{ id: `call_${n}_${body.messages.length}`, name: 'Bash', arguments: { command: `seq -f 'log ${n} line %g: GET /api/orders 200 in 12 ms' 1 ${random.int(20, 60)}` } }],
    delayMs: random.int(0, 30),
  };
}

function isSummary(body: ChatCompletionRequest): boolean {
  return String(body.messages.find((message) => message.role === 'user')?.content ?? '').startsWith(SUMMARY);
}

function startedSession(stdout: string): string | undefined {
  const line = stdout.split('\n').find((text) => text.includes('"type":"run_started"'));
  return line ? (JSON.parse(line) as { sessionId?: string }).sessionId : undefined;
}

/**
 * The session as a new process loads it: it must load, its transcript must start with everything the
 * transcript held before, and the killed run's input (announced with the session id) must be in it.
 */
async function checkTranscript(sessionsDir: string, id: string, before: ChatMessage[], input: string | undefined, figures: Figures, log: FailureLog, where: string): Promise<ChatMessage[]> {
  let messages: ChatMessage[];
  try {
    const session = await new SessionStore(sessionsDir).open(id);
    messages = (await session.transcript()).messages;
  } catch (error) {
    figures.sessionsFailingToLoad++;
    log.add('sessionsFailingToLoad', `${where}: ${(error as Error).message}`);
    return before;
  }
  let kept = 0;
  while (kept < before.length && kept < messages.length && isDeepStrictEqual(before[kept], messages[kept])) kept++;
  if (kept < before.length) {
    figures.messagesLost += before.length - kept;
    log.add('messagesLost', `${where}: ${before.length - kept} of ${before.length} messages of the transcript are not where they were`);
  }
  if (input !== undefined && !messages.some((message) => message.role === 'user' && (message.meta?.userText ?? message.content) === input)) {
    figures.inputsLost++;
    log.add('inputsLost', `${where}: the input "${input}" was announced but is not in the session`);
  }
  return messages;
}
