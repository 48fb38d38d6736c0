/**
 * Caps one stream of a command's output at `maxBytes` (UTF-8): the first and last halves are kept and the
 * middle is replaced by `[output truncated: N bytes omitted]`, as native output is. Every layer's output
 * (agent commands, sub-agents, MCP, skills) passes through it before it reaches history.
 */
export function boundOutput(text: string, maxBytes: number): string {
  if (text.length <= maxBytes / 4) return text; // at most 4 bytes a character: certainly within the cap
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return text;
  const half = Math.max(1, Math.floor(maxBytes / 2));
  const head = bytes
    .subarray(0, half)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
  const tail = bytes
    .subarray(bytes.length - half)
    .toString('utf8')
    .replace(/^\uFFFD/, '');
  return `${head}\n[output truncated: ${bytes.length - 2 * half} bytes omitted]\n${tail}`;
}
