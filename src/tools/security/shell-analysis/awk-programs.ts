import { hasOption, type OptionSpec, readOptions, valuesOf } from './command-options';
import type { InnerRun } from './command-runners';
import { isLiteral, type ShellWord } from './shell-words';

export const AWKS: ReadonlySet<string> = new Set(['awk', 'gawk', 'mawk', 'nawk', 'original-awk', 'bwk-awk']);

const AWK: OptionSpec = {
  short: 'FvfeEil',
  optional: 'dDLop',
  long: ['field-separator', 'assign', 'file', 'source', 'exec', 'include', 'load'],
  flags: 'bcCghMnNOPrsStVW',
  longFlags: [
    'characters-as-bytes',
    'traditional',
    'copyright',
    'gen-pot',
    'help',
    'bignum',
    'non-decimal-data',
    'use-lc-numeric',
    'optimize',
    'posix',
    're-interval',
    'no-optimize',
    'sandbox',
    'lint-old',
    'version',
    'dump-variables',
    'debug',
    'lint',
    'pretty-print',
    'profile',
  ],
  permute: true,
};

/**
 * awk runs shell text with `system()` and with pipes (`print | "cmd"`, `"cmd" | getline`); gawk also loads
 * extensions and source files. A program that could do any of these is asked (`--sandbox` turns them off).
 */
export function awkRuns(name: string, args: readonly ShellWord[]): InnerRun[] {
  const read = readOptions(args, AWK);
  if (read.unsure) return [{ kind: 'opaque', reason: `${name}: ${read.unsure}, so its program is not certain` }];
  if (hasOption(read, '--sandbox')) return [];
  if (hasOption(read, '-f', '--file', '-E', '--exec', '-i', '--include', '-l', '--load')) return [{ kind: 'opaque', reason: `${name} reads program text from a file, which could run shell commands` }];
  const given = valuesOf(read, '-e', '--source');
  const programs = given.length ? given : read.operands.slice(0, 1);
  for (const program of programs) {
    if (!isLiteral(program)) return [{ kind: 'opaque', reason: `${name}'s program ${program.text} is only known when it runs` }];
    if (awkRunsCommands(program.value)) return [{ kind: 'opaque', reason: `${name} program ${JSON.stringify(program.value)} can run shell commands (system() or a pipe)` }];
  }
  return [];
}

/** Characters after which a `/` starts a regular expression rather than a division. */
const BEFORE_REGEX = /[(,{};!~&|=?:\n]/;
const KEYWORDS_BEFORE_REGEX = /(?:^|[^\w])(?:print|printf|return|in|case)\s*$/;

/** Whether an awk program calls system(), pipes to or from a command, or loads code; unreadable counts as yes. */
export function awkRunsCommands(program: string): boolean {
  let code = '';
  for (let at = 0; at < program.length; at++) {
    const char = program[at]!;
    if (char === '"') {
      at = closing(program, at, '"');
      code += '""';
    } else if (char === '#') {
      while (at < program.length && program[at] !== '\n') at++;
      code += '\n';
    } else if (char === '/' && startsRegex(code)) {
      at = closing(program, at, '/');
      code += '//';
    } else {
      code += char;
    }
    if (at < 0) return true;
  }
  return /\bsystem\s*\(/.test(code) || /(^|[^|])\|(?!\|)/.test(code) || /@(load|include|namespace)\b/.test(code);
}

function startsRegex(code: string): boolean {
  const before = code.trimEnd();
  return before === '' || BEFORE_REGEX.test(before[before.length - 1]!) || KEYWORDS_BEFORE_REGEX.test(before);
}

/** The index of the unescaped `end` closing what starts at `from`, or -1 if none does. */
function closing(text: string, from: number, end: string): number {
  let inBracket = false;
  for (let at = from + 1; at < text.length; at++) {
    const char = text[at];
    if (char === '\\') at++;
    else if (end === '/' && char === '[') inBracket = true;
    else if (inBracket && char === ']') inBracket = false;
    else if (char === end && !inBracket) return at;
  }
  return -1;
}
