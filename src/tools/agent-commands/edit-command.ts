import { commandSuccess, executionFailure } from '../command-results';
import { FileTooLarge, NotRegularFile } from '../security/file-refusal';
import type { CommandResult } from '../types';
import { fileErrorResult } from './file-errors';
import { resolvePath, splitArguments, UsageError, type AgentCommand } from './agent-command';

/** edit holds the file in memory; bigger files are refused rather than loaded. */
const MAX_EDIT_BYTES = 16 * 1024 * 1024;

export const editCommand: AgentCommand = {
  name: 'edit',
  usage: 'Usage: edit <path> <old text> <new text>',
  help: [
    'edit <path> <old text> <new text>',
    '  Replace exactly one occurrence of <old text> with <new text>. The match is exact (whitespace and',
    '  newlines included); it fails when <old text> is absent or occurs more than once: add surrounding',
    '  lines to make it unique. Quote each argument; multi-line text may span lines inside the quotes.',
    `Example: edit src/a.ts "const x = 1;" "const x = 2;"`,
  ].join('\n'),
  writes: true,
  async run(args, { cwd, files }) {
    const words = splitArguments(args);
    if (words.length !== 3) throw new UsageError(`expected 3 arguments (<path> <old text> <new text>), got ${words.length}`);
    const [path, oldText, newText] = words;
    if (!oldText) throw new UsageError('<old text> must not be empty');
    // One open for the read and the write: what is replaced is exactly the file that was read.
    let failure: CommandResult | undefined;
    try {
      await files.edit(resolvePath(cwd, path), MAX_EDIT_BYTES, (bytes) => {
        const content = bytes.toString('utf8');
        const first = content.indexOf(oldText);
        failure = unmatched(content, oldText, first, path);
        return failure ? undefined : Buffer.from(content.slice(0, first) + newText + content.slice(first + oldText.length));
      });
    } catch (error) {
      if (error instanceof NotRegularFile || (error as NodeJS.ErrnoException).code === 'EISDIR') return executionFailure(`Cannot edit ${path}: it is not a regular file`);
      if (error instanceof FileTooLarge) return executionFailure(`Cannot edit ${path}: it is ${error.size} bytes, over the ${MAX_EDIT_BYTES / 1024 / 1024} MB edit limit; use sed or a script`);
      return fileErrorResult(error, path);
    }
    return failure ?? commandSuccess(`Edited ${path}: replaced 1 occurrence\n`);
  },
};

/** Why the old text cannot be replaced (absent, or there more than once), or undefined when it can. */
function unmatched(content: string, oldText: string, first: number, path: string): CommandResult | undefined {
  if (first < 0) return executionFailure(`Text to replace not found in ${path}. Read the file and copy the exact text, whitespace included.`);
  const occurrences = countOccurrences(content, oldText);
  if (occurrences > 1) {
    return executionFailure(`Text to replace is ambiguous: it occurs ${occurrences} times in ${path}. Include more surrounding lines so it matches once.`);
  }
  return undefined;
}

function countOccurrences(text: string, part: string): number {
  let count = 0;
  for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length)) count++;
  return count;
}
