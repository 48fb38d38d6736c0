import { randomUUID } from 'node:crypto';
import type { ChatMessage } from '../llm';
import { createInitialState, waitingFor, type StateError, type UsageTotals, type WaitingFor } from '../runtime';
import { checkDecision } from './decision-checks';
import { isSettled, nextJobPriority } from './next-job';
import type { OperationStore } from './operation-store';
import type { Decision, OperationListQuery, OperationPage, StoredEvent } from './operation-types';
import { ServiceError } from './service-error';
import { createStepHandler, type StepWorkerOptions } from './step-job';
import type { StepQueue } from './step-queue';

export interface CreateOperationInput {
  prompt?: string;
  messages?: ChatMessage[];
  model?: string;
  maxSteps?: number;
  /**
   * This operation's tool calls run without approval (default: the service's `autoApprove`). For the program
   * that embeds the service; the HTTP API never takes it from a request (the policy is the server's).
   */
  autoApprove?: boolean;
  maxCostUsd?: number;
}

/** An operation as the API shows it. */
export interface OperationView {
  operationId: string;
  status: string;
  stepCount: number;
  waitingFor?: WaitingFor;
  messages: ChatMessage[];
  usage: UsageTotals;
  costUsd: number;
  error?: StateError;
}

export interface AgentServiceOptions extends StepWorkerOptions {
  /** The server's approval policy: tool calls run without a human's approval. Default false. */
  autoApprove?: boolean;
}

/**
 * The AgentRuntime as a service: operations in a store, their steps as jobs on a queue. Any number of
 * services over the same store and queue (one process, or many on Redis) share the work.
 */
export class AgentService {
  private readonly store: OperationStore;
  private readonly queue: StepQueue;

  constructor(private readonly options: AgentServiceOptions) {
    this.store = options.store;
    this.queue = options.queue;
  }

  async create(input: CreateOperationInput): Promise<{ operationId: string; status: string }> {
    const messages: ChatMessage[] = [...(input.messages ?? []), ...(input.prompt === undefined ? [] : [{ role: 'user' as const, content: input.prompt }])];
    const operationId = `op_${randomUUID().replaceAll('-', '')}`;
    const state = { ...createInitialState({ sessionId: operationId, messages, maxSteps: input.maxSteps, maxCostUsd: input.maxCostUsd }), status: 'running' as const };
    const meta = { autoApprove: input.autoApprove ?? this.options.autoApprove ?? false, createdAt: state.createdAt, ...(input.model ? { model: input.model } : {}) };
    await this.store.create(operationId, state, meta);
    try {
      await this.queue.enqueue({ operationId, stepIndex: 0 }, 'step');
    } catch (error) {
      // Nobody has its id yet and no step would ever run it: remove it. If the store is down too, the
      // operation expires by itself (it does until its first step is saved).
      await this.store.remove(operationId).catch(() => undefined);
      throw new ServiceError(503, `the operation could not be queued, so it was not created (try again): ${(error as Error).message}`);
    }
    return { operationId, status: state.status };
  }

  async get(operationId: string): Promise<OperationView> {
    const { state } = await this.load(operationId);
    const waiting = waitingFor(state);
    return {
      operationId,
      status: state.status,
      stepCount: state.stepCount,
      ...(waiting ? { waitingFor: waiting } : {}),
      messages: state.messages,
      usage: state.usage,
      costUsd: state.costUsd,
      ...(state.error ? { error: state.error } : {}),
    };
  }

  /** The operations still kept, newest first, a page at a time. */
  async list(query: OperationListQuery): Promise<OperationPage> {
    return this.store.list(query);
  }

  /** Whether the store answers now (GET /healthz). */
  async healthy(): Promise<boolean> {
    return this.store.ping().then(
      () => true,
      () => false,
    );
  }

  /** Stores a decision and queues the job that applies it; 409 when the operation is not waiting for it. */
  async decide(operationId: string, decision: Decision, attempt = 1): Promise<void> {
    const record = await this.load(operationId);
    checkDecision(operationId, record.state, decision);
    const outcome = await this.store.decide(operationId, record.stepIndex, decision);
    if (outcome === 'missing') throw new ServiceError(404, missing(operationId));
    if (outcome === 'pending') throw new ServiceError(409, `operation ${operationId} already has a decision waiting to be applied`);
    // The operation moved on between the check and the store (an interrupt racing a step): decide again on what it is now.
    if (outcome === 'stale' && attempt < 20) return this.decide(operationId, decision, attempt + 1);
    if (outcome !== 'stored') throw new ServiceError(409, `operation ${operationId} is changing too fast to take this decision now: try again`);
    // 'stored'; a running operation's own next job applies an interrupt at the step boundary.
    await this.queue.enqueue({ operationId, stepIndex: record.stepIndex }, nextJobPriority({ ...record, decision }) ?? 'decision');
  }

  /** The logged events after `afterId`; 404 for an unknown operation. */
  async events(operationId: string, afterId: number): Promise<StoredEvent[]> {
    return this.store.events(operationId, afterId, 1000);
  }

  watch(operationId: string, onChange: () => void): () => void {
    return this.store.watch(operationId, onChange);
  }

  /** Whether the operation is done, failed or interrupted (no step will come unless someone acts); 404 when unknown. */
  async isSettled(operationId: string): Promise<boolean> {
    return isSettled((await this.load(operationId)).state.status);
  }

  /** Takes step jobs in this process: `concurrency` at a time. */
  startWorkers(concurrency: number): void {
    this.queue.work(createStepHandler(this.options), concurrency);
  }

  async close(): Promise<void> {
    await this.queue.close();
    await this.store.close();
  }

  private async load(operationId: string) {
    const record = await this.store.load(operationId);
    if (!record) throw new ServiceError(404, missing(operationId));
    return record;
  }
}

function missing(operationId: string): string {
  return `no operation ${operationId}: never created, or it ended and was removed after the retention period`;
}
