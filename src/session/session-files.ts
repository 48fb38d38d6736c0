import { join } from 'node:path';

export const HISTORY_FILE = 'history.jsonl';
export const INDEX_FILE = 'index.json';
export const USAGE_FILE = 'usage.jsonl';
export const PENDING_APPROVAL_FILE = 'pending-approval.json';

/** Where one session's files live: `<sessionsDir>/<id>/{history.jsonl,index.json,usage.jsonl}`, and pending-approval.json while a run waits for one. */
export interface SessionFiles {
  dir: string;
  history: string;
  index: string;
  usage: string;
  pendingApproval: string;
}

export function sessionFiles(sessionsDir: string, id: string): SessionFiles {
  const dir = join(sessionsDir, id);
  return { dir, history: join(dir, HISTORY_FILE), index: join(dir, INDEX_FILE), usage: join(dir, USAGE_FILE), pendingApproval: join(dir, PENDING_APPROVAL_FILE) };
}
