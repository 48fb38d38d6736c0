import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import type { RedisOptions } from 'ioredis';
import type { StepJob } from './operation-types';
import { stepJobId, type StepHandler, type StepQueue } from './step-queue';

const QUEUE_NAME = 'synapse-steps';

export interface BullStepQueueOptions {
  /** Key prefix of the queue in Redis (BullMQ's `prefix`). Default `synapse`. */
  prefix?: string;
  /** How often workers look for jobs whose worker died (BullMQ's stalled-job check). Default 5000 ms. */
  stalledIntervalMs?: number;
  /** How long a job's lock lasts without renewal: a killed worker's job is stalled after it. Default 10000 ms. */
  jobLockMs?: number;
  /** Hears the queue's own errors (Redis away); they never throw. */
  onError?: (error: Error) => void;
}

/**
 * The step queue on Redis through BullMQ: a job per (operation, step index), its id deduplicating repeats;
 * a decision goes to the head of the queue (LIFO); a job whose worker dies is handed to another by BullMQ's
 * stalled-job check; a failed job is retried with a short fixed backoff.
 */
export class BullStepQueue implements StepQueue {
  private readonly queue: Queue;
  private worker?: Worker;

  constructor(
    private readonly connection: RedisOptions,
    private readonly options: BullStepQueueOptions = {},
  ) {
    this.queue = new Queue(QUEUE_NAME, { connection: bullConnection(connection), prefix: options.prefix ?? 'synapse' });
    this.queue.on('error', (error) => options.onError?.(error));
  }

  async enqueue(job: StepJob, priority: 'decision' | 'step'): Promise<void> {
    await this.queue.add('step', job, {
      jobId: stepJobId(job),
      lifo: priority === 'decision',
      removeOnComplete: true,
      removeOnFail: 1000,
      // A busy lock or an unreachable store is worth retrying for a long while.
      attempts: 1000,
      backoff: { type: 'fixed', delay: 200 },
    });
  }

  work(handler: StepHandler, concurrency: number): void {
    const lockDuration = this.options.jobLockMs ?? 10_000;
    this.worker = new Worker<StepJob>(QUEUE_NAME, (job) => handler(job.data), {
      connection: bullConnection(this.connection),
      prefix: this.options.prefix ?? 'synapse',
      concurrency,
      lockDuration,
      stalledInterval: this.options.stalledIntervalMs ?? 5000,
      // A job is only ever stalled by a dead worker: hand it on however often that happens.
      maxStalledCount: 1000,
    });
    this.worker.on('error', (error) => this.options.onError?.(error));
  }

  /** Waits for running steps (at most `graceMs`), then lets go of the connections whatever state they are in. */
  async close(graceMs = 10_000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const graceful = Promise.all([this.worker?.close(), this.queue.close()]).then(() => true);
    const ended = await Promise.race([graceful, new Promise<false>((resolve) => (timer = setTimeout(resolve, graceMs, false)))]);
    clearTimeout(timer);
    if (!ended) await Promise.allSettled([this.worker?.disconnect(), this.queue.disconnect()]);
  }
}

/** ioredis options as BullMQ takes them (its own type spells retryStrategy's result differently); each class connects on its own. */
function bullConnection(options: RedisOptions): ConnectionOptions {
  return { ...options } as ConnectionOptions;
}
