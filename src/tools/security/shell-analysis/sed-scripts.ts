import { hasOption, type OptionSpec, readOptions, valuesOf } from './command-options';
import type { InnerRun } from './command-runners';
import { isLiteral, type ShellWord } from './shell-words';

const SED: OptionSpec = {
  short: 'efl',
  optional: 'i',
  long: ['expression', 'file', 'line-length'],
  flags: 'nErsuzb',
  longFlags: ['quiet', 'silent', 'debug', 'sandbox', 'follow-symlinks', 'in-place', 'null-data', 'zero-terminated', 'separate', 'unbuffered', 'regexp-extended', 'posix', 'binary', 'help', 'version'],
  permute: true,
};

/** GNU sed runs shell text with its `e` command and the `e` flag of `s` (`--sandbox` turns both off). */
export function sedRuns(args: readonly ShellWord[]): InnerRun[] {
  const read = readOptions(args, SED);
  if (read.unsure) return [{ kind: 'opaque', reason: `sed: ${read.unsure}, so its script is not certain` }];
  if (hasOption(read, '--sandbox')) return [];
  if (hasOption(read, '-f', '--file')) return [{ kind: 'opaque', reason: 'sed -f reads its script from a file, where an `e` command would run shell text' }];
  const given = valuesOf(read, '-e', '--expression');
  const scripts = given.length ? given : read.operands.slice(0, 1);
  for (const script of scripts) {
    if (!isLiteral(script)) return [{ kind: 'opaque', reason: `sed's script ${script.text} is only known when it runs` }];
    if (sedExecutes(script.value))
      return [{ kind: 'opaque', reason: `sed script ${JSON.stringify(script.value)} can run shell text (the e command or the e flag of s), or is not one the policy can read` }];
  }
  return [];
}

/** Whether a sed script has an `e` command or an `s///e`; a script this reader cannot follow counts as one. */
export function sedExecutes(script: string): boolean {
  const reader = new SedReader(script);
  try {
    return reader.readScript();
  } catch {
    return true;
  }
}

class SedReader {
  private at = 0;
  constructor(private readonly text: string) {}

  readScript(): boolean {
    for (;;) {
      this.skip(/[\s;}]/);
      if (this.at >= this.text.length) return false;
      const char = this.text[this.at]!;
      if (char === '#' || char === ':') {
        this.toEndOfLine();
        continue;
      }
      this.address();
      this.skip(/[\s]/);
      if (this.text[this.at] === ',') {
        this.at++;
        this.skip(/[\s]/);
        this.address();
      }
      this.skip(/[\s!]/);
      if (this.command()) return true;
    }
  }

  /** Reads one command; true when it runs shell text. */
  private command(): boolean {
    const command = this.text[this.at++];
    switch (command) {
      case 'e':
        return true;
      case '{':
        return false;
      case 's': {
        const delimiter = this.next();
        this.delimited(delimiter, true);
        this.delimited(delimiter, false);
        const flags = /^[0-9gpiImMe]*/.exec(this.text.slice(this.at))![0];
        this.at += flags.length;
        if (this.text[this.at] === 'w') this.toEndOfLine();
        return flags.includes('e');
      }
      case 'y': {
        const delimiter = this.next();
        this.delimited(delimiter, false);
        this.delimited(delimiter, false);
        return false;
      }
      case 'a':
      case 'i':
      case 'c':
      case 'r':
      case 'R':
      case 'w':
      case 'W':
        this.toEndOfLine();
        return false;
      case 'b':
      case 't':
      case 'T':
      case 'v':
        this.skip(/[^;\n]/);
        return false;
      case 'q':
      case 'Q':
      case 'l':
      case 'L':
        this.skip(/[\s\d]/);
        return false;
      default:
        if (command !== undefined && /[dDgGhHnNpPxz=F]/.test(command)) return false;
        throw new Error(`unknown sed command ${command}`);
    }
  }

  private address(): void {
    const char = this.text[this.at];
    if (char === '/' || char === '\\') {
      if (char === '\\') this.at++;
      const delimiter = this.next();
      this.delimited(delimiter, true);
      this.skip(/[IM]/);
    } else {
      this.skip(/[\d$~+]/);
    }
  }

  /** Skips text up to an unescaped delimiter (in a regex, `[...]` may hold it). */
  private delimited(delimiter: string, regex: boolean): void {
    for (;;) {
      const char = this.next();
      if (char === '\\') this.next();
      else if (char === delimiter) return;
      else if (regex && char === '[') this.bracket();
    }
  }

  private bracket(): void {
    if (this.text[this.at] === '^') this.at++;
    if (this.text[this.at] === ']') this.at++;
    while (this.next() !== ']');
  }

  private next(): string {
    if (this.at >= this.text.length) throw new Error('unterminated');
    return this.text[this.at++]!;
  }

  private skip(pattern: RegExp): void {
    while (this.at < this.text.length && pattern.test(this.text[this.at]!)) this.at++;
  }

  private toEndOfLine(): void {
    while (this.at < this.text.length && this.text[this.at] !== '\n') {
      if (this.text[this.at] === '\\') this.at++;
      this.at++;
    }
  }
}
