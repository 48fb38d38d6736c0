import type { InnerRun, StandardInput } from './command-runners';
import { isLiteral, type ShellWord } from './shell-words';

/** Programs that run shell text; their `-c` text and scripts are read as shell. */
export const SHELLS: ReadonlySet<string> = new Set(['bash', 'sh', 'dash', 'zsh', 'ksh', 'ksh93', 'mksh', 'pdksh', 'oksh', 'ash', 'yash', 'posh', 'rbash', 'fish', 'csh', 'tcsh']);

/** Long options of shells that take the next word as their value. */
const LONG_WITH_VALUE = new Set(['--rcfile', '--init-file', '--command', '--init-command']);
/** Options that make a shell read a file of commands the line does not show. */
const READS_A_FILE = new Set(['--rcfile', '--init-file']);

/**
 * What a shell runs given these arguments: its `-c` text (options in any order: `bash -c -o posix 'x'`,
 * `bash -xce 'x'`, `fish --command=x`), a script named by a file (opaque, like any program file; bash's
 * first word is also judged as a command, since the router drops a stray `bash ` prefix before a command),
 * or what it reads from its input: a here-document or here-string that is literal text is read as shell,
 * anything else (a pipe, the session's input, text only the run knows) cannot be seen and is asked.
 */
export function shellRuns(name: string, args: readonly ShellWord[], stdin: StandardInput): InnerRun[] {
  let command = false;
  let fromInput = false;
  let at = 0;
  const runs: InnerRun[] = [];
  for (; at < args.length; at++) {
    const word = args[at]!;
    const text = word.value;
    if (!isLiteral(word) && /^[-+]|^\uE000/.test(text)) return [{ kind: 'opaque', reason: `${name}: the option ${word.text} is only known when it runs` }];
    if (text === '--' || text === '-') {
      at++;
      break;
    }
    if (text.startsWith('--')) {
      const [option, value] = text.split(/=(.*)/s, 2) as [string, string | undefined];
      if (READS_A_FILE.has(option)) runs.push({ kind: 'opaque', reason: `${name} ${option} reads commands from a file` });
      if (option === '--command' || option === '--init-command') {
        const script = value === undefined ? args[++at] : { text: value, value };
        if (script) runs.push({ kind: 'script', word: script, by: `${name} ${option}` });
      } else if (value === undefined && LONG_WITH_VALUE.has(option)) {
        at++;
      }
      continue;
    }
    if (!/^[-+]./.test(text)) break;
    for (const letter of text.slice(1)) {
      if (letter === 'c') command = true;
      else if (letter === 's' && text[0] === '-') fromInput = true;
      // -o / -O take the next word, even from inside a cluster (`-eo pipefail`).
      else if (letter === 'o' || letter === 'O') at++;
    }
  }
  const operands = args.slice(at);
  if (command) {
    const script = operands[0];
    return script ? [...runs, { kind: 'script', word: script, by: `${name} -c` }] : runs;
  }
  if (operands.length && !fromInput) {
    const script = operands[0]!;
    if (!isLiteral(script)) return [...runs, { kind: 'opaque', reason: `${name} runs a script named only when it runs (${script.text})` }];
    return name === 'bash' && at === 0 ? [...runs, { kind: 'command', words: [...operands] }] : runs;
  }
  return [...runs, ...readsInput(name, stdin)];
}

function readsInput(name: string, stdin: StandardInput): InnerRun[] {
  switch (stdin.kind) {
    case 'text':
      return isLiteral(stdin.word)
        ? [{ kind: 'script', word: stdin.word, by: `${name} reading a here-document` }]
        : [{ kind: 'opaque', reason: `${name} reads commands from text only known when it runs` }];
    case 'file':
      return isLiteral(stdin.word) ? [] : [{ kind: 'opaque', reason: `${name} reads commands from a file named only when it runs` }];
    case 'pipe':
      return [{ kind: 'opaque', reason: `${name} reads commands from a pipe, which the policy cannot see` }];
    case 'inherited':
      return [{ kind: 'opaque', reason: `${name} reads commands from its standard input, which the policy cannot see` }];
  }
}
