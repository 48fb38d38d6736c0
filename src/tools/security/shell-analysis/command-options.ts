import { HOLE, isLiteral, type ShellWord } from './shell-words';

/** How a program reads its options, as far as finding the command or script it runs needs. */
export interface OptionSpec {
  /** Short options that take a value (in the same word, `-uroot`, or the next, `-u root`). */
  short?: string;
  /** Long options that take a value (`--user=root` or `--user root`), without the dashes. */
  long?: readonly string[];
  /** Short options whose value, if any, is attached (`-i{}`); `-i` alone has none. */
  optional?: string;
  /** Short options without a value; any other short option may take one. */
  flags?: string;
  /** Long options without a value. */
  longFlags?: readonly string[];
  /** Options are read up to the first operand (`+` in getopt), as every command runner does. */
  permute?: boolean;
}

/** One option as read: its name (`-u`, `--user`) and value, if it took one. */
export interface ReadOption {
  name: string;
  value?: ShellWord;
}

export interface ReadOptions {
  options: ReadOption[];
  /** The words after the options (and a `--`). */
  operands: ShellWord[];
  /** An option word only the run knows (`$FLAGS`), or one this spec cannot place: the operands are unsure. */
  unsure?: string;
}

/**
 * Reads the options of a command the way getopt_long does: clusters (`-xvf`), values attached or in the next
 * word, `--name=value`, unambiguous abbreviations of long names, `--` ending them. An option the spec does
 * not know might take a value: the reading is marked unsure rather than guessed.
 */
export function readOptions(args: readonly ShellWord[], spec: OptionSpec): ReadOptions {
  const options: ReadOption[] = [];
  const operands: ShellWord[] = [];
  let unsure: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    const text = word.value;
    if (text.startsWith(HOLE) || (text.startsWith('-') && !isLiteral(word))) {
      unsure ??= `the option ${word.text} is only known when it runs`;
      if (!spec.permute) return { options, operands: args.slice(i), unsure };
      operands.push(word);
      continue;
    }
    if (text === '-') {
      // `env -`, `su -`: an option of its own (a runner never takes `-` as its command).
      options.push({ name: '-' });
      continue;
    }
    if (text === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (text.startsWith('--')) {
      const [given, attached] = splitOnce(text.slice(2));
      const name = longName(given, spec);
      if (name === undefined) {
        unsure ??= `${word.text} is an option the policy does not know`;
        options.push({ name: `--${given}`, value: attached === undefined ? undefined : { text: attached, value: attached } });
      } else if (spec.long?.includes(name) && attached === undefined) {
        options.push({ name: `--${name}`, value: args[++i] });
      } else {
        options.push({ name: `--${name}`, value: attached === undefined ? undefined : valueWord(word, text.indexOf('=') + 1) });
      }
      continue;
    }
    if (text.startsWith('-') && text.length > 1) {
      for (let at = 1; at < text.length; at++) {
        const letter = text[at]!;
        if (spec.optional?.includes(letter)) {
          options.push({ name: `-${letter}`, value: at + 1 < text.length ? valueWord(word, at + 1) : undefined });
          break;
        }
        if (spec.short?.includes(letter)) {
          const rest = at + 1 < text.length ? valueWord(word, at + 1) : args[++i];
          options.push({ name: `-${letter}`, value: rest });
          break;
        }
        if (!spec.flags?.includes(letter) && !/\d/.test(letter)) unsure ??= `-${letter} is an option the policy does not know`;
        options.push({ name: `-${letter}` });
      }
      continue;
    }
    if (!spec.permute) return { options, operands: args.slice(i), unsure };
    operands.push(word);
  }
  return { options, operands, unsure };
}

/** The values given to any of these options (`-c`, `--command`), in order. */
export function valuesOf(read: ReadOptions, ...names: string[]): ShellWord[] {
  return read.options.filter((option) => names.includes(option.name) && option.value).map((option) => option.value!);
}

export function hasOption(read: ReadOptions, ...names: string[]): boolean {
  return read.options.some((option) => names.includes(option.name));
}

function splitOnce(text: string): [string, string | undefined] {
  const at = text.indexOf('=');
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

/** A long option's full name: itself, or the one name it abbreviates. */
function longName(given: string, spec: OptionSpec): string | undefined {
  const names = [...(spec.long ?? []), ...(spec.longFlags ?? [])];
  if (names.includes(given)) return given;
  const matches = names.filter((name) => name.startsWith(given));
  return matches.length === 1 ? matches[0] : undefined;
}

/** The part of an option word from `from` on, as a word of its own (`-S'rm x'` gives `rm x`). */
function valueWord(word: ShellWord, from: number): ShellWord {
  const value = word.value.slice(from);
  // Only a literal word's text lines up with its value; another shows whole.
  return { text: isLiteral(word) ? value : word.text, value };
}
