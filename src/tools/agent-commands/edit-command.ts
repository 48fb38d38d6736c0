import { commandSuccess, executionFailure } from '../command-results';
import { FileTooLarge, NotRegularFile } from '../security/file-refusal';
import type { CommandResult } from '../types';
import { fileErrorResult } from './file-errors';
import { resolvePath, splitArguments, UsageError, type AgentCommand } from './agent-command';

/** edit holds the file in memory; bigger files are refused rather than loaded. */
const MAX_EDIT_BYTES = 16 * 1024 * 1024;

export const editCommand: AgentCommand = {
  name: 'edit',
  usage: 'Usage: edit <path> <old text> <new text> [--all]',
  help: [
    'edit <path> <old text> <new text> [--all]',
    '  Replace exactly one occurrence of <old text> with <new text>. The match is exact (whitespace and',
    '  newlines included) and literal (no patterns); it fails when <old text> is absent or occurs more than',
    '  once: add surrounding lines to make it unique, or pass --all. Quote each argument; multi-line text',
    "  may span lines inside the quotes. Copy text from read's output without its line numbers.",
    '  --all  replace every occurrence and say how many (first or last argument)',
    `Examples: edit src/a.ts "const x = 1;" "const x = 2;" | edit notes.md "colour" "color" --all`,
  ].join('\n'),
  writes: true,
  async run(args, { cwd, files }) {
    const { path, oldText, newText, all } = editArguments(splitArguments(args));
    // One open for the read and the write: what is replaced is exactly the file that was read.
    let failure: CommandResult | undefined;
    let replaced = 0;
    try {
      await files.edit(resolvePath(cwd, path), MAX_EDIT_BYTES, (bytes) => {
        const parts = bytes.toString('utf8').split(oldText);
        replaced = parts.length - 1;
        failure = unmatched(replaced, all, path);
        // Literal: split and join, as a replace() with a string would still expand $& and $1 in the new text.
        return failure ? undefined : Buffer.from(all ? parts.join(newText) : parts[0] + newText + parts[1]);
      });
    } catch (error) {
      if (error instanceof NotRegularFile || (error as NodeJS.ErrnoException).code === 'EISDIR') return executionFailure(`Cannot edit ${path}: it is not a regular file`);
      if (error instanceof FileTooLarge) return executionFailure(`Cannot edit ${path}: it is ${error.size} bytes, over the ${MAX_EDIT_BYTES / 1024 / 1024} MB edit limit; use sed or a script`);
      return fileErrorResult(error, path);
    }
    return failure ?? commandSuccess(`Edited ${path}: replaced ${replaced} occurrence${replaced === 1 ? '' : 's'}\n`);
  },
};

/**
 * Three words, and --all as the first or the last of four: anywhere else, and with three words,
 * `--all` is text (`edit notes.md --all --every` replaces the text "--all").
 */
export function editArguments(words: string[]): { path: string; oldText: string; newText: string; all: boolean } {
  const all = words.length === 4 && (words[0] === '--all' || words[3] === '--all');
  const texts = all ? (words[0] === '--all' ? words.slice(1) : words.slice(0, 3)) : words;
  if (texts.length !== 3) throw new UsageError(`expected 3 arguments (<path> <old text> <new text>) and an optional --all, got ${words.length}`);
  const [path, oldText, newText] = texts as [string, string, string];
  if (!oldText) throw new UsageError('<old text> must not be empty');
  return { path, oldText, newText, all };
}

/** Why the old text cannot be replaced (absent, or there more than once without --all), or undefined when it can. */
function unmatched(occurrences: number, all: boolean, path: string): CommandResult | undefined {
  if (!occurrences) return executionFailure(`Text to replace not found in ${path}. Read the file and copy the exact text, whitespace included (without read's line numbers).`);
  if (occurrences > 1 && !all) {
    return executionFailure(`Text to replace is ambiguous: it occurs ${occurrences} times in ${path}. Include more surrounding lines so it matches once, or add --all to replace all ${occurrences}.`);
  }
  return undefined;
}
