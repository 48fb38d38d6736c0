import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { SessionStore, type ChatMessage } from '../../src';
import { ChaosModel, isSubAgentRequest, LoopbackServer, respondWith } from './chaos-model';
import type { FailureLog, Figures } from './figures';
import { descendantsOf, killLeftovers, stillRunningAfter } from './processes';
import type { Random } from './random';
import { checkRequests, checkSession } from './session-checks';

export const CLI = resolve(__dirname, '..', '..', 'dist', 'cli.js');
const SLOW_COMMAND = 'sleep 4';
const SLOW_STARTED = `"type":"tool_call_started","toolCallId":`;
/** The bound: what the CLI started must be gone this long after it was SIGKILLed. */
const DIE_WITHIN_MS = 2000;

/**
 * The built CLI, SIGKILLed at random moments of runs on one session (a model on 127.0.0.1 answering
 * with tool batches, some with a slow command). After each kill: every process the CLI had started must
 * be gone within 2 s, the session must load, and nothing confirmed before may be lost. The next run
 * resumes the same session (taking over the dead writer's lock).
 */
export async function killRuns(total: number, random: Random, figures: Figures, log: FailureLog, root: string): Promise<void> {
  const sessionsDir = join(root, 'kill-sessions');
  const cwd = join(root, 'kill-work');
  await mkdir(cwd, { recursive: true });
  const model = new ChaosModel(random, { slowCommand: SLOW_COMMAND, slowChance: 0.5 });
  let slowKilled = false;
  // Until the targeted kill has happened, a run's first request is answered with the slow command, so it comes.
  const server = new LoopbackServer((body, signal) =>
    !slowKilled && body.messages.at(-1)?.role === 'user' && !isSubAgentRequest(body)
      ? respondWith({ toolCalls: [{ id: `call_slow_${body.messages.length}`, name: 'Bash', arguments: { command: SLOW_COMMAND } }] }, body, signal)
      : model.respond(body, signal),
  );
  const baseUrl = await server.start();
  let sessionId: string | undefined;
  let persisted: ChatMessage[] = [];
  const kills0 = figures.kills;
  try {
    // Runs until `total` of them were killed (a run that ends before its moment is not a kill), within bounds.
    for (let kill = 0; figures.kills < kills0 + total && kill < total * 3; kill++) {
      const args = [CLI, 'run', '--base-url', baseUrl, '--max-retries', '0', '--sessions-dir', sessionsDir, '--no-skill-search', '--json'];
      if (sessionId) args.push('--session', sessionId);
      args.push(`kill run ${kill}`);
      const child = spawn(process.execPath, args, { cwd, env: { ...process.env, OPENAI_API_KEY: 'chaos' }, stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      let stdout = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
      const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
      // The first kill lands while the slow command runs (what a kill must not leave behind); the others at a
      // random moment of the run itself (after its n-th event, plus a little), whatever the machine's load.
      const targeted = !slowKilled;
      const events = targeted ? afterOutput(child.stdout, SLOW_STARTED) : afterEvents(child.stdout, random.int(0, 7));
      const endedEarly = await Promise.race([exited.then(() => true), events.then(() => sleep(random.int(0, 400))).then(() => false)]);
      figures.runs++;
      if (endedEarly) {
        const code = await exited;
        if (code !== 0) {
          figures.unclearErrors++;
          log.add('unclearErrors', `kill run ${kill}: exited ${code} before the kill: ${stderr.trim().split('\n')[0]}`);
        }
      } else {
        const started = await descendantsOf(child.pid!);
        if (targeted) slowKilled = true;
        if (process.env.CHAOS_VERBOSE) console.log(`  kill ${kill}: ${started.length} process(es) under the CLI`);
        child.kill('SIGKILL');
        await exited;
        figures.kills++;
        const left = await stillRunningAfter(started, DIE_WITHIN_MS);
        if (left.length) {
          figures.processesLeft += left.length;
          log.add('processesLeft', `kill run ${kill}: ${left.length} process(es) outlived the CLI by ${DIE_WITHIN_MS} ms`);
          killLeftovers(left);
        }
      }
      sessionId ??= await createdSession(sessionsDir);
      if (sessionId) persisted = await checkSession(sessionsDir, sessionId, persisted, figures, log, `kill run ${kill}`);
      // Once the run was announced with its session id, the user's words must be in that session.
      if (!endedEarly && stdout.includes('"type":"run_started"')) await checkInputKept(sessionsDir, sessionId!, `kill run ${kill}`, figures, log);
    }
  } finally {
    await server.close();
  }
  checkRequests(model.requests, figures, log, 'kill runs');
}

async function checkInputKept(sessionsDir: string, id: string, input: string, figures: Figures, log: FailureLog): Promise<void> {
  const session = await new SessionStore(sessionsDir).open(id).catch(() => undefined);
  const transcript = session ? (await session.transcript()).messages : [];
  if (transcript.some((message) => message.role === 'user' && (message.meta?.userText ?? message.content) === input)) return;
  figures.inputsLost++;
  log.add('inputsLost', `${input}: announced in session ${id}, not in it after the kill`);
}

/** The session the first runs created (one exists once a run has been announced). */
async function createdSession(sessionsDir: string): Promise<string | undefined> {
  const sessions = await new SessionStore(sessionsDir).list().catch(() => []);
  return sessions[0]?.id;
}

/** Resolves 200 ms after a tool_call_started event for the slow command (never, if none comes). */
function afterOutput(stream: NodeJS.ReadableStream, marker: string): Promise<void> {
  return new Promise((resolve) => {
    let seen = '';
    stream.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      const started = seen.split('\n').some((line) => line.includes(marker) && line.includes(`"command":"${SLOW_COMMAND}"`));
      if (started) setTimeout(resolve, 200);
    });
  });
}

/** Resolves once `count` NDJSON lines have come out of `stream` (never, if it ends first). */
function afterEvents(stream: NodeJS.ReadableStream, count: number): Promise<void> {
  return new Promise((resolve) => {
    let lines = 0;
    if (count === 0) return resolve();
    stream.on('data', (chunk: Buffer) => {
      lines += chunk.toString('utf8').split('\n').length - 1;
      if (lines >= count) resolve();
    });
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
