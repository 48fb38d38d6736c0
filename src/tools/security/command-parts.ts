import { innerCommands } from './inner-commands';

/** One simple command of a command line. */
export interface CommandPart {
  /** As written, trimmed. */
  raw: string;
  /** Its words, quotes removed, redirections left out. */
  words: string[];
  /** Commands nested deeper than MAX_NESTING levels, which are not taken apart: the policy denies them. */
  tooDeep?: true;
}

/** How deep `bash -c`, `eval`, substitutions and wrappers are followed into each other. */
export const MAX_NESTING = 8;

/** Characters with no meaning to the scanner inside a word (`#` included: it starts a comment only before a word). */
const ORDINARY_RUN = /[^ \t\r\n\\'"`$<>()&;|]*/y;

const REDIRECTION = /<<<|<<-|<<|<>|>>|>&|>\||<&|&>>|&>|<|>/y;

/** What a backslash escapes inside double quotes; before anything else (or at the end) it stays. */
const ESCAPED_IN_DOUBLE_QUOTES: ReadonlySet<string | undefined> = new Set(['"', '\\', '$', '`', '\n']);

const SHELL_INTERPRETERS: ReadonlySet<string | undefined> = new Set(['bash', 'sh', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'busybox']);

/**
 * Every simple command a shell line can run, for the permission policy: the line is cut at `;`, `&&`,
 * `||`, `|`, `&`, newlines and parentheses; `$(...)`, backticks, `<(...)`, here-documents fed to a shell,
 * `bash -c '...'`, `eval`, `find -exec` and wrappers (`sudo`, `env`, `xargs`, `timeout`...) add the
 * commands inside them. An over-approximation by design: it never throws, and when in doubt it yields a
 * part rather than hiding one. Variables, aliases and functions are not expanded (see docs/security.md).
 */
export function commandParts(line: string, depth = 0): CommandPart[] {
  const found = scanList(line, depth);
  const all: CommandPart[] = [];
  for (const part of found) {
    all.push(part);
    for (const script of innerCommands(part.words)) all.push(...nestedParts(script, depth + 1));
  }
  return all;
}

/** The parts of a script nested in another; past MAX_NESTING one part that says so, rather than none. */
function nestedParts(script: string, depth: number): CommandPart[] {
  // Stryker disable next-line ArrayDeclaration: a part nested too deep is decided by its flag; its words are never read
  return depth > MAX_NESTING ? [{ raw: script, words: [], tooDeep: true }] : commandParts(script, depth);
}

interface Heredoc {
  delimiter: string;
  stripTabs: boolean;
  words: string[];
}

function scanList(text: string, depth: number): CommandPart[] {
  const parts: CommandPart[] = [];
  const nested: CommandPart[] = [];
  let words: string[] = [];
  let word = '';
  let inWord = false;
  let dropNextWord = false;
  let start = 0;
  let heredocs: Heredoc[] = [];

  const endWord = () => {
    if (inWord) {
      if (dropNextWord) dropNextWord = false;
      else words.push(word);
    }
    word = '';
    inWord = false;
  };
  const endPart = (end: number, next: number) => {
    endWord();
    const raw = text.slice(start, end).trim();
    if (words.length || raw) parts.push({ raw, words });
    words = [];
    start = next;
  };
  const recurse = (inner: string) => {
    nested.push(...nestedParts(inner, depth + 1));
  };

  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    const next = text[i + 1];
    if (char === ' ' || char === '\t' || char === '\r') {
      endWord();
    } else if (char === '\n') {
      // Stryker disable next-line ArithmeticOperator: where the next part starts is set again below, past the here-documents
      endPart(i, i + 1);
      // The here-documents opened on this line (if any) are its next lines.
      i =
        readHeredocs(text, i + 1, heredocs, (body, doc) => {
          if (SHELL_INTERPRETERS.has(commandName(doc.words))) recurse(body);
        }) - 1;
      start = i + 1;
      heredocs = [];
    } else if (char === '#' && !inWord) {
      const end = indexOrEnd(text, '\n', i);
      endPart(i, end);
      i = end - 1;
    } else if (char === '\\') {
      if (next !== '\n' && next !== undefined) {
        word += next;
        inWord = true;
      }
      i++;
    } else if (char === "'") {
      const end = indexOrEnd(text, "'", i + 1);
      word += text.slice(i + 1, end);
      inWord = true;
      i = end;
    } else if (char === '$' && next === "'") {
      const end = closingAnsiQuote(text, i + 2);
      word += decodeAnsi(text.slice(i + 2, end));
      inWord = true;
      i = end;
    } else if (char === '"') {
      const end = closingDoubleQuote(text, i + 1);
      word += unescapeDouble(text.slice(i + 1, end), recurse);
      inWord = true;
      i = end;
    } else if (char === '$' && next === '(') {
      const arithmetic = text[i + 2] === '(';
      const end = closingParen(text, i + 1);
      if (!arithmetic) recurse(text.slice(i + 2, end));
      word += text.slice(i, end + 1);
      inWord = true;
      i = end;
    } else if (char === '$' && next === '{') {
      // `${X:-$(cmd)}` runs cmd: the substitutions inside a parameter expansion count, as in double quotes.
      const end = closingBrace(text, i + 2);
      unescapeDouble(text.slice(i + 2, end), recurse);
      word += text.slice(i, end + 1);
      inWord = true;
      i = end;
    } else if (char === '`') {
      const end = closingBacktick(text, i + 1);
      recurse(text.slice(i + 1, end).replace(/\\(.)/g, '$1'));
      word += text.slice(i, end + 1);
      inWord = true;
      i = end;
    } else if ((char === '<' || char === '>') && next === '(' && !inWord) {
      const end = closingParen(text, i + 1);
      recurse(text.slice(i + 2, end));
      i = end;
    } else if (char === '(' || char === ')' || char === ';' || char === '|' || (char === '&' && next !== '>')) {
      // `&&`, `||`, `;;` and `|&` need no case of their own: the second character ends an empty part.
      endPart(i, i + 1);
    } else if (char === '<' || char === '>' || char === '&') {
      // A redirection: an fd number written just before it is not a word, nor is its target.
      if (inWord && /^\d+$/.test(word)) inWord = false;
      endWord();
      REDIRECTION.lastIndex = i;
      const operator = REDIRECTION.exec(text)![0];
      i += operator.length - 1;
      if (operator === '<<' || operator === '<<-') {
        const delimiter = readDelimiter(text, i + 1);
        heredocs.push({ delimiter: delimiter.word, stripTabs: operator === '<<-', words });
        i = delimiter.end - 1;
      } else {
        dropNextWord = true;
      }
    } else {
      // The rest of a run of ordinary characters in one step: long words (base64, paths) stay cheap.
      ORDINARY_RUN.lastIndex = i + 1;
      const run = ORDINARY_RUN.exec(text)![0];
      word += char + run;
      inWord = true;
      i += run.length;
    }
  }
  endPart(text.length, text.length);
  return [...parts, ...nested];
}

