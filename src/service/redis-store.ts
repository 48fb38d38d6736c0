import { Redis, type RedisOptions } from 'ioredis';
import type { AgentState } from '../runtime';
import type { OperationStore } from './operation-store';
import { encodeCursor } from './operation-index';
import {
  StoreUnavailableError,
  type Decision,
  type DecisionOutcome,
  type OperationListQuery,
  type OperationMeta,
  type OperationPage,
  type OperationRecord,
  type OperationSummary,
  type StoredEvent,
} from './operation-types';
import { COMMIT_STEP, CREATE_OPERATION, LIST_OPERATIONS, REFRESH_LOCK, RELEASE_LOCK, REMOVE_OPERATION, STORE_DECISION } from './redis-scripts';
import { DEFAULT_RETENTION_MS, keepFor } from './retention';

type Scripted = Redis & {
  createOperation(hash: string, ...args: string[]): Promise<string>;
  removeOperation(hash: string, stream: string, tools: string, lock: string, prefix: string): Promise<number>;
  listOperations(...args: string[]): Promise<string[]>;
  commitStep(hash: string, stream: string, tools: string, ...args: string[]): Promise<number>;
  storeDecision(hash: string, stream: string, tools: string, ...args: string[]): Promise<DecisionOutcome>;
  refreshLock(lock: string, token: string, ttl: string): Promise<number>;
  releaseLock(lock: string, token: string): Promise<number>;
};

/**
 * Operations in Redis: a hash per operation (state, metadata, step index, last event id, pending decision),
 * a stream of its events (ids `<n>-0`), a hash of saved tool results, a lock key, and a pub/sub channel that
 * wakes event streams; sorted sets list the operations by creation and status (see redis-scripts.ts). While Redis is unreachable every call fails at once with StoreUnavailableError.
 * An operation's hash, stream and tool results expire `retentionMs` after it ended (set in the transaction
 * that saves its end), so no sweeper is needed; its lock has a short expiry of its own.
 */
export class RedisOperationStore implements OperationStore {
  private readonly redis: Scripted;
  private subscriber?: Redis;
  private readonly watchers = new Map<string, Set<() => void>>();

  private constructor(
    private readonly options: RedisOptions,
    private readonly prefix: string,
    private readonly retentionMs: number,
  ) {
    this.redis = new Redis({ ...options, lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 }) as Scripted;
    this.redis.on('error', () => {}); // reported where a command fails
    this.redis.defineCommand('createOperation', { numberOfKeys: 1, lua: CREATE_OPERATION });
    this.redis.defineCommand('removeOperation', { numberOfKeys: 4, lua: REMOVE_OPERATION });
    this.redis.defineCommand('listOperations', { numberOfKeys: 0, lua: LIST_OPERATIONS });
    this.redis.defineCommand('commitStep', { numberOfKeys: 3, lua: COMMIT_STEP });
    this.redis.defineCommand('storeDecision', { numberOfKeys: 3, lua: STORE_DECISION });
    this.redis.defineCommand('refreshLock', { numberOfKeys: 1, lua: REFRESH_LOCK });
    this.redis.defineCommand('releaseLock', { numberOfKeys: 1, lua: RELEASE_LOCK });
  }

  /** Connects first, so a wrong URL is one clear error at start-up. */
  static async connect(options: RedisOptions, prefix = 'synapse:', retentionMs = DEFAULT_RETENTION_MS): Promise<RedisOperationStore> {
    const store = new RedisOperationStore(options, prefix, retentionMs);
    try {
      await store.redis.connect();
    } catch (error) {
      store.redis.disconnect();
      throw new StoreUnavailableError(`cannot reach Redis at ${options.host}:${options.port}: ${(error as Error).message}`);
    }
    return store;
  }

  private key(operationId: string, part = ''): string {
    return `${this.prefix}op:${operationId}${part}`;
  }

  /** The operation's data keys (its lock aside): what expires together. */
  private keys(operationId: string): [string, string, string] {
    return [this.key(operationId), this.key(operationId, ':events'), this.key(operationId, ':tools')];
  }

  async create(operationId: string, state: AgentState, meta: OperationMeta): Promise<void> {
    const summary = [state.status, String(state.stepCount), state.createdAt, state.lastModified];
    // Until its first step is saved the operation expires like an ended one: one whose step was never queued goes away.
    const args = [this.prefix, operationId, JSON.stringify(state), JSON.stringify(meta), ...summary, String(this.retentionMs)];
    await this.call(() => this.redis.createOperation(this.key(operationId), ...args));
  }

  async remove(operationId: string): Promise<void> {
    await this.call(() => this.redis.removeOperation(...this.keys(operationId), this.key(operationId, ':lock'), this.prefix));
  }

