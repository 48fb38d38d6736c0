import type { Random } from './random';

/** A session's three files as the damage leaves them: bytes, gone, or a directory in the file's place. */
export type Files = Record<'history.jsonl' | 'usage.jsonl' | 'index.json', Buffer | 'missing' | 'directory'>;

export function splitLines(buffer: Buffer): Buffer[] {
  const lines: Buffer[] = [];
  let start = 0;
  while (start < buffer.length) {
    const newline = buffer.indexOf(0x0a, start);
    const end = newline === -1 ? buffer.length : newline;
    lines.push(buffer.subarray(start, end));
    start = end + 1;
  }
  return lines;
}

const NOT_MESSAGES = ['{"role":"robot","content":"hi"}', '[]', '42', '"text"', 'null', '{"role":"user"}', '{"role":"tool","content":"x"}', '{}'];
const BROKEN_ROUNDS = [
  '{"role":"tool","tool_call_id":"call_9","content":"orphan"}',
  '{"role":"assistant","content":null,"tool_calls":[{"id":"call_x","type":"function","function":{"name":"Bash","arguments":"ls"}}]}',
  '{"role":"assistant","content":"dup","tool_calls":[{"id":"d","type":"function","function":{"name":"Bash","arguments":"{}"}},{"id":"d","type":"function","function":{"name":"Bash","arguments":"{}"}}]}',
  '{"role":"assistant","content":"open","tool_calls":[{"id":"call_open","type":"function","function":{"name":"Bash","arguments":"{\\"command\\":\\"sleep 9\\"}"}}]}',
];

/** Applies one random damage to the files; returns its name. */
export function damage(files: Files, r: Random): string {
  const history = files['history.jsonl'];
  const kind = r.int(0, 15);
  if (!Buffer.isBuffer(history) && (kind < 10 || kind > 13)) return 'none (history already gone)';
  const h = history as Buffer;
  const lines = () => splitLines(h);
  const join = (parts: Buffer[]) => Buffer.concat(parts.flatMap((part, i) => (i ? [Buffer.from('\n'), part] : [part])));
  const lineAt = (ls: Buffer[]) => r.int(0, Math.max(0, ls.length - 1));
  switch (kind) {
    case 0:
      files['history.jsonl'] = h.subarray(0, r.int(0, h.length));
      return 'truncated history';
    case 1: {
      const copy = Buffer.from(h);
      for (let n = r.int(1, 4); n > 0 && copy.length; n--) copy[r.int(0, copy.length - 1)] = r.int(0, 255);
      files['history.jsonl'] = copy;
      return 'flipped bytes';
    }
    case 2: {
      const ls = lines();
      ls.splice(lineAt(ls), 0, Buffer.from(Array.from({ length: r.int(1, 40) }, () => r.int(0, 255)).filter((b) => b !== 0x0a)));
      files['history.jsonl'] = join(ls);
      return 'garbage line';
    }
    case 3: {
      const ls = lines();
      ls.splice(lineAt(ls), 1);
      files['history.jsonl'] = join(ls);
      return 'deleted line';
    }
    case 4: {
      const ls = lines();
      const at = lineAt(ls);
      ls.splice(at, 0, ls[at] ?? Buffer.alloc(0));
      files['history.jsonl'] = join(ls);
      return 'duplicated line';
    }
    case 5: {
      const ls = lines();
      if (ls.length < 2) return 'none (too few lines to swap)';
      const [a, b] = [lineAt(ls), lineAt(ls)];
      [ls[a], ls[b]] = [ls[b]!, ls[a]!];
      files['history.jsonl'] = join(ls);
      return 'swapped lines';
    }
    case 6: {
      const ls = lines();
      ls.splice(lineAt(ls), ls.length ? 1 : 0, Buffer.from(r.pick(NOT_MESSAGES)));
      files['history.jsonl'] = join(ls);
      return 'JSON that is not a message';
    }
    case 7: {
      const ls = lines();
      ls.splice(r.int(0, ls.length), 0, Buffer.from(r.pick(BROKEN_ROUNDS)));
      files['history.jsonl'] = join(ls);
      return 'broken tool-call round';
    }
    case 8:
      files['history.jsonl'] = Buffer.from(h.toString('utf8').replace(/\n/g, '\r\n'));
      return 'CRLF line ends';
    case 9:
      files['history.jsonl'] = Buffer.concat([h, Buffer.from('{"role":"assistant","content":"cut of')]);
      return 'torn last line';
    case 10:
      files['index.json'] = r.pick([Buffer.from(''), Buffer.from('{"version":1,'), Buffer.from('{"version":9}'), 'missing' as const]);
      return 'damaged index';
    case 11: {
      const usage = files['usage.jsonl'];
      if (Buffer.isBuffer(usage)) files['usage.jsonl'] = Buffer.concat([usage.subarray(0, r.int(0, usage.length)), Buffer.from('\n{"model":\n')]);
      return 'damaged usage';
    }
    case 12:
      files['history.jsonl'] = r.chance(0.5) ? Buffer.alloc(0) : 'missing';
      return 'empty or missing history';
    case 13:
      if (r.chance(0.3)) {
        files[r.pick(['history.jsonl', 'usage.jsonl', 'index.json'] as const)] = 'directory';
        return 'a directory where a file should be';
      }
      return 'none';
    default: {
      const ls = lines();
      ls.splice(lineAt(ls), 0, Buffer.from([0xef, 0xbb, 0xbf, 0xc3, 0x28, 0xa0, 0xa1]));
      files['history.jsonl'] = join(ls);
      return 'bytes that are not UTF-8';
    }
  }
}
