import type { AgentState } from '../runtime';
import type { Decision, DecisionOutcome, OperationListQuery, OperationMeta, OperationPage, OperationRecord, StoredEvent } from './operation-types';

/**
 * Where operations live: the runtime's state, metadata, the step index and an append-only event log whose
 * ids strictly increase per operation. Two implementations: in process (embedded) and Redis. Every method
 * that changes more than one thing does it in one transaction. An operation that ended (done, error,
 * interrupted) is removed with its events and tool results after the store's retention period; one that
 * runs or waits for a person is kept.
 */
export interface OperationStore {
  /** Stores a new operation; it expires like an ended one until its first step is saved. */
  create(operationId: string, state: AgentState, meta: OperationMeta): Promise<void>;
  /** Removes the operation and everything of it (a creation that could not be completed). */
  remove(operationId: string): Promise<void>;
  load(operationId: string): Promise<OperationRecord | undefined>;
  /** The operations still kept, newest first, a page at a time (a removed one is never listed). */
  list(query: OperationListQuery): Promise<OperationPage>;
  /**
   * If the operation is still at `stepIndex`: saves the state, appends the events (ids continuing the log),
   * moves to the next index and, when `decisionApplied`, clears the decision. Returns false (and changes
   * nothing) when the index moved on: the job was stale. An ended state starts the retention period; any
   * other keeps the operation.
   */
  commit(operationId: string, stepIndex: number, state: AgentState, events: object[], decisionApplied: boolean): Promise<boolean>;
  /** Stores a decision if the operation is still at `stepIndex` and no decision is pending. */
  decide(operationId: string, stepIndex: number, decision: Decision): Promise<DecisionOutcome>;
  /** Logged events with an id above `afterId`, in order (at most `limit`). */
  events(operationId: string, afterId: number, limit?: number): Promise<StoredEvent[]>;
  /** Calls `onChange` when the operation may have new events; returns the unsubscribe. */
  watch(operationId: string, onChange: () => void): () => void;
  /** A tool result saved the moment the tool returned: a step run again returns it instead of running the tool. */
  saveToolResult(operationId: string, toolCallId: string, json: string): Promise<void>;
  loadToolResult(operationId: string, toolCallId: string): Promise<string | undefined>;
  /** The operation's lock: one step at a time. `ttlMs` bounds how long a dead holder blocks the others. */
  acquireLock(operationId: string, token: string, ttlMs: number): Promise<boolean>;
  /** Extends a lock still held by `token`; false when it was lost. */
  refreshLock(operationId: string, token: string, ttlMs: number): Promise<boolean>;
  releaseLock(operationId: string, token: string): Promise<void>;
  /** Resolves when the store can be used now (Redis answers); rejects with StoreUnavailableError when not. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