/** The command's name: its first word past assignments, as a basename. */
export function commandName(words: readonly string[]): string | undefined {
  const first = words.find((word) => !/^[A-Za-z_][A-Za-z0-9_]*\+?=/.test(word));
  return first?.slice(first.lastIndexOf('/') + 1);
}

function indexOrEnd(text: string, search: string, from: number): number {
  const at = text.indexOf(search, from);
  // Stryker disable next-line EqualityOperator: 0 is never found: every caller searches from past the start, or from a '#' for a newline
  return at < 0 ? text.length : at;
}

function closingDoubleQuote(text: string, from: number): number {
  // Stryker disable next-line EqualityOperator: one more turn reads text[length], undefined, which no branch takes, and the result is text.length either way
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
    else if (text[i] === '$' && text[i + 1] === '(') i = closingParen(text, i + 1);
    else if (text[i] === '`') i = closingBacktick(text, i + 1);
  }
  return text.length;
}

function closingAnsiQuote(text: string, from: number): number {
  // Stryker disable next-line EqualityOperator: one more turn reads text[length], undefined, which no branch takes, and the result is text.length either way
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === "'") return i;
  }
  return text.length;
}

function closingBacktick(text: string, from: number): number {
  // Stryker disable next-line EqualityOperator: one more turn reads text[length], undefined, which no branch takes, and the result is text.length either way
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '`') return i;
  }
  return text.length;
}

