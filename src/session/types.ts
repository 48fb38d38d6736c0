import type { Usage } from '../llm';

/** One model call's usage, as recorded in a session. */
export interface UsageRound {
  model: string;
  usage: Usage;
  /** ISO timestamp of when the round was recorded. */
  at: string;
}

/** Token usage of a session: running totals plus every recorded round, oldest first. */
export interface SessionUsage {
  total: Usage;
  rounds: readonly UsageRound[];
}

/** What a listing shows without loading a session's history. */
export interface SessionSummary {
  id: string;
  title: string | null;
  createdAt: string;
  updatedAt: string;
  messageCount: number;
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
  file: 'history.jsonl' | 'usage.jsonl' | 'index.json' | 'archive.jsonl' | 'pending-input.json';
  /** 1-based line number, for JSONL files. */
  line?: number;
  message: string;
  /** Where the line (or message) was moved, when a writer quarantined it (`history.quarantine.jsonl`). */
  quarantineFile?: string;
}
