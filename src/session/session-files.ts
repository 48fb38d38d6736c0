import { join } from 'node:path';

export const HISTORY_FILE = 'history.jsonl';
export const INDEX_FILE = 'index.json';
export const USAGE_FILE = 'usage.jsonl';
export const ARCHIVE_FILE = 'archive.jsonl';
export const PENDING_INPUT_FILE = 'pending-input.json';
export const PENDING_APPROVAL_FILE = 'pending-approval.json';
export const OFFLOAD_DIR = 'offload';

/**
 * Where one session's files live: `<sessionsDir>/<id>/` holds history.jsonl (the live history), index.json,
 * usage.jsonl, archive.jsonl (what left the live history verbatim), pending-input.json (a run's unanswered
 * input), pending-approval.json (a round that waits for a person's approval) and offload/ (tool results
 * moved out of the history).
 */
export interface SessionFiles {
  dir: string;
  history: string;
  index: string;
  usage: string;
  archive: string;
  pendingInput: string;
  pendingApproval: string;
  offload: string;
}

export function sessionFiles(sessionsDir: string, id: string): SessionFiles {
  const dir = join(sessionsDir, id);
  return {
    dir,
    history: join(dir, HISTORY_FILE),
    index: join(dir, INDEX_FILE),
    usage: join(dir, USAGE_FILE),
    archive: join(dir, ARCHIVE_FILE),
    pendingInput: join(dir, PENDING_INPUT_FILE),
    pendingApproval: join(dir, PENDING_APPROVAL_FILE),
    offload: join(dir, OFFLOAD_DIR),
  };
}
