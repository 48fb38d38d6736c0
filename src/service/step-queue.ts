import type { StepJob } from './operation-types';

/** What runs a step job; a job whose handler rejects is tried again later. */
export type StepHandler = (job: StepJob) => Promise<void>;

/**
 * The step queue: at-least-once delivery of step jobs to workers. A job is identified by its operation and
 * step index, so enqueueing one that is already waiting or running adds nothing. Decisions go first.
 */
export interface StepQueue {
  enqueue(job: StepJob, priority: 'decision' | 'step'): Promise<void>;
  /** Starts taking jobs: `concurrency` at a time in this process. */
  work(handler: StepHandler, concurrency: number): void;
  /** Stops taking jobs, waits for those running, and lets go of connections. */
  close(): Promise<void>;
}

export function stepJobId(job: StepJob): string {
  return `${job.operationId}.${job.stepIndex}`;
}
