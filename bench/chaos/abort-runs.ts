import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { AgentRunner, createOpenAIClient, type ChatMessage } from '../../src';
import { ChaosModel } from './chaos-model';
import type { FailureLog, Figures } from './figures';
import type { Random } from './random';
import { checkRequests, checkSession } from './session-checks';

const RUNS_PER_SESSION = 10;

/**
 * Real runs (the real runner, shell, sub-agents and session files; the model in process) aborted at
 * random moments: while streaming, between rounds, in the middle of a tool batch. Every few runs the
 * runner is replaced, as a new process would resume the session. Counts aborts reported as anything
 * but AbortError, persisted tool calls without results, lost messages, requests the API would reject.
 */
export async function abortRuns(total: number, random: Random, figures: Figures, log: FailureLog, root: string): Promise<void> {
  const sessionsDir = join(root, 'abort-sessions');
  const cwd = join(root, 'abort-work');
  await mkdir(cwd, { recursive: true });
  let done = 0;
  // Runs until `total` of them were aborted before they ended (a run that finishes first is not counted as one).
  while (figures.aborts < total) {
    const model = new ChaosModel(random);
    const client = createOpenAIClient({ apiKey: 'chaos', baseURL: 'http://chaos.local/v1', fetch: model.fetch, maxRetries: 0, requestTimeoutMs: 10_000 });
    let persisted: ChatMessage[] = [];
    let runner: AgentRunner | undefined;
    for (let run = 0; run < RUNS_PER_SESSION && figures.aborts < total; run++) {
      if (!runner || random.chance(0.2)) {
        // A new runner resumes the session when one is on disk (one exists once a reply was confirmed).
        const sessionId = persisted.length ? runner!.getSessionId()! : undefined;
        await runner?.close();
        runner = new AgentRunner({ model: 'chaos', client, cwd, sessionsDir, sessionId, enableSkillSearchInstruction: false });
      }
      const controller = new AbortController();
      const abortAfter = random.chance(0.1) ? 0 : random.int(0, random.chance(0.5) ? 120 : 500);
      let running = true;
      const timer = setTimeout(() => running && controller.abort(), abortAfter);
      let outcome: 'completed' | Error = 'completed';
      try {
        await runner.run(`request ${done}`, { signal: controller.signal });
      } catch (error) {
        outcome = error as Error;
      } finally {
        running = false;
        clearTimeout(timer);
      }
      figures.runs++;
      done++;
      if (controller.signal.aborted) figures.aborts++;
      if (outcome !== 'completed') {
        if (!controller.signal.aborted) {
          figures.unclearErrors++;
          log.add('unclearErrors', `abort run ${done}: failed without an abort: ${outcome.message}`);
        } else if (outcome.name !== 'AbortError') {
          figures.abortsMisreported++;
          log.add('abortsMisreported', `abort run ${done}: ${outcome.name}: ${outcome.message}`);
        }
      }
      persisted = await checkSession(sessionsDir, runner.getSessionId()!, persisted, figures, log, `abort run ${done}`);
    }
    await runner?.close();
    checkRequests(model.requests, figures, log, 'abort runs');
    figures.toolCalls += model.toolCalls;
    figures.taskCalls += model.taskCalls;
  }
}
