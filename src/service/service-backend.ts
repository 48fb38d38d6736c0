import type { BullStepQueueOptions } from './bullmq-queue';
import { MemoryStepQueue } from './memory-queue';
import { MemoryOperationStore } from './memory-store';
import type { OperationStore } from './operation-store';
import { redisOptionsFromUrl } from './redis-options';
import type { StepQueue } from './step-queue';

export interface BackendOptions extends BullStepQueueOptions {
  /** Redis for the store and the queue; without it, both live in this process (embedded). */
  redisUrl?: string;
  /** How long an ended operation stays before the store removes it. Default 7 days. */
  retentionMs?: number;
}

export interface ServiceBackend {
  kind: 'embedded' | 'redis';
  store: OperationStore;
  queue: StepQueue;
}

/** The store and step queue: in process by default, on Redis (hashes, streams, BullMQ) with `redisUrl`. */
export async function connectBackend(options: BackendOptions = {}): Promise<ServiceBackend> {
  if (!options.redisUrl) return { kind: 'embedded', store: new MemoryOperationStore(options.retentionMs), queue: new MemoryStepQueue() };
  const connection = redisOptionsFromUrl(options.redisUrl);
  // Loaded only for Redis: the embedded service starts without BullMQ and ioredis.
  const { RedisOperationStore } = require('./redis-store') as typeof import('./redis-store');
  const { BullStepQueue } = require('./bullmq-queue') as typeof import('./bullmq-queue');
  const store = await RedisOperationStore.connect(connection, `${options.prefix ?? 'synapse'}:`, options.retentionMs);
  return { kind: 'redis', store, queue: new BullStepQueue(connection, options) };
}
