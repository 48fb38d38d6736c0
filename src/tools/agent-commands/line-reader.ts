import { StringDecoder } from 'node:string_decoder';
import { EVERY_LINE } from '../security/line-count';
import type { OpenedFile } from '../security/workspace-files';

export const READ_LIMITS = {
  /** Longer lines are cut with a marker saying how much was left out. */
  lineChars: 2000,
  /** Output of one read; past it, the page ends early and says how to go on. */
  outputBytes: 96 * 1024,
  /** After the page is full, lines are still counted (for "of N") through at most this much more. */
  countBytes: 64 * 1024 * 1024,
  /** The page is read and decoded this much at a time. */
  chunkBytes: 64 * 1024,
  /** Lines before and after the page are counted where the file is, this much per call (cancellation is checked between calls). */
  scanBytes: 4 * 1024 * 1024,
};

/** A NUL byte in this much of the start makes a file binary. */
const BINARY_PROBE_BYTES = 8000;

/** A line as `cat -n` prints it: its number right-aligned in six columns, a tab, the text. */
export function numberedLine(number: number, text: string): string {
  return `${String(number).padStart(6)}\t${text}`;
}

/** A file that looks binary (a NUL byte near its start): nothing of it is shown. */
export interface BinaryPage {
  binary: true;
}

export interface LinePage {
  binary: false;
  /** Every line of the file shown from the first, none cut: `lines` are the whole file, as `cat -n` prints it. */
  complete: boolean;
  /** The lines shown, numbered, long ones cut. */
  lines: string[];
  /** The file's last byte is a newline (as far as it was read). */
  endsWithNewline: boolean;
  /** Lines counted; exact when totalKnown. */
  totalLines: number;
  totalKnown: boolean;
  /** Lines remain after the page. */
  more: boolean;
  /** The page ended early because the output cap was reached. */
  cappedBytes: boolean;
}

/** How far the file has been gone through: `line` is the number of the line that starts at `position`. */
interface Cursor {
  line: number;
  position: number;
  /** The last byte gone over, -1 before any. */
  lastByte: number;
  endOfFile: boolean;
}

/**
 * Reads one page of a file (bounded in lines, line length and bytes), numbered as `cat -n` numbers lines.
 * Only the page is decoded and kept: the lines before it are skipped and the lines after it counted in
 * bytes, where the file is (see OpenedFile.countLines), so memory stays small and a huge file's bytes do
 * not travel whatever its size or shape (one 3 MB line, a 10 GB log, an --offset past the end).
 */
export async function readLines(file: OpenedFile, { offset, limit, signal }: { offset: number; limit: number; signal: AbortSignal }): Promise<LinePage | BinaryPage> {
  const probe = Buffer.alloc(BINARY_PROBE_BYTES);
  const { bytesRead } = await file.read(probe, 0, probe.length, 0);
  if (probe.subarray(0, bytesRead).includes(0)) return { binary: true };
  const cursor: Cursor = { line: 1, position: 0, lastByte: -1, endOfFile: false };
  await advance(file, cursor, { until: offset, budget: Number.POSITIVE_INFINITY, signal });
  const page = await readPage(file, cursor, { limit, signal });
  const totalKnown = await advance(file, cursor, { until: EVERY_LINE, budget: READ_LIMITS.countBytes, signal });
  const endsWithNewline = cursor.lastByte === 10;
  // A last line without a newline is a line too.
  const totalLines = cursor.line - 1 + (cursor.lastByte === -1 || endsWithNewline ? 0 : 1);
  const last = offset - 1 + page.lines.length;
  const complete = offset === 1 && !page.cut && page.lines.length === totalLines;
  return { binary: false, complete, lines: page.lines, endsWithNewline, totalLines, totalKnown, more: last < totalLines, cappedBytes: page.cappedBytes };
}

/**
 * Moves the cursor over whole lines until line `until`, the end of the file, or past `budget` bytes; false
 * when the budget ran out first. Only counts cross from the file (a few megabytes' worth per call).
 */
async function advance(file: OpenedFile, cursor: Cursor, { until, budget, signal }: { until: number; budget: number; signal: AbortSignal }): Promise<boolean> {
  let scanned = 0;
  while (cursor.line < until && !cursor.endOfFile && !signal.aborted) {
    if (scanned > budget) return false;
    // One byte past the budget tells a file that ends exactly at it from one that goes on.
    const step = await file.countLines(cursor.position, until - cursor.line, Math.min(READ_LIMITS.scanBytes, budget + 1 - scanned));
    scanned += step.position - cursor.position;
    cursor.line += step.lines;
    cursor.position = step.position;
    if (step.lastByte !== -1) cursor.lastByte = step.lastByte;
    cursor.endOfFile = step.endOfFile;
  }
  return true;
}

/** Reads and decodes lines from the cursor until the page is full or the file ends; the cursor ends after the last line gone over. */
async function readPage(file: OpenedFile, cursor: Cursor, { limit, signal }: { limit: number; signal: AbortSignal }): Promise<{ lines: string[]; cut: boolean; cappedBytes: boolean }> {
  const decoder = new StringDecoder(); // UTF-8
  const buffer = Buffer.alloc(READ_LIMITS.chunkBytes);
  const lines: string[] = [];
  let current = '';
  let overflow = 0;
  let outputBytes = 0;
  let cappedBytes = false;
  let cut = false;

  const full = () => lines.length >= limit || cappedBytes;
  // A line's text is gathered cut at lineChars; what is left out is only counted.
  const append = (piece: string) => {
    const room = READ_LIMITS.lineChars - current.length; // never negative: current is never longer
    // Stryker disable next-line EqualityOperator: a piece that exactly fills the room is kept whole by either branch.
    if (piece.length <= room) current += piece;
    else {
      current += piece.slice(0, room);
      overflow += piece.length - room;
    }
  };
  const keep = () => {
    const text = numberedLine(cursor.line, overflow ? `${current}… [line cut: ${overflow} more characters]` : current);
    const size = Buffer.byteLength(text) + 1;
    // A cut line (at most lineChars characters) always fits an empty page: only a later line can overflow it.
    if (outputBytes + size > READ_LIMITS.outputBytes) cappedBytes = true;
    else {
      lines.push(text);
      outputBytes += size;
      if (overflow) cut = true;
    }
    current = '';
    overflow = 0;
  };

  while (!full() && !signal.aborted) {
    const { bytesRead } = await file.read(buffer, 0, buffer.length, cursor.position);
    if (!bytesRead) {
      cursor.endOfFile = true;
      append(decoder.end());
      // The last line, without a newline (read here, not skipped before the page: skipped, nothing is left of it).
      if (current) keep();
      break;
    }
    const chunk = buffer.subarray(0, bytesRead);
    const text = decoder.write(chunk);
    // The newlines of the text and the newline bytes of the chunk are the same, in order: UTF-8 has no
    // byte 10 inside a character. So a full page ends at a known byte, where the count goes on.
    let start = 0;
    let newlineByte = -1;
    for (let newline = text.indexOf('\n'); newline >= 0 && !full(); newline = text.indexOf('\n', start)) {
      append(text.slice(start, newline));
      keep();
      cursor.line++;
      newlineByte = chunk.indexOf(10, newlineByte + 1);
      start = newline + 1;
    }
    if (full()) {
      cursor.position += newlineByte + 1;
      cursor.lastByte = 10;
      break;
    }
    append(text.slice(start));
    cursor.position += bytesRead;
    cursor.lastByte = chunk[bytesRead - 1]!;
  }
  return { lines, cut, cappedBytes };
}
