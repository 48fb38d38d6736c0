/**
 * A small shell-like tokenizer for agent commands: words split on blanks, '...' literal, "..." with
 * backslash escapes of " \ $ `, a backslash outside quotes escapes the next character. Nothing is expanded
 * (no $VAR, no globbing). Unquoted operators (| || & && ; < > >> << and newlines) are reported separately,
 * because agent commands run in Node and cannot take part in a pipeline.
 */
export interface TokenizedLine {
  words: string[];
  /** Unquoted shell operators found, in order. */
  operators: string[];
}

export class TokenizeError extends Error {
  override readonly name = 'TokenizeError';
}

const OPERATOR_CHARS = new Set(['|', '&', ';', '<', '>', '\n']);

export function tokenizeShellLine(line: string): TokenizedLine {
  const words: string[] = [];
  const operators: string[] = [];
  let current = '';
  let inWord = false;
  const endWord = () => {
    if (inWord) words.push(current);
    current = '';
    inWord = false;
  };

  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (char === ' ' || char === '\t' || char === '\r') {
      endWord();
    } else if (OPERATOR_CHARS.has(char)) {
      endWord();
      const pair = line.slice(i, i + 2);
      const operator = ['||', '&&', '>>', '<<'].includes(pair) ? pair : char;
      operators.push(operator === '\n' ? 'newline' : operator);
      i += operator.length - 1;
    } else if (char === "'") {
      const end = line.indexOf("'", i + 1);
      // Stryker disable next-line EqualityOperator: searching from i + 1 never finds the quote at 0
      if (end < 0) throw new TokenizeError('Unterminated single quote');
      current += line.slice(i + 1, end);
      inWord = true;
      i = end;
    } else if (char === '"') {
      i = readDoubleQuoted(line, i + 1, (text) => (current += text));
      inWord = true;
    } else if (char === '\\') {
      if (i + 1 >= line.length) throw new TokenizeError('Trailing backslash');
      // A backslash-newline is a line continuation, as in the shell.
      if (line[i + 1] !== '\n') current += line[i + 1];
      inWord = inWord || line[i + 1] !== '\n';
      i++;
    } else {
      current += char;
      inWord = true;
    }
  }
  endWord();
  return { words, operators };
}

/** Reads a "..." body starting after the opening quote; returns the index of the closing quote. */
function readDoubleQuoted(line: string, start: number, append: (text: string) => void): number {
  // Stryker disable next-line EqualityOperator: one more turn past the end only appends before the same "Unterminated" error
  for (let i = start; i < line.length; i++) {
    const char = line[i];
    if (char === '"') return i;
    // Past the end, line[i + 1] is undefined, which no escapable character equals.
    if (char === '\\' && '"\\$`\n'.includes(line[i + 1])) {
      if (line[i + 1] !== '\n') append(line[i + 1]);
      i++;
    } else {
      append(char);
    }
  }
  throw new TokenizeError('Unterminated double quote');
}
