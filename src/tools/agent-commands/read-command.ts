import { commandSuccess, executionFailure } from '../command-results';
import { NotRegularFile } from '../security/file-refusal';
import { fileErrorResult } from './file-errors';
import { readLines, READ_LIMITS } from './line-reader';
import { parseOptions, positiveIntegerOption, resolvePath, splitArguments, UsageError, type AgentCommand } from './agent-command';

const DEFAULT_LIMIT = 2000;

export const readCommand: AgentCommand = {
  name: 'read',
  usage: 'Usage: read <path> [--offset N] [--limit N]',
  help: [
    'read <path> [--offset N] [--limit N]',
    '  Print a text file with line numbers, as cat -n does: each line is its number (right-aligned in six',
    '  columns), a tab, then the line. The number and the tab are not part of the file: leave them out of',
    "  edit's <old text>. Relative paths resolve against the shell's current directory.",
    `  --offset N  first line to print (1-based, default 1)`,
    `  --limit N   number of lines to print (default ${DEFAULT_LIMIT})`,
    `  Lines longer than ${READ_LIMITS.lineChars} characters are cut, and at most ${READ_LIMITS.outputBytes / 1024} KiB are printed;`,
    '  when lines remain, a last line says how to read on (the numbers are the ones printed). An --offset',
    '  past the end prints a note with the number of lines. Only regular text files can be read.',
    'Examples: read src/index.ts | read notes.md --offset 100 --limit 50',
  ].join('\n'),
  writes: false,
  async run(args, { cwd, signal, files }) {
    const { positional, options } = parseOptions(splitArguments(args), ['--offset', '--limit']);
    if (positional.length !== 1) throw new UsageError(positional.length ? 'read takes exactly one path' : 'missing <path>');
    const offset = positiveIntegerOption(options, '--offset', 1);
    const limit = positiveIntegerOption(options, '--limit', DEFAULT_LIMIT);
    const [path] = positional;
    let file;
    try {
      file = await files.openRead(resolvePath(cwd, path));
    } catch (error) {
      if (error instanceof NotRegularFile && error.kind === 'a directory') return executionFailure(`Is a directory: ${path} (list it with glob or ls)`);
      if (error instanceof NotRegularFile) return executionFailure(`Cannot read ${path}: it is not a regular file (${error.kind}); read only reads files`);
      return fileErrorResult(error, path);
    }
    let page;
    try {
      page = await readLines(file, { offset, limit, signal });
    } catch (error) {
      return fileErrorResult(error, path);
    } finally {
      await file.close().catch(() => undefined);
    }
    if (page.binary) return executionFailure(`Cannot read ${path}: it is a binary file`);
    const { lines, totalLines } = page;
    // As `cat -n` prints it, the file's last newline included (or left out).
    if (page.complete) return commandSuccess(lines.join('\n') + (page.endsWithNewline ? '\n' : ''));
    // Only an --offset past the end leaves an incomplete page empty: an empty window, not an error.
    if (!lines.length) return commandSuccess(`[--offset ${offset} is past the end: ${path} has ${totalLines} line${totalLines === 1 ? '' : 's'}]\n`);
    const last = offset - 1 + lines.length;
    const total = page.totalKnown ? `${totalLines}` : `more than ${totalLines}`;
    const capped = page.cappedBytes ? `; output capped at ${READ_LIMITS.outputBytes / 1024} KiB` : '';
    const more = page.more ? ` Continue with: read ${path} --offset ${last + 1} --limit ${limit}` : '';
    return commandSuccess(`${lines.join('\n')}\n[lines ${offset}-${last} of ${total}${capped}.${more}]\n`);
  },
};
