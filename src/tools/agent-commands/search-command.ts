import { relative } from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { RE2JS } from 're2js';
import { positiveIntFromEnv } from '../../env-settings';
import { commandSuccess, executionFailure } from '../command-results';
import { walkFiles } from '../file-walker';
import { globToRegExp } from '../glob-pattern';
import { SandboxRefusal, type WorkspaceFiles } from '../security/workspace-files';
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
  async run(args, { cwd, signal, files }) {
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
    const lines: string[] = [];
    const deadlineMs = searchDeadlineMs();
    const deadline = Date.now() + deadlineMs;
    let sinceYield = 0;
    try {
      for await (const { path, text } of searchedTexts(files, root, { signal, onlyFiles, cwd })) {
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
    } catch (error) {
      return fileErrorResult(error, where);
    }
    if (!lines.length) return commandSuccess(`No matches for /${source}/ in ${where}\n`);
    const more = lines.length > MAX_MATCHES ? `\n[more than ${MAX_MATCHES} matches; narrow the search]` : '';
    return commandSuccess(`${lines.slice(0, MAX_MATCHES).join('\n')}${more}\n`);
  },
};

/**
 * The texts to search: every file below `root` when it is a directory (in the walk's order, skipping what
 * readText skips), else `root` itself. What is wrong with the root is thrown: missing, or refused by the
 * sandbox (as the one file, too).
 */
async function* searchedTexts(
  files: WorkspaceFiles,
  root: string,
  { signal, onlyFiles, cwd }: { signal: AbortSignal; onlyFiles?: RegExp; cwd: string },
): AsyncGenerator<{ path: string; text: string }> {
  try {
    await files.list(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOTDIR') throw error;
    if (onlyFiles && !onlyFiles.test(relative(cwd, root))) return;
    const text = await readText(files, root, true);
    if (text !== undefined) yield { path: root, text };
    return;
  }
  for await (const file of walkFiles(root, { signal, list: (path) => files.list(path) })) {
    if (onlyFiles && !onlyFiles.test(file)) continue;
    const path = `${root}/${file}`;
    const text = await readText(files, path);
    if (text !== undefined) yield { path, text };
  }
}

/**
 * A file's text, or undefined for what search skips: non-files, big files, binary and unreadable ones, and
 * (unless `refusals` are wanted: the one file searched) what the sandbox refuses.
 */
async function readText(files: WorkspaceFiles, path: string, refusals = false): Promise<string | undefined> {
  try {
    const bytes = await files.readFile(path, MAX_FILE_BYTES);
    return bytes.subarray(0, 8000).includes(0) ? undefined : bytes.toString('utf8');
  } catch (error) {
    if (refusals && error instanceof SandboxRefusal) throw error;
    // gone since the walk, not a regular file, too big, unreadable (EIO...) or hidden: skipped
  }
  return undefined;
}
