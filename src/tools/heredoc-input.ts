export interface HeredocInput {
  /** The arguments before `<<`. */
  head: string;
  /** The body, each line ending in a newline, as bash would pass it. */
  body: string;
}

/**
 * Parses the heredoc form of an agent command's arguments: `<args> <<'EOF'` (or <<EOF, <<"EOF"), the body
 * lines, then a line holding only the delimiter. The body is always literal (nothing is expanded).
 * Returns undefined when the text is not in heredoc form; throws for an unterminated heredoc.
 */
export function parseHeredoc(text: string): HeredocInput | undefined {
  const opening = /^([^\n]*?)<<-?[ \t]*(['"]?)([A-Za-z_][\w.-]*)\2[ \t]*\n/.exec(text);
  if (!opening) return undefined;
  const [, head, , delimiter] = opening;
  const lines = text.slice(opening[0].length).split('\n');
  const end = lines.findIndex((line) => line.trimEnd() === delimiter);
  if (end < 0) throw new Error(`Unterminated heredoc: expected a line holding only ${delimiter}`);
  if (lines.slice(end + 1).some((line) => line.trim())) throw new Error(`Unexpected text after the heredoc delimiter ${delimiter}`);
  const bodyLines = lines.slice(0, end);
  return { head: head.trim(), body: bodyLines.map((line) => `${line}\n`).join('') };
}
