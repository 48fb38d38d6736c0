import { isAbsolute, join, resolve } from 'node:path';
import { commandSuccess } from '../command-results';
import { DEFAULT_SKIPPED_DIRECTORIES, walkFiles } from '../file-walker';
import { globToRegExp, hasGlobMagic } from '../glob-pattern';
import { SandboxRefusal } from '../security/workspace-files';
import { fileErrorResult } from './file-errors';
import { resolvePath, splitArguments, UsageError, type AgentCommand } from './agent-command';

const MAX_RESULTS = 1000;

export const globCommand: AgentCommand = {
  name: 'glob',
  usage: 'Usage: glob <pattern> [directory]',
  help: [
    'glob <pattern> [directory]',
    '  List the files matching a glob pattern, one per line, sorted. The pattern is relative to',
    "  [directory] (default: the shell's current directory) unless it is absolute.",
    '  * and ? match within a path segment, ** across segments, [abc] a class, {a,b} alternatives.',
    `  .git and node_modules are skipped unless the pattern names them; at most ${MAX_RESULTS} paths are listed.`,
    'Quote the pattern so the shell syntax is not misread: glob "src/**/*.ts"',
  ].join('\n'),
  writes: false,
  async run(args, { cwd, signal, files }) {
    const words = splitArguments(args);
    if (words.length < 1 || words.length > 2) throw new UsageError(words.length ? 'too many arguments' : 'missing <pattern>');
    const [pattern, directory] = words;
    const base = directory === undefined ? cwd : resolvePath(cwd, directory);
    if (directory !== undefined) {
      try {
        await files.list(base);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') throw new UsageError(`${directory} is not a directory`);
        return fileErrorResult(error, directory);
      }
    }
    // Walk from the longest literal directory prefix; match the rest of the pattern below it.
    const segments = pattern.split('/');
    const firstMagic = segments.findIndex(hasGlobMagic);
    // Without magic (-1), the last segment is the rest: slice(0, -1) and slice(-1) split it off.
    const staticPart = segments.slice(0, firstMagic).join('/') || (isAbsolute(pattern) ? '/' : '');
    const rest = segments.slice(firstMagic).join('/');
    const root = resolve(base, staticPart);
    const matcher = globToRegExp(rest);
    const skipDirectories = new Set([...DEFAULT_SKIPPED_DIRECTORIES].filter((name) => !pattern.includes(name)));
    // Without **, no match lies deeper than the rest has slashes (an upper bound: a deeper walk finds nothing more).
    // Stryker disable next-line ArithmeticOperator,StringLiteral: a larger bound only walks further for files the matcher rejects (split('') counts characters, never fewer than the slashes: the rest begins with a magic segment).
    const maxDepth = rest.includes('**') ? Infinity : rest.split('/').length - 1;

    const matches: string[] = [];
    let more = false;
    try {
      for await (const file of walkFiles(root, { signal, skipDirectories, maxDepth, list: (path) => files.list(path) })) {
        if (!matcher.test(file)) continue;
        if (matches.length === MAX_RESULTS) {
          more = true;
          break;
        }
        matches.push(join(staticPart, file));
      }
    } catch (error) {
      // A root that is missing or no directory holds no match; one the sandbox hides is refused, saying so.
      if (error instanceof SandboxRefusal) return fileErrorResult(error, root);
    }
    if (!matches.length) return commandSuccess(`No files match ${pattern}\n`);
    return commandSuccess(`${matches.join('\n')}${more ? `\n[more than ${MAX_RESULTS} matches; narrow the pattern]` : ''}\n`);
  },
};
