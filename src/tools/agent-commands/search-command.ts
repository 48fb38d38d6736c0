import { readFile, stat } from 'node:fs/promises';
import { relative } from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { RE2JS } from 're2js';
import { positiveIntFromEnv } from '../../env-settings';
import { commandSuccess, executionFailure, permissionFailure } from '../command-results';
import { walkFiles } from '../file-walker';
import { globToRegExp } from '../glob-pattern';
import { fileErrorResult } from './file-errors';
import { parseOptions, resolvePath, splitArguments, UsageError, type AgentCommand } from './agent-command';

const MAX_MATCHES = 500;
const MAX_FILE_BYTES = 2 * 1024 * 1024;
const MAX_LINE_CHARS = 300;
/** A search that has not finished by then stops and says so; RE2 is linear, but a tree can be big. */
const searchDeadlineMs = () => positiveIntFromEnv('SYNAPSE_SEARCH_TIMEOUT', 10_000);
/** Lines between two yields to the event loop, so a cancel or a timer can run during a long search. */
const LINES_PER_SLICE = 5_000;

export const searchCommand: AgentCommand = {
  name: 'search',
  usage: 'Usage: search <regex> [path] [-i] [--glob <pattern>]',
  help: [
    'search <regex> [path] [-i] [--glob <pattern>]',
    '  Search file contents with a regular expression (RE2 syntax: linear time, so no lookaround or',
    '  backreferences) and print path:line: text for each',
    "  matching line. [path] is a file or directory (default: the shell's current directory).",
    '  -i / --ignore-case   case-insensitive',
    '  --glob <pattern>     only files whose path (relative to [path]) matches, e.g. "**/*.ts"',
    `  Binary files, files over 2 MB, .git and node_modules are skipped; at most ${MAX_MATCHES} matches are listed.`,
    'Example: search "function \\w+Router" src --glob "**/*.ts"',
  ].join('\n'),
  writes: false,
  async run(args, { cwd, signal, paths }) {
    const { positional, options } = parseOptions(splitArguments(args), ['--glob'], ['-i', '--ignore-case']);
    if (positional.length < 1 || positional.length > 2) throw new UsageError(positional.length ? 'too many arguments' : 'missing <regex>');
    const [source, where = '.'] = positional;
    let regex: RE2JS;
    try {
      regex = RE2JS.compile(source, options.has('-i') || options.has('--ignore-case') ? RE2JS.CASE_INSENSITIVE : 0);
    } catch (error) {
      throw new UsageError(`invalid regular expression (RE2 syntax: no lookaround or backreferences): ${(error as Error).message}`);
    }
    const onlyFiles = options.has('--glob') ? globToRegExp(options.get('--glob')!) : undefined;
    const root = resolvePath(cwd, where);
    const refused = paths.refuseRead(root);
    if (refused) return permissionFailure(refused);
    let isDirectory: boolean;
    try {
      isDirectory = (await stat(root)).isDirectory();
    } catch (error) {
      return fileErrorResult(error, where);
    }

    const lines: string[] = [];
    const deadlineMs = searchDeadlineMs();
    const deadline = Date.now() + deadlineMs;
    let sinceYield = 0;
    const files = isDirectory ? walkFiles(root, { signal, enter: (directory) => !paths.refuseRead(directory) }) : single(root);
    for await (const file of files) {
      if (onlyFiles && !onlyFiles.test(isDirectory ? file : relative(cwd, file))) continue;
      const path = isDirectory ? `${root}/${file}` : file;
      const text = await readText(path);
      if (text === undefined) continue;
      const shown = relative(cwd, path);
      const fileLines = text.split('\n');
      for (let index = 0; index < fileLines.length && lines.length <= MAX_MATCHES; index++) {
        const line = fileLines[index];
        if (regex.test(line)) lines.push(`${shown}:${index + 1}: ${line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}…` : line}`);
        // Stryker disable next-line EqualityOperator: how often the search yields changes when a cancel or the deadline is noticed, not what it finds.
        if (++sinceYield < LINES_PER_SLICE) continue;
        sinceYield = 0;
        await yieldToEventLoop();
        if (signal.aborted) break;
        // Stryker disable next-line EqualityOperator: one millisecond either side of the deadline.
        if (Date.now() > deadline) {
          return executionFailure(
            `search /${source}/ timed out after ${deadlineMs} ms without finishing (${lines.length} matches so far, in ${shown} at line ${index + 1}); narrow [path] or --glob, or use grep/rg`,
          );
        }
      }
      // Stryker disable next-line LogicalOperator: stops reading files once the page is over full or cancelled; further files add no line.
      if (lines.length > MAX_MATCHES || signal.aborted) break;
    }
    if (!lines.length) return commandSuccess(`No matches for /${source}/ in ${where}\n`);
    const more = lines.length > MAX_MATCHES ? `\n[more than ${MAX_MATCHES} matches; narrow the search]` : '';
    return commandSuccess(`${lines.slice(0, MAX_MATCHES).join('\n')}${more}\n`);
  },
};

async function* single(path: string): AsyncGenerator<string> {
  yield path;
}

/** A file's text, or undefined for what search skips: non-files, big files, binary and unreadable ones. */
async function readText(path: string): Promise<string | undefined> {
  try {
    const info = await stat(path);
    if (!info.isFile() || info.size > MAX_FILE_BYTES) return undefined; // a FIFO would block the read
    const bytes = await readFile(path);
    return bytes.subarray(0, 8000).includes(0) ? undefined : bytes.toString('utf8');
  } catch {
    // gone since the walk, or unreadable (EIO...): skipped
  }
  return undefined;
}
