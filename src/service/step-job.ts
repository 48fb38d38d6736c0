import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AgentRuntime, compactState, type Agent, type RuntimeConfig } from '../runtime';
import { applyDecision } from './apply-decision';
import { nextJobPriority } from './next-job';
import type { OperationStore } from './operation-store';
import type { Decision, OperationMeta, OperationRecord, StepJob } from './operation-types';
import { withSavedResults } from './saved-tool-results';
import { writeLog, type ServiceLogger } from './service-log';
import type { StepHandler, StepQueue } from './step-queue';

export interface StepWorkerOptions {
  store: OperationStore;
  queue: StepQueue;
  /** The agent that decides an operation's steps (its tools run once a human or autoApprove allows). */
  agentFor: (meta: OperationMeta) => Agent;
  runtimeConfig?: RuntimeConfig;
  /** How long a dead worker's lock keeps the others out. Default 10 s; refreshed every third of it. */
  lockTtlMs?: number;
  /** One record per step saved (and per step that failed and will run again); never the conversation. */
  logger?: ServiceLogger;
}

/** What a step job did, for its log record. */
type StepOutcome = { saved: true; status: string; stepCount: number; events: number; decision?: Decision['kind'] } | { saved: false; reason: string };

/** A step job whose operation lock could not be taken in time: the queue tries it again. */
export class OperationBusyError extends Error {
  override readonly name = 'OperationBusyError';
}

/**
 * One step job: take the operation's lock (kept alive while the step runs), skip a stale index, load,
 * apply a pending decision, step, save state and events in one transaction, enqueue what comes next,
 * release. Any failure leaves the stored operation as it was: the job is tried again.
 */
export function createStepHandler(options: StepWorkerOptions): StepHandler {
  const ttl = options.lockTtlMs ?? 10_000;
  return async (job) => {
    const started = performance.now();
    const about = () => ({ operationId: job.operationId, step: job.stepIndex, durationMs: Math.round(performance.now() - started) });
    try {
      const outcome = await lockedStep(options, job, ttl);
      if (outcome.saved)
        writeLog(
          options.logger,
          'info',
          { ...about(), status: outcome.status, stepCount: outcome.stepCount, events: outcome.events, ...(outcome.decision ? { decision: outcome.decision } : {}) },
          'step',
        );
      else writeLog(options.logger, 'debug', { ...about(), skipped: outcome.reason }, 'step skipped');
    } catch (error) {
      writeLog(options.logger, 'warn', { ...about(), error: (error as Error).message }, 'step failed: it runs again');
      throw error;
    }
  };
}

async function lockedStep(options: StepWorkerOptions, job: StepJob, ttl: number): Promise<StepOutcome> {
  const token = randomUUID();
  await acquire(options.store, job.operationId, token, ttl);
  const lost = new AbortController();
  const keepAlive = setInterval(() => {
    options.store.refreshLock(job.operationId, token, ttl).then(
      (held) => held || lost.abort(),
      () => lost.abort(),
    );
  }, ttl / 3);
  try {
    return await runStep(options, job, lost.signal);
  } finally {
    clearInterval(keepAlive);
    await options.store.releaseLock(job.operationId, token).catch(() => undefined);
  }
}

async function runStep(options: StepWorkerOptions, job: StepJob, signal: AbortSignal): Promise<StepOutcome> {
  const { store } = options;
  const record = await store.load(job.operationId);
  if (!record) return { saved: false, reason: 'the operation is gone' };
  // A late retry or a duplicate: the step was saved already; make sure what follows it is queued.
  if (record.stepIndex !== job.stepIndex) {
    await enqueueNext(options.queue, record);
    return { saved: false, reason: 'saved already' };
  }
  const decision = record.decision ?? autoApproval(record);
  const decided = applyDecision(record.state, decision);
  let { events, state } = decided;
  if (!decided.settled) {
    const agent = options.agentFor(record.meta);
    const runtime = new AgentRuntime({ ...agent, tools: withSavedResults(agent.tools ?? {}, store, job.operationId) }, options.runtimeConfig);
    const stepped = await runtime.step(state, decided.approved, { signal });
    events = [...events, ...stepped.events];
    state = stepped.newState;
  }
  if (signal.aborted) throw new OperationBusyError(`lost the lock of operation ${job.operationId} during step ${job.stepIndex}`);
  // Chunks are not logged: a step's events are saved at its end, with the llm_result that holds them all.
  const logged = events.filter((event) => (event as { type: string }).type !== 'llm_stream').map((event) => JSON.parse(JSON.stringify(event)) as object);
  if (!(await store.commit(job.operationId, job.stepIndex, compactState(state), logged, record.decision !== undefined))) return { saved: false, reason: 'another job saved it first' };
  const saved = await store.load(job.operationId);
  if (saved) await enqueueNext(options.queue, saved);
  return { saved: true, status: state.status, stepCount: state.stepCount, events: logged.length, ...(decision ? { decision: decision.kind } : {}) };
}

/** An operation that approves its own tool calls decides for the first pending one. */
function autoApproval(record: OperationRecord): Decision | undefined {
  const call = record.state.pendingToolsCalling?.[0];
  return record.meta.autoApprove && record.state.status === 'waiting_for_human_input' && call ? { kind: 'approve', toolCallId: call.id } : undefined;
}

export async function enqueueNext(queue: StepQueue, record: OperationRecord): Promise<void> {
  const priority = nextJobPriority(record);
  if (priority) await queue.enqueue({ operationId: record.operationId, stepIndex: record.stepIndex }, priority);
}

/** Waits for the lock about as long as a dead holder can keep it, then gives the job back to the queue. */
async function acquire(store: OperationStore, operationId: string, token: string, ttl: number): Promise<void> {
  const deadline = Date.now() + ttl + 1000;
  while (!(await store.acquireLock(operationId, token, ttl))) {
    if (Date.now() > deadline) throw new OperationBusyError(`operation ${operationId} is locked by another worker`);
    await sleep(25);
  }
}
