import { open } from 'node:fs/promises';
import type { ChatMessage } from '../llm';
import { appendDurably } from './atomic-write';
import { parseJsonLines } from './jsonl';
import { readIfPresent } from './read-if-present';
import { persistedMessageSchema } from './schemas';
import { sessionFileError } from './session-file-error';
import type { SessionLoadWarning } from './types';

const NEWLINE = 0x0a;

/**
 * archive.jsonl: every message that left the live history verbatim (compacted, offloaded, cleared), in
 * the order they were said, one a line. Append-only. Lines past the committed count are a write a crash
 * cut short before the live history changed (those messages are still there): they are cut off before
 * the next append, and never shown.
 */
export class SessionArchive {
  /** Whether lines past the committed count have been looked for (and cut off) in this process. */
  private trimmed = false;

  constructor(readonly path: string) {}

  /** Appends `messages` durably after the first `committed` lines (what is past them is a cut-short write). */
  async append(messages: readonly ChatMessage[], committed: number): Promise<void> {
    if (!this.trimmed) {
      await this.trimTo(committed);
      this.trimmed = true;
    }
    await appendDurably(this.path, messages.map((message) => `${JSON.stringify(message)}\n`).join(''));
  }

  /** The first `committed` messages; damaged lines are skipped and reported. */
  async read(committed: number): Promise<{ messages: ChatMessage[]; warnings: SessionLoadWarning[] }> {
    if (committed === 0) return { messages: [], warnings: [] };
    const buffer = await readIfPresent(this.path);
    const lines = buffer ? completeLines(buffer).slice(0, committed) : [];
    const parsed = parseJsonLines(Buffer.concat(lines.map((line) => Buffer.concat([line, Buffer.from('\n')]))), persistedMessageSchema, 'chat message');
    const warnings: SessionLoadWarning[] = parsed.problems.map(({ line, message }) => ({ file: 'archive.jsonl', line, message }));
    if (lines.length < committed) warnings.push({ file: 'archive.jsonl', message: `holds ${lines.length} of the ${committed} archived messages the session counts` });
    return { messages: parsed.records.map((record) => record.value as ChatMessage), warnings };
  }

  private async trimTo(committed: number): Promise<void> {
    const buffer = await readIfPresent(this.path);
    if (!buffer) return;
    let end = 0;
    for (let line = 0; line < committed; line++) {
      const newline = buffer.indexOf(NEWLINE, end);
      if (newline === -1) return; // fewer lines than counted: nothing past them to cut
      end = newline + 1;
    }
    if (end === buffer.length) return;
    try {
      const handle = await open(this.path, 'r+');
      try {
        await handle.truncate(end);
        await handle.sync();
      } finally {
        await handle.close();
      }
    } catch (error) {
      throw sessionFileError(this.path, 'write', error);
    }
  }
}

/** The file's newline-terminated lines (an unterminated last line is a cut-short write, not a line). */
function completeLines(buffer: Buffer): Buffer[] {
  const lines: Buffer[] = [];
  let start = 0;
  for (let newline = buffer.indexOf(NEWLINE); newline !== -1; newline = buffer.indexOf(NEWLINE, start)) {
    lines.push(buffer.subarray(start, newline));
    start = newline + 1;
  }
  return lines;
}

/** How many messages the archive holds for sure: the largest count a live message carries, or the index's. */
export function committedArchiveCount(messages: readonly ChatMessage[], fromIndex = 0): number {
  let count = fromIndex;
  for (const message of messages) if ((message.meta?.archived ?? 0) > count) count = message.meta!.archived!;
  return count;
}