/** The `}` closing a `${` whose body starts at `from`: the first one outside quotes and substitutions (bash does not nest braces here). */
function closingBrace(text: string, from: number): number {
  // Stryker disable next-line EqualityOperator: one more turn reads text[length], undefined, which no branch takes, and the result is text.length either way
  for (let i = from; i < text.length; i++) {
    const char = text[i];
    if (char === '\\') i++;
    else if (char === "'") i = indexOrEnd(text, "'", i + 1);
    else if (char === '"') i = closingDoubleQuote(text, i + 1);
    else if (char === '`') i = closingBacktick(text, i + 1);
    else if (char === '$' && text[i + 1] === '(') i = closingParen(text, i + 1);
    else if (char === '}') return i;
  }
  return text.length;
}

/** The `)` matching the `(` at `open`, past quotes and nested parentheses. */
function closingParen(text: string, open: number): number {
  let depth = 0;
  // Stryker disable next-line EqualityOperator: one more turn reads text[length], undefined, which no branch takes, and the result is text.length either way
  for (let i = open; i < text.length; i++) {
    const char = text[i];
    if (char === '\\') i++;
    else if (char === "'") i = indexOrEnd(text, "'", i + 1);
    else if (char === '"') i = closingDoubleQuote(text, i + 1);
    else if (char === '`') i = closingBacktick(text, i + 1);
    else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return i;
  }
  return text.length;
}

function unescapeDouble(body: string, recurse: (inner: string) => void): string {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '\\' && ESCAPED_IN_DOUBLE_QUOTES.has(body[i + 1])) {
      if (body[i + 1] !== '\n') out += body[i + 1];
      i++;
    } else if (body[i] === '$' && body[i + 1] === '(' && body[i + 2] !== '(') {
      const end = closingParen(body, i + 1);
      recurse(body.slice(i + 2, end));
      out += body.slice(i, end + 1);
      i = end;
    } else if (body[i] === '`') {
      const end = closingBacktick(body, i + 1);
      recurse(body.slice(i + 1, end));
      out += body.slice(i, end + 1);
      i = end;
    } else {
      out += body[i];
    }
  }
  return out;
}

function decodeAnsi(body: string): string {
  const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', a: '\x07', e: '\x1b' };
  return body.replace(/\\(?:x([0-9a-fA-F]{1,2})|([0-7]{1,3})|(.))/g, (_, hex?: string, octal?: string, other?: string) => {
    if (hex) return String.fromCharCode(parseInt(hex, 16));
    if (octal) return String.fromCharCode(parseInt(octal, 8));
    return simple[other!] ?? other!;
  });
}

function readDelimiter(text: string, from: number): { word: string; end: number } {
  let i = from;
  while (text[i] === ' ' || text[i] === '\t') i++;
  let word = '';
  // Stryker disable next-line EqualityOperator: a delimiter that reaches the end of the text has no line after it to end
  for (; i < text.length && !/[\s;&|<>()]/.test(text[i]); i++) {
    if (text[i] === "'" || text[i] === '"') {
      const end = indexOrEnd(text, text[i], i + 1);
      word += text.slice(i + 1, end);
      i = end;
    } else if (text[i] === '\\') {
      // Stryker disable next-line StringLiteral: only a backslash ending the text reads undefined, and no line follows to compare with
      word += text[++i] ?? '';
    } else {
      word += text[i];
    }
  }
  return { word, end: i };
}

/** Skips here-document bodies starting at `from`; hands each body over; returns where the line after them starts. */
function readHeredocs(text: string, from: number, heredocs: Heredoc[], onBody: (body: string, doc: Heredoc) => void): number {
  let at = from;
  for (const doc of heredocs) {
    const lines: string[] = [];
    // Stryker disable next-line EqualityOperator: one more turn reads an empty last line, which adds no command to the body
    while (at < text.length) {
      const end = indexOrEnd(text, '\n', at);
      const line = text.slice(at, end);
      at = end + 1;
      if ((doc.stripTabs ? line.replace(/^\t+/, '') : line) === doc.delimiter) break;
      lines.push(line);
    }
    onBody(lines.join('\n'), doc);
  }
  return Math.min(at, text.length);
}
