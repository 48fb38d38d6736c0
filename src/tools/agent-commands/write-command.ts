import { commandSuccess, executionFailure } from '../command-results';
import { NotRegularFile } from '../security/file-refusal';
import { parseHeredoc } from '../heredoc-input';
import { fileErrorResult } from './file-errors';
import { resolvePath, splitArguments, UsageError, type AgentCommand } from './agent-command';

export const writeCommand: AgentCommand = {
  name: 'write',
  usage: `Usage: write <path> <content>   or   write <path> <<'EOF' (lines, then a line EOF)`,
  help: [
    'write <path> <content>',
    "write <path> <<'EOF'",
    '...lines...',
    'EOF',
    '  Create or overwrite a file (parent directories are created). Relative paths resolve against the',
    "  shell's current directory. Quote <content> as one argument; no $VAR or glob expansion happens.",
    '  The heredoc form writes the lines literally, each ending with a newline.',
    `Examples: write notes.txt "first line" | write src/a.ts <<'EOF' ... EOF`,
  ].join('\n'),
  writes: true,
  async run(args, { cwd, files }) {
    let heredoc;
    try {
      heredoc = parseHeredoc(args);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const words = splitArguments(heredoc ? heredoc.head : args);
    if (heredoc && words.length !== 1) throw new UsageError('the heredoc form takes exactly one <path> before <<');
    if (!heredoc && words.length !== 2) {
      // Stryker disable next-line EqualityOperator: exactly 2 words never get here, so < 2 and <= 2 agree.
      throw new UsageError(words.length < 2 ? 'missing <path> or <content>' : `expected <path> and one quoted <content>, got ${words.length} arguments`);
    }
    const [path] = words;
    const content = heredoc ? heredoc.body : words[1];
    try {
      await files.write(resolvePath(cwd, path), Buffer.from(content));
    } catch (error) {
      if (error instanceof NotRegularFile) return executionFailure(`Cannot write ${path}: it is not a regular file (${error.kind})`);
      return fileErrorResult(error, path);
    }
    return commandSuccess(`Wrote ${Buffer.byteLength(content)} bytes to ${path}\n`);
  },
};
