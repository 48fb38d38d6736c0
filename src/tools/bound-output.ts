import { leadingContinuationBytes, wholeCharactersLength } from './utf8-cut';

/**
 * Caps one stream of a command's output at `maxBytes` (UTF-8): the first and last halves are kept and the
 * middle is replaced by `[output truncated: N bytes omitted]`, as native output is. Every layer's output
 * (agent commands, sub-agents, MCP, skills) passes through it before it reaches history. The cuts never
 * split a character: one straddling a cut goes with the omitted middle, and N counts it.
 */
export function boundOutput(text: string, maxBytes: number): string {
  if (text.length <= maxBytes / 4) return text; // at most 4 bytes a character: certainly within the cap
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return text;
  const half = Math.max(1, Math.floor(maxBytes / 2));
  const headEnd = wholeCharactersLength(bytes.subarray(0, half));
  const tailStart = bytes.length - half + leadingContinuationBytes(bytes.subarray(bytes.length - half));
  const head = bytes.subarray(0, headEnd).toString('utf8');
  const tail = bytes.subarray(tailStart).toString('utf8');
  return `${head}\n[output truncated: ${tailStart - headEnd} bytes omitted]\n${tail}`;
}
