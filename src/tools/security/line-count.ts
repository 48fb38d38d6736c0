import { readSync } from 'node:fs';

/** What a scan for line ends found (see countLineEnds). */
export interface LineCount {
  /** Newlines counted. */
  lines: number;
  /** Where the scan stopped: just after the newline that reached `stopAfter`, else after the last byte scanned. */
  position: number;
  /** The last byte scanned, -1 when none was (a last line without a newline leaves one that is not 10). */
  lastByte: number;
  /** The scan reached the end of the file. */
  endOfFile: boolean;
}

/** A count that stops only at the end of the file or of the bytes allowed. */
export const EVERY_LINE = Number.MAX_SAFE_INTEGER;

const SCAN_CHUNK = 1024 * 1024;

/**
 * Counts newlines in an open file from `position`, in bytes (never decoded, nothing kept), until the
 * `stopAfter`th, the end of the file, or `maxBytes` scanned. Synchronous like the rest of LocalFiles and
 * bounded by `maxBytes`: a caller goes through a huge file a few megabytes a call, checking for
 * cancellation between calls. Run by the sandboxed helper, only the count crosses to the caller.
 */
export function countLineEnds(fd: number, position: number, stopAfter: number, maxBytes: number): LineCount {
  const buffer = Buffer.allocUnsafe(Math.max(1, Math.min(maxBytes, SCAN_CHUNK)));
  let lines = 0;
  let scanned = 0;
  let lastByte = -1;
  while (scanned < maxBytes) {
    const read = readSync(fd, buffer, 0, Math.min(buffer.length, maxBytes - scanned), position + scanned);
    if (!read) return { lines, position: position + scanned, lastByte, endOfFile: true };
    const chunk = buffer.subarray(0, read);
    for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) {
      if (++lines === stopAfter) return { lines, position: position + scanned + at + 1, lastByte: 10, endOfFile: false };
    }
    scanned += read;
    lastByte = chunk[read - 1]!;
  }
  return { lines, position: position + scanned, lastByte, endOfFile: false };
}
