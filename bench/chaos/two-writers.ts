import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { AgentRunner, createOpenAIClient, SessionStore, type ChatMessage } from '../../src';
import { LoopbackServer, respondWith } from './chaos-model';
import type { FailureLog, Figures } from './figures';
import { CLI } from './kill-runs';
import type { Random } from './random';
import { checkSession } from './session-checks';

/**
 * Two writers on one session, in one process (two runners) and in two CLI processes started together:
 * exactly one writes, the other gets an error naming the session and the holder's pid, and the history
 * holds the winner's exchange whole, after everything that was there before.
 */
export async function twoWriters(trials: number, random: Random, figures: Figures, log: FailureLog, root: string): Promise<void> {
  const sessionsDir = join(root, 'writer-sessions');
  const cwd = join(root, 'writer-work');
  await mkdir(cwd, { recursive: true });
  // Two CLI processes must overlap despite their start-up time: their model answers slowly.
  const server = new LoopbackServer((body, signal) => {
    const input = lastUser(body.messages);
    return respondWith({ content: `answer to ${input}`, delayMs: input.includes('process') ? 1500 : random.int(50, 150) }, body, signal);
  });
  const baseURL = await server.start();
  try {
    const client = createOpenAIClient({ apiKey: 'chaos', baseURL, maxRetries: 0 });
    const seed = new AgentRunner({ model: 'chaos', client, cwd, sessionsDir, enableSkillSearchInstruction: false });
    await seed.run('seed');
    await seed.close();
    const id = seed.getSessionId()!;
    let persisted = await checkSession(sessionsDir, id, [], figures, log, 'two writers seed');
    for (let trial = 0; trial < trials; trial++) {
      const inProcess = trial % 2 === 0;
      const outcomes = inProcess ? await twoRunners(client, cwd, sessionsDir, id, trial) : await twoProcesses(baseURL, cwd, sessionsDir, id, trial);
      figures.runs += 2;
      const winners = outcomes.filter((outcome) => outcome.ok);
      const refused = outcomes.filter((outcome) => !outcome.ok);
      if (winners.length !== 1 || refused.length !== 1 || !/is being written by another process \(pid \d+/.test(refused[0]!.error)) {
        figures.unclearErrors++;
        log.add('unclearErrors', `two writers ${trial}: ${outcomes.map((outcome) => (outcome.ok ? 'ok' : outcome.error)).join(' | ')}`);
      } else {
        figures.writerConflicts++;
      }
      const now = await checkSession(sessionsDir, id, persisted, figures, log, `two writers ${trial}`);
      const added = now.slice(persisted.length).map((message) => message.content);
      const winner = winners[0]?.input;
      if (winner && JSON.stringify(added) !== JSON.stringify([winner, `answer to ${winner}`])) {
        figures.messagesLost++;
        log.add('messagesLost', `two writers ${trial}: expected the winner's exchange alone, got ${JSON.stringify(added)}`);
      }
      persisted = now;
    }
    const index = (await new SessionStore(sessionsDir).list()).find((summary) => summary.id === id);
    if (index?.messageCount !== persisted.length) log.add('messagesLost', `index.json counts ${index?.messageCount}, history holds ${persisted.length}`);
  } finally {
    await server.close();
  }
}

type Outcome = { input: string; ok: true } | { input: string; ok: false; error: string };

async function twoRunners(client: ReturnType<typeof createOpenAIClient>, cwd: string, sessionsDir: string, id: string, trial: number): Promise<Outcome[]> {
  const runners = ['A', 'B'].map(() => new AgentRunner({ model: 'chaos', client, cwd, sessionsDir, sessionId: id }));
  const outcomes = await Promise.all(
    runners.map(async (runner, i) => {
      const input = `trial ${trial} runner ${i}`;
      try {
        await runner.run(input);
        return { input, ok: true as const };
      } catch (error) {
        return { input, ok: false as const, error: (error as Error).message };
      }
    }),
  );
  await Promise.all(runners.map((runner) => runner.close()));
  return outcomes;
}

async function twoProcesses(baseURL: string, cwd: string, sessionsDir: string, id: string, trial: number): Promise<Outcome[]> {
  return Promise.all(
    [0, 1].map(
      (i) =>
        new Promise<Outcome>((resolve) => {
          const input = `trial ${trial} process ${i}`;
          const args = [CLI, 'run', '--base-url', baseURL, '--max-retries', '0', '--sessions-dir', sessionsDir, '--session', id, input];
          const child = spawn(process.execPath, args, { cwd, env: { ...process.env, OPENAI_API_KEY: 'chaos' }, stdio: ['ignore', 'ignore', 'pipe'] });
          let stderr = '';
          child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
          child.on('close', (code) => resolve(code === 0 ? { input, ok: true } : { input, ok: false, error: stderr.trim() }));
        }),
    ),
  );
}

function lastUser(messages: ChatMessage[]): string {
  return String([...messages].reverse().find((message) => message.role === 'user')?.content ?? '');
}
