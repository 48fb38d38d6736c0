import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Inputs kept across chats (newest last in the file). */
const KEPT = 500;

/**
 * The chat's input history, one JSON string per line (so a multi-line input stays one entry), shared by
 * every chat of this user. A missing or damaged file is an empty history, never an error: the history is
 * a convenience, and a broken line is skipped, not fatal.
 */
export class InputHistory {
  constructor(readonly path: string) {}

  /** Newest first, as readline wants them. */
  load(): string[] {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch {
      return [];
    }
    const entries = text.split('\n').flatMap((line) => {
      try {
        const entry: unknown = JSON.parse(line);
        return typeof entry === 'string' && entry.trim() ? [entry] : [];
      } catch {
        return [];
      }
    });
    if (entries.length > KEPT * 2) this.rewrite(entries.slice(-KEPT));
    return entries.slice(-KEPT).reverse();
  }

  add(entry: string): void {
    if (!entry.trim()) return;
    try {
      mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
      appendFileSync(this.path, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
    } catch {
      // a read-only home loses the history, not the chat
    }
  }

  private rewrite(entries: string[]): void {
    try {
      writeFileSync(this.path, entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''), { mode: 0o600 });
    } catch {
      // as in add
    }
  }
}
