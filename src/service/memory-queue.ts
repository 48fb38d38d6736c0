import { setTimeout as sleep } from 'node:timers/promises';
import type { StepJob } from './operation-types';
import { stepJobId, type StepHandler, type StepQueue } from './step-queue';

/** The embedded step queue: in this process, decisions first, a failed job retried after `retryDelayMs`. */
export class MemoryStepQueue implements StepQueue {
  private readonly decisions: StepJob[] = [];
  private readonly steps: StepJob[] = [];
  /** Jobs waiting or running, by id: enqueueing one of them again adds nothing. */
  private readonly known = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  private handler?: StepHandler;
  private concurrency = 0;
  private closed = false;

  constructor(private readonly retryDelayMs = 50) {}

  async enqueue(job: StepJob, priority: 'decision' | 'step'): Promise<void> {
    const id = stepJobId(job);
    if (this.closed || this.known.has(id)) return;
    this.known.add(id);
    (priority === 'decision' ? this.decisions : this.steps).push({ ...job });
    this.pump();
  }

  work(handler: StepHandler, concurrency: number): void {
    this.handler = handler;
    this.concurrency = concurrency;
    this.pump();
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.running);
  }

  private pump(): void {
    while (this.handler && !this.closed && this.running.size < this.concurrency) {
      const job = this.decisions.shift() ?? this.steps.shift();
      if (!job) return;
      const done = this.run(this.handler, job).finally(() => {
        this.running.delete(done);
        this.pump();
      });
      this.running.add(done);
    }
  }

  private async run(handler: StepHandler, job: StepJob): Promise<void> {
    const id = stepJobId(job);
    // Each job starts on a new turn of the event loop: in-memory steps settle in microtasks alone, and a
    // queue that never gave way would starve the HTTP API (and event streams) of the same process.
    await new Promise(setImmediate);
    try {
      await handler(job);
      this.known.delete(id);
    } catch {
      // At least once: the job comes back after a pause (a busy lock, an unreachable store).
      await sleep(this.retryDelayMs);
      if (this.closed) return;
      this.steps.push(job);
    }
  }
}
