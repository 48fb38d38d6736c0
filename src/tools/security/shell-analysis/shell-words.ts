import { decodeAnsiC } from './ansi-c-quoting';
import type { SyntaxNode } from './shell-parser';

/** Stands in a word's value for what only the run decides: an expansion, a glob, a brace expansion. */
export const HOLE = '\uE000';

/** One word of a command. */
export interface ShellWord {
  /** Quotes removed; expansions as written (`echo $(date)`): what rules and messages read. */
  text: string;
  /** Quotes removed; HOLE where the run decides. A word without HOLE is a literal the parser fully knows. */
  value: string;
}

interface Piece {
  text: string;
  /** Quoted or escaped: a `*` here is a star, not a glob. */
  quoted: boolean;
  /** An expansion: its text is as written. */
  hole?: boolean;
}

export const isLiteral = (word: ShellWord): boolean => !word.value.includes(HOLE);

/** A word made of literal text only (for words a runner builds, such as xargs's `echo`). */
export const literalWord = (text: string): ShellWord => ({ text, value: text });

/** The word nothing is known about (arguments xargs reads from its input). */
export const UNKNOWN_WORD: ShellWord = { text: '…', value: HOLE };

/** Whether a node is a word of a command line (an argument, a command name, a redirection target). */
export function wordOf(node: SyntaxNode): ShellWord {
  const pieces: Piece[] = [];
  collect(node, pieces);
  const text = pieces.map((piece) => piece.text).join('');
  if (expandsToSeveralWords(pieces)) return { text, value: HOLE };
  return { text, value: pieces.map(pieceValue).join('') };
}

function collect(node: SyntaxNode, pieces: Piece[]): void {
  switch (node.type) {
    case 'word':
    case 'number':
    case 'variable_name':
      unescapeUnquoted(node.text, pieces);
      return;
    case 'raw_string':
      pieces.push({ text: node.text.slice(1, -1), quoted: true });
      return;
    case 'ansi_c_string':
      pieces.push({ text: decodeAnsiC(node.text.slice(2, -1)), quoted: true });
      return;
    case 'string':
    case 'translated_string':
      for (const child of node.children) {
        if (child.type === 'string_content') pieces.push({ text: unescapeDoubleQuoted(child.text), quoted: true });
        else if (child.type !== '"' && child.type !== '$"') pieces.push({ text: child.text, quoted: true, hole: true });
      }
      return;
    case 'concatenation':
      for (const child of node.children) collect(child, pieces);
      return;
    case 'variable_assignment':
      // NAME=value (or NAME[i]+=value): the name and operator as written, then the value.
      for (const child of node.children) {
        if (child.type === 'variable_name' || child.type === 'subscript' || !child.isNamed) pieces.push({ text: child.text, quoted: true });
        else collect(child, pieces);
      }
      return;
    default:
      // An expansion, a substitution, a brace expression or anything else: the run decides its value.
      pieces.push({ text: node.text, quoted: false, hole: true });
  }
}

/** A backslash outside quotes keeps the next character literally (and joins lines, already done by the parser). */
function unescapeUnquoted(text: string, pieces: Piece[]): void {
  let plain = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\' && i + 1 < text.length) {
      if (plain) pieces.push({ text: plain, quoted: false });
      plain = '';
      pieces.push({ text: text[++i]!, quoted: true });
    } else {
      plain += text[i];
    }
  }
  if (plain) pieces.push({ text: plain, quoted: false });
}

/** Inside double quotes a backslash escapes only $ ` " \ and newline. */
function unescapeDoubleQuoted(text: string): string {
  return text.replace(/\\([$`"\\\n])/g, (_, char: string) => (char === '\n' ? '' : char));
}

const GLOB = /[*?]|\[[^\]]*\]|[@!+]\(/;

function pieceValue(piece: Piece): string {
  if (piece.hole) return HOLE;
  if (piece.quoted || !GLOB.test(piece.text)) return piece.text;
  // A glob matches names the run finds; the characters around it are still known.
  return piece.text.replace(/\[[^\]]*\]|[@!+*?]\([^)]*\)|[*?]/g, HOLE);
}

/** An unquoted brace expansion (`{a,b}`, `{1..3}`) or unquoted expansion can make several words of one. */
function expandsToSeveralWords(pieces: Piece[]): boolean {
  const unquoted = pieces.map((piece) => (piece.quoted || piece.hole ? '\0' : piece.text)).join('');
  if (/\{[^{}]*(,|\.\.)[^{}]*\}/.test(unquoted)) return true;
  return pieces.some((piece) => piece.hole && !piece.quoted && !piece.text.startsWith('$((') && !piece.text.startsWith('$['));
}

/** Words joined with blanks, as a runner that hands them to `sh -c` does. */
export function joinWords(words: readonly ShellWord[]): ShellWord {
  return { text: words.map((word) => word.text).join(' '), value: words.map((word) => word.value).join(' ') };
}
