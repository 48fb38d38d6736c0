import { join } from 'node:path';
import { syncDirectory, writeDurably } from './atomic-write';
import { sessionFileError } from './session-file-error';

/** What a session moved out of one of its files: kept beside it, never dropped. */
export interface QuarantineEntry {
  /** The file the bytes came from. */
  file: 'history.jsonl' | 'usage.jsonl';
  /** 1-based line number in that file when it was quarantined (absent for a message removed by the repair). */
  line?: number;
  reason: string;
  /** The line exactly as it was on disk: its UTF-8 text, or base64 when the bytes are not valid UTF-8. */
  raw: Buffer;
}

/** `history.jsonl` -> `history.quarantine.jsonl`. */
export function quarantineFileFor(file: QuarantineEntry['file']): string {
  // Stryker disable next-line Regex: file is history.jsonl or usage.jsonl, where ".jsonl" occurs only at the end
  return file.replace(/\.jsonl$/, '.quarantine.jsonl');
}

/**
 * Appends entries to `<dir>/<name>.quarantine.jsonl`, one JSON record each with the original bytes,
 * and flushes them to disk: only then may the caller remove those lines from the original file.
 */
export async function quarantine(dir: string, entries: readonly QuarantineEntry[]): Promise<void> {
  const byFile = new Map<string, string>();
  const at = new Date().toISOString();
  for (const entry of entries) {
    const path = join(dir, quarantineFileFor(entry.file));
    byFile.set(path, `${byFile.get(path) ?? ''}${JSON.stringify(toRecord(entry, at))}\n`);
  }
  for (const [path, text] of byFile) {
    try {
      await writeDurably(path, text, 'a');
    } catch (error) {
      throw sessionFileError(path, 'write', error);
    }
    await syncDirectory(dir); // the quarantine file may be new: flush its directory entry too
  }
}

function toRecord(entry: QuarantineEntry, at: string): Record<string, unknown> {
  const text = entry.raw.toString('utf8');
  const exact = Buffer.from(text).equals(entry.raw); // Buffer.from's encoding defaults to utf8
  return {
    file: entry.file,
    line: entry.line, // JSON.stringify leaves it out when undefined
    reason: entry.reason,
    quarantinedAt: at,
    ...(exact ? { text } : { base64: entry.raw.toString('base64') }),
  };
}

/** The original bytes of a quarantine record (the inverse of what `quarantine` writes). */
export function quarantinedBytes(record: { text?: string; base64?: string }): Buffer {
  return record.base64 !== undefined ? Buffer.from(record.base64, 'base64') : Buffer.from(record.text ?? ''); // utf8, the default
}
