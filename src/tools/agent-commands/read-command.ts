import { readFile } from 'node:fs/promises';
import { commandSuccess, executionFailure } from '../command-results';
import { fileErrorResult } from './file-errors';
import { parseOptions, positiveIntegerOption, resolvePath, splitArguments, UsageError, type AgentCommand } from './agent-command';

const DEFAULT_LIMIT = 2000;

export const readCommand: AgentCommand = {
  name: 'read',
  usage: 'Usage: read <path> [--offset N] [--limit N]',
  help: [
    'read <path> [--offset N] [--limit N]',
    '  Print a text file. Relative paths resolve against the shell\'s current directory.',
    `  --offset N  first line to print (1-based, default 1)`,
    `  --limit N   number of lines to print (default ${DEFAULT_LIMIT})`,
    '  When lines remain, a last line says how to read on.',
    'Examples: read src/index.ts | read notes.md --offset 100 --limit 50',
  ].join('\n'),
  writes: false,
  async run(args, { cwd }) {
    const { positional, options } = parseOptions(splitArguments(args), ['--offset', '--limit']);
    if (positional.length !== 1) throw new UsageError(positional.length ? 'read takes exactly one path' : 'missing <path>');
    const offset = positiveIntegerOption(options, '--offset', 1);
    const limit = positiveIntegerOption(options, '--limit', DEFAULT_LIMIT);
    const [path] = positional;
    let content: string;
    try {
      const bytes = await readFile(resolvePath(cwd, path));
      if (bytes.subarray(0, 8000).includes(0)) return executionFailure(`Cannot read ${path}: it is a binary file`);
      content = bytes.toString('utf8');
    } catch (error) {
      return fileErrorResult(error, path);
    }
    const lines = content.split('\n');
    if (lines.at(-1) === '') lines.pop(); // a final newline ends the last line; it does not start a new one
    if (offset === 1 && lines.length <= limit) return commandSuccess(content);
    if (offset > lines.length) return executionFailure(`--offset ${offset} is past the end of ${path} (${lines.length} lines)`);
    const shown = lines.slice(offset - 1, offset - 1 + limit);
    const last = offset - 1 + shown.length;
    const more = last < lines.length ? ` Continue with: read ${path} --offset ${last + 1} --limit ${limit}` : '';
    return commandSuccess(`${shown.join('\n')}\n[lines ${offset}-${last} of ${lines.length}.${more}]\n`);
  },
};
