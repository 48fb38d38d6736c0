import type { AgentState, AgentStatus } from '../runtime';

/** What an operation was created with, besides its state. */
export interface OperationMeta {
  /** The model its agent asks (the service's default when absent). */
  model?: string;
  /** Tool calls run without a human's approval. */
  autoApprove: boolean;
  createdAt: string;
}

/** A human's decision (or an interrupt), waiting to be applied by the next step job. */
export type Decision =
  | { kind: 'approve'; toolCallId: string }
  | { kind: 'reject'; toolCallId: string; reason?: string }
  | { kind: 'answer'; text: string }
  | { kind: 'select'; values: string[] }
  | { kind: 'interrupt'; reason: string }
  | { kind: 'resume' };

/** One operation as stored: its state, what it was created with, its step index and what waits to be applied. */
export interface OperationRecord {
  operationId: string;
  state: AgentState;
  meta: OperationMeta;
  /** The index of the next step job: a job whose index differs is stale and does nothing. */
  stepIndex: number;
  /** The id of the last event logged (0 when none): ids are 1, 2, 3... per operation. */
  lastEventId: number;
  decision?: Decision;
}

/** An event as logged: its id in the operation's log, its type, the event itself as JSON. */
export interface StoredEvent {
  id: number;
  type: string;
  data: Record<string, unknown>;
}

/** A job of the step queue: step `stepIndex` of an operation. */
export interface StepJob {
  operationId: string;
  stepIndex: number;
}

/** An operation as the list shows it: what it is doing, not its conversation. */
export interface OperationSummary {
  operationId: string;
  status: AgentStatus;
  stepCount: number;
  createdAt: string;
  lastModified: string;
}

/** Which operations a page lists: newest first, `limit` of them, those created before the entry `after`. */
export interface OperationListQuery {
  status?: AgentStatus;
  limit: number;
  /** The index entry the previous page ended at (see operation-index.ts). */
  after?: string;
}

export interface OperationPage {
  operations: OperationSummary[];
  /** Where the next page starts, when there may be one. */
  nextCursor?: string;
}

/** Why a decision was not stored. */
export type DecisionOutcome = 'stored' | 'stale' | 'pending' | 'missing';

/** A store the backend cannot reach right now (Redis down): the API answers 503, a step job is retried. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
}