  async load(operationId: string): Promise<OperationRecord | undefined> {
    const fields = await this.call(() => this.redis.hgetall(this.key(operationId)));
    if (!fields.state) return undefined;
    return {
      operationId,
      state: JSON.parse(fields.state) as AgentState,
      meta: JSON.parse(fields.meta!) as OperationMeta,
      stepIndex: Number(fields.stepIndex),
      lastEventId: Number(fields.lastEventId),
      ...(fields.decision ? { decision: JSON.parse(fields.decision) as Decision } : {}),
    };
  }

  async commit(operationId: string, stepIndex: number, state: AgentState, events: object[], decisionApplied: boolean): Promise<boolean> {
    const ttl = String(keepFor(state.status, this.retentionMs) ?? 0);
    const summary = [this.prefix, state.status, String(state.stepCount), state.lastModified];
    const args = [String(stepIndex), JSON.stringify(state), decisionApplied ? '1' : '0', this.channel(operationId), ttl, ...summary, ...events.map((event) => JSON.stringify(event))];
    const last = await this.call(() => this.redis.commitStep(...this.keys(operationId), ...args));
    return last >= 0;
  }

  async decide(operationId: string, stepIndex: number, decision: Decision): Promise<DecisionOutcome> {
    return this.call(() => this.redis.storeDecision(...this.keys(operationId), String(stepIndex), JSON.stringify(decision), this.prefix));
  }

  async list(query: OperationListQuery): Promise<OperationPage> {
    const [next, ...fields] = await this.call(() => this.redis.listOperations(this.prefix, query.status ?? '', query.after ?? '', String(query.limit)));
    const operations: OperationSummary[] = [];
    for (let i = 0; i + 4 < fields.length; i += 5) {
      const [status, stepCount, createdAt, lastModified, entry] = fields.slice(i, i + 5) as [OperationSummary['status'], string, string, string, string];
      operations.push({ operationId: entry.slice(16), status, stepCount: Number(stepCount), createdAt, lastModified });
    }
    return { operations, ...(next ? { nextCursor: encodeCursor(next) } : {}) };
  }

  async events(operationId: string, afterId: number, limit = 1000): Promise<StoredEvent[]> {
    const entries = await this.call(() => this.redis.xrange(this.key(operationId, ':events'), `${afterId + 1}-0`, '+', 'COUNT', limit));
    return entries.map(([id, fields]) => {
      const data = JSON.parse(fields[1]!) as Record<string, unknown>;
      return { id: Number(id.split('-')[0]), type: String(data.type), data };
    });
  }

  watch(operationId: string, onChange: () => void): () => void {
    const channel = this.channel(operationId);
    let listeners = this.watchers.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.watchers.set(channel, listeners);
      this.subscriberConnection()
        .subscribe(channel)
        .catch(() => {}); // the event stream's heartbeat looks anyway
    }
    listeners.add(onChange);
    return () => {
      listeners.delete(onChange);
      if (listeners.size || this.watchers.get(channel) !== listeners) return;
      this.watchers.delete(channel);
      this.subscriber?.unsubscribe(channel).catch(() => {});
    };
  }

  async saveToolResult(operationId: string, toolCallId: string, json: string): Promise<void> {
    await this.call(() => this.redis.hset(this.key(operationId, ':tools'), toolCallId, json));
  }

  async loadToolResult(operationId: string, toolCallId: string): Promise<string | undefined> {
    return (await this.call(() => this.redis.hget(this.key(operationId, ':tools'), toolCallId))) ?? undefined;
  }

  async acquireLock(operationId: string, token: string, ttlMs: number): Promise<boolean> {
    return (await this.call(() => this.redis.set(this.key(operationId, ':lock'), token, 'PX', ttlMs, 'NX'))) === 'OK';
  }

  async refreshLock(operationId: string, token: string, ttlMs: number): Promise<boolean> {
    return (await this.call(() => this.redis.refreshLock(this.key(operationId, ':lock'), token, String(ttlMs)))) === 1;
  }

  async releaseLock(operationId: string, token: string): Promise<void> {
    await this.call(() => this.redis.releaseLock(this.key(operationId, ':lock'), token));
  }

  async ping(): Promise<void> {
    await this.call(() => this.redis.ping());
  }

  async close(): Promise<void> {
    this.watchers.clear();
    this.subscriber?.disconnect();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private channel(operationId: string): string {
    return `${this.prefix}events:${operationId}`;
  }

  private subscriberConnection(): Redis {
    if (this.subscriber) return this.subscriber;
    // Its own connection (a subscribed one can do nothing else), queueing while Redis is away: it resubscribes on reconnect.
    const subscriber = new Redis({ ...this.options, maxRetriesPerRequest: null });
    subscriber.on('error', () => {});
    subscriber.on('message', (channel: string) => {
      for (const listener of this.watchers.get(channel) ?? []) listener();
    });
    this.subscriber = subscriber;
    return subscriber;
  }

  /** A command; any failure of Redis itself becomes StoreUnavailableError, saying where Redis was. */
  private async call<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      throw new StoreUnavailableError(`Redis at ${this.options.host}:${this.options.port}: ${(error as Error).message}`);
    }
  }
}
