import type { Usage } from '../llm';
import type { SessionOrigin } from './schemas';

export type { SessionOrigin };

/** One model call's usage, as recorded in a session. */
export interface UsageRound {
  model: string;
  usage: Usage;
  /** ISO timestamp of when the round was recorded. */
  at: string;
}

/** One model's share of a session's usage. */
export interface ModelUsage {
  usage: Usage;
  rounds: number;
}

/**
 * Token usage of a session: totals over every recorded round (overall and per model), and the most recent
 * rounds, oldest first (at most SYNAPSE_MAX_ROUNDS_KEPT; usage.jsonl keeps them all).
 */
export interface SessionUsage {
  total: Usage;
  /** Per model: every call's tokens added up, and how many calls. */
  byModel: Record<string, ModelUsage>;
  rounds: readonly UsageRound[];
  /** Every round recorded, including those no longer in `rounds`. */
  roundCount: number;
}

/** What a listing shows without loading a session's history. */
export interface SessionSummary {
  id: string;
  title: string | null;
  createdAt: string;
  updatedAt: string;
  messageCount: number;
  /** Tokens the session's model calls used (prompt + completion), as its index counts them. */
  totalTokens: number;
  /** Working directory, model and base URL it was held with; absent for sessions from before they were recorded. */
  origin?: SessionOrigin;
  /** Tokens per model, what a listing prices the session with; absent for sessions from before they were recorded. */
  usageByModel?: Record<string, ModelUsage>;
}

/** A directory entry `list` could not summarize, and why. */
export interface SkippedSessionEntry {
  entry: string;
  reason: string;
}

export interface SessionListing {
  sessions: SessionSummary[];
  skipped: SkippedSessionEntry[];
}

/** The size of a history as the model would see it. */
export interface ContextStats {
  messageCount: number;
  tokenCount: number;
  toolCallCount: number;
}

/** A problem met while loading a session; loading carries on without the offending part. */
export interface SessionLoadWarning {
  file: 'history.jsonl' | 'usage.jsonl' | 'index.json' | 'archive.jsonl' | 'pending-input.json' | 'pending-approval.json';
  /** 1-based line number, for JSONL files. */
  line?: number;
  message: string;
  /** Where the line (or message) was moved, when a writer quarantined it (`history.quarantine.jsonl`). */
  quarantineFile?: string;
}
