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
    "  Print a text file. Relative paths resolve against the shell's current directory.",
    `  --offset N  first line to print (1-based, default 1)`,
    `  --limit N   number of lines to print (default ${DEFAULT_LIMIT})`,
    `  Lines longer than ${READ_LIMITS.lineChars} characters are cut, and at most ${READ_LIMITS.outputBytes / 1024} KiB are printed;`,
    '  when lines remain, a last line says how to read on. Only regular text files can be read.',
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
    if (page.complete) return commandSuccess(page.text);
    if (!page.lines.length) return executionFailure(`--offset ${offset} is past the end of ${path} (${page.totalLines} lines)`);
    const last = offset - 1 + page.lines.length;
    const total = page.totalKnown ? `${page.totalLines}` : `more than ${page.totalLines}`;
    const capped = page.cappedBytes ? `; output capped at ${READ_LIMITS.outputBytes / 1024} KiB` : '';
    const more = page.more ? ` Continue with: read ${path} --offset ${last + 1} --limit ${limit}` : '';
    return commandSuccess(`${page.lines.join('\n')}\n[lines ${offset}-${last} of ${total}${capped}.${more}]\n`);
  },
};
