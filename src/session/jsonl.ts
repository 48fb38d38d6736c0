import type { z } from 'zod';

/** A record read from a JSONL file, with where it sits in the file. */
export interface JsonLine<T> {
  value: T;
  /** 1-based line number. */
  line: number;
  /** Byte offset just past this line's newline (or the end of the file, for an unterminated last line). */
  endOffset: number;
  /** The line's bytes (a view into the file's buffer), its newline excluded. */
  raw: Buffer;
}

export interface JsonLineProblem {
  line: number;
  message: string;
  /** The line's bytes as they are on disk (its newline excluded), so they can be quarantined exactly. */
  raw: Buffer;
}

export interface ParsedJsonLines<T> {
  records: JsonLine<T>[];
  problems: JsonLineProblem[];
  /** False when the file ends in an unterminated line: the next append must start a new line first. */
  endsWithNewline: boolean;
}

const NEWLINE = 0x0a;

/**
 * Parses JSONL leniently: a line that is not JSON or not what the schema expects is reported and skipped,
 * never fatal. Works on bytes so each record's end offset is exact.
 */
export function parseJsonLines<T>(buffer: Buffer, schema: z.ZodType<T>, recordName: string): ParsedJsonLines<T> {
  const records: JsonLine<T>[] = [];
  const problems: JsonLineProblem[] = [];
  let start = 0;
  let line = 0;
  while (start < buffer.length) {
    line += 1;
    const newline = buffer.indexOf(NEWLINE, start);
    const end = newline === -1 ? buffer.length : newline;
    const endOffset = newline === -1 ? buffer.length : newline + 1;
    const raw = buffer.subarray(start, end);
    const text = raw.toString('utf8').trim();
    start = endOffset;
    if (text === '') continue;

    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      problems.push({
        line,
        raw,
        message: newline === -1 ? 'skipped an incomplete last line (a write was cut off, e.g. by a crash)' : 'skipped a line that is not valid JSON (corrupt, or cut off by an earlier crash)',
      });
      continue;
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      problems.push({ line, raw, message: `skipped a line that is not a valid ${recordName}: ${describeIssue(parsed.error)}` });
      continue;
    }
    records.push({ value: parsed.data, line, endOffset, raw });
  }
  return { records, problems, endsWithNewline: buffer.length === 0 || buffer[buffer.length - 1] === NEWLINE };
}

export function toJsonLines(values: readonly unknown[]): string {
  let text = '';
  for (const value of values) text += `${JSON.stringify(value)}\n`;
  return text;
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0]!; // a failed parse always has an issue
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}
