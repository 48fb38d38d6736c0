import { EventEmitter } from 'node:events';
import type { AgentState } from '../runtime';
import type { OperationStore } from './operation-store';
import { encodeCursor, indexEntry } from './operation-index';
import type { Decision, DecisionOutcome, OperationListQuery, OperationMeta, OperationPage, OperationRecord, StoredEvent } from './operation-types';
import { DEFAULT_RETENTION_MS, keepFor } from './retention';

interface Entry {
  /** Its place in the list (see operation-index.ts). */
  index: string;
  record: OperationRecord;
  events: StoredEvent[];
  toolResults: Map<string, string>;
}

/**
 * The embedded store: everything in this process's memory (JSON text, so what a reader gets is a copy).
 * Each method runs without an await in between, so each is a transaction. An ended operation is removed
 * `retentionMs` after it ended: every call first drops those whose time is up (no timer, no sweeper).
 */
export class MemoryOperationStore implements OperationStore {
  private readonly entries = new Map<string, Entry>();
  /** When each ended (or not yet started) operation goes: in the order they expire, one retention for all. */
  private readonly expiries = new Map<string, number>();
  private readonly locks = new Map<string, { token: string; until: number }>();
  private readonly changes = new EventEmitter().setMaxListeners(0);
  private created = 0;

  constructor(private readonly retentionMs = DEFAULT_RETENTION_MS) {}

  async create(operationId: string, state: AgentState, meta: OperationMeta): Promise<void> {
    this.created += 1;
    const index = indexEntry(this.created, operationId);
    this.entries.set(operationId, { index, record: copy({ operationId, state, meta, stepIndex: 0, lastEventId: 0 }), events: [], toolResults: new Map() });
    // Until its first step is saved it expires like an ended one: one whose step was never queued goes away.
    this.retain(operationId, this.retentionMs);
  }

  async remove(operationId: string): Promise<void> {
    this.drop(operationId);
  }

  async load(operationId: string): Promise<OperationRecord | undefined> {
    const entry = this.entry(operationId);
    return entry && copy(entry.record);
  }

  async list(query: OperationListQuery): Promise<OperationPage> {
    this.dropExpired();
    // A Map keeps insertion order, and an operation is inserted once, when created: reversed, newest first.
    const matching = [...this.entries.values()].reverse().filter((entry) => (!query.status || entry.record.state.status === query.status) && (!query.after || entry.index < query.after));
    const page = matching.slice(0, query.limit);
    const operations = page.map(({ record: { operationId, state } }) => ({
      operationId,
      status: state.status,
      stepCount: state.stepCount,
      createdAt: state.createdAt,
      lastModified: state.lastModified,
    }));
    return { operations, ...(matching.length > query.limit ? { nextCursor: encodeCursor(page.at(-1)!.index) } : {}) };
  }

  async commit(operationId: string, stepIndex: number, state: AgentState, events: object[], decisionApplied: boolean): Promise<boolean> {
    const entry = this.entry(operationId);
    if (!entry || entry.record.stepIndex !== stepIndex) return false;
    const record = entry.record;
    for (const event of events) {
      record.lastEventId += 1;
      const data = copy(event) as Record<string, unknown>;
      entry.events.push({ id: record.lastEventId, type: String(data.type), data });
    }
    record.state = copy(state);
    record.stepIndex += 1;
    if (decisionApplied) delete record.decision;
    this.retain(operationId, keepFor(state.status, this.retentionMs));
    this.changes.emit(operationId);
    return true;
  }

  async decide(operationId: string, stepIndex: number, decision: Decision): Promise<DecisionOutcome> {
    const record = this.entry(operationId)?.record;
    if (!record) return 'missing';
    if (record.stepIndex !== stepIndex) return 'stale';
    if (record.decision) return 'pending';
    record.decision = copy(decision);
    this.retain(operationId, undefined); // a resume: kept until it ends again
    return 'stored';
  }

  async events(operationId: string, afterId: number, limit = Number.POSITIVE_INFINITY): Promise<StoredEvent[]> {
    const events = this.entry(operationId)?.events ?? [];
    // Ids are 1, 2, 3...: event n sits at index n - 1.
    return copy(events.slice(Math.max(0, afterId), Math.max(0, afterId) + limit));
  }

  watch(operationId: string, onChange: () => void): () => void {
    this.changes.on(operationId, onChange);
    return () => this.changes.off(operationId, onChange);
  }

  async saveToolResult(operationId: string, toolCallId: string, json: string): Promise<void> {
    this.entry(operationId)?.toolResults.set(toolCallId, json);
  }

  async loadToolResult(operationId: string, toolCallId: string): Promise<string | undefined> {
    return this.entry(operationId)?.toolResults.get(toolCallId);
  }

  async acquireLock(operationId: string, token: string, ttlMs: number): Promise<boolean> {
    const held = this.locks.get(operationId);
    if (held && held.token !== token && held.until > Date.now()) return false;
    this.locks.set(operationId, { token, until: Date.now() + ttlMs });
    return true;
  }

  async refreshLock(operationId: string, token: string, ttlMs: number): Promise<boolean> {
    const held = this.locks.get(operationId);
    if (held?.token !== token) return false;
    held.until = Date.now() + ttlMs;
    return true;
  }

  async releaseLock(operationId: string, token: string): Promise<void> {
    if (this.locks.get(operationId)?.token === token) this.locks.delete(operationId);
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    this.changes.removeAllListeners();
  }

  /** The operation, after the operations whose time is up were removed. */
  private entry(operationId: string): Entry | undefined {
    this.dropExpired();
    return this.entries.get(operationId);
  }

  private dropExpired(): void {
    const now = Date.now();
    for (const [id, until] of this.expiries) {
      if (until > now) break;
      this.drop(id);
    }
  }

  private drop(operationId: string): void {
    this.entries.delete(operationId);
    this.expiries.delete(operationId);
    this.locks.delete(operationId);
  }

  /** Removed `ttlMs` from now, or kept (undefined). Re-inserted, so `expiries` stays in expiry order. */
  private retain(operationId: string, ttlMs: number | undefined): void {
    this.expiries.delete(operationId);
    if (ttlMs !== undefined) this.expiries.set(operationId, Date.now() + ttlMs);
  }
}

function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
