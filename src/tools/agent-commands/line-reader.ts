import { StringDecoder } from 'node:string_decoder';
import type { OpenedFile } from '../security/workspace-files';

export const READ_LIMITS = {
  /** Longer lines are cut with a marker saying how much was left out. */
  lineChars: 2000,
  /** Output of one read; past it, the page ends early and says how to go on. */
  outputBytes: 96 * 1024,
  /** After the page is full, lines are still counted (for "of N") through at most this much more. */
  countBytes: 64 * 1024 * 1024,
  chunkBytes: 64 * 1024,
};

/** A file that looks binary (a NUL byte near its start): nothing of it is shown. */
export interface BinaryPage {
  binary: true;
}

export interface LinePage {
  binary: false;
  /** The whole file fitted, untouched: `text` is its exact content. */
  complete: boolean;
  /** The lines shown, joined, with the file's final newline if it has one. */
  text: string;
  /** The lines shown, long ones cut. */
  lines: string[];
  /** Lines counted; exact when totalKnown. */
  totalLines: number;
  totalKnown: boolean;
  /** Lines remain after the page. */
  more: boolean;
  /** The page ended early because the output cap was reached. */
  cappedBytes: boolean;
}

/**
 * Streams a file and keeps only the page asked for (bounded in lines, line length and bytes), never the
 * whole file: memory stays small whatever the file's size or shape (one 3 MB line, a 10 GB log).
 */
export async function readLines(handle: OpenedFile, { offset, limit, signal }: { offset: number; limit: number; signal: AbortSignal }): Promise<LinePage | BinaryPage> {
  const decoder = new StringDecoder(); // UTF-8
  const buffer = Buffer.alloc(READ_LIMITS.chunkBytes);
  const lines: string[] = [];
  let lineNumber = 1;
  let current = '';
  let overflow = 0;
  let outputBytes = 0;
  let cappedBytes = false;
  let cutAny = false;
  let position = 0;
  let countedFrom: number | undefined;
  let lastByte = -1;
  let totalKnown = true;

  const collecting = () => lines.length < limit && !cappedBytes;
  const keep = () => lineNumber >= offset && collecting();
  // Every line's text is gathered (cut at lineChars); endLine drops it with the line unless the line is kept.
  const append = (piece: string) => {
    const room = READ_LIMITS.lineChars - current.length; // never negative: current is never longer
    // Stryker disable next-line EqualityOperator: a piece that exactly fills the room is kept whole by either branch.
    if (piece.length <= room) current += piece;
    else {
      current += piece.slice(0, room);
      overflow += piece.length - room;
    }
  };
  const endLine = () => {
    if (keep()) {
      const text = overflow ? `${current}… [line cut: ${overflow} more characters]` : current;
      const size = Buffer.byteLength(text) + 1;
      // A cut line (at most lineChars characters) always fits an empty page: only a later line can overflow it.
      if (outputBytes + size > READ_LIMITS.outputBytes) cappedBytes = true;
      else {
        lines.push(text);
        outputBytes += size;
        if (overflow) cutAny = true;
      }
    }
    lineNumber++;
    current = '';
    overflow = 0;
  };

  for (;;) {
    if (signal.aborted) break;
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
    if (!bytesRead) break;
    const chunk = buffer.subarray(0, bytesRead);
    if (position === 0 && chunk.subarray(0, 8000).includes(0)) return { binary: true };
    position += bytesRead;
    lastByte = chunk[bytesRead - 1];
    // Before the offset nothing is collected yet, so collecting() holds there too.
    if (collecting()) {
      const pieces = decoder.write(chunk).split('\n');
      for (let i = 0; i < pieces.length - 1; i++) {
        append(pieces[i]);
        endLine();
      }
      append(pieces[pieces.length - 1]);
    } else {
      // The page is full: only count what is left, without decoding it.
      countedFrom ??= position - bytesRead;
      for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) lineNumber++;
      if (position - countedFrom > READ_LIMITS.countBytes) {
        totalKnown = false;
        break;
      }
    }
  }
  append(decoder.end());
  // A last line without a newline (text kept in `current` always means one: the last byte is not a newline).
  if (lastByte !== -1 && lastByte !== 10) endLine();
  const totalLines = lineNumber - 1;
  // Every line counted was shown, uncut. (Skipped, capped or uncounted lines all make totalLines larger.)
  const shownAll = !cutAny && lines.length === totalLines;
  const text = lines.join('\n') + (lastByte === 10 ? '\n' : '');
  const last = offset - 1 + lines.length;
  return { binary: false, complete: shownAll, text, lines, totalLines, totalKnown, more: last < totalLines, cappedBytes };
}
