import { quoteShellArg } from '../shell-quote';

/** Words that start a compound command or a pipeline; the command proper comes after them. */
const RESERVED = new Set(['if', 'then', 'elif', 'else', 'do', 'while', 'until', '!', '{', '}', 'time', 'fi', 'done', 'esac']);

/**
 * Commands that run the command given in their arguments, with the options that take a value (so the
 * value is not mistaken for the command) and whether a first positional word belongs to the wrapper.
 */
const WRAPPERS: Record<string, { withValue?: string[]; firstPositional?: boolean; assignments?: boolean; scriptOption?: string[]; toShell?: boolean }> = {
  sudo: { withValue: ['-u', '-g', '-h', '-p', '-C', '-D', '-r', '-t', '-U', '-T', '--user', '--group', '--host', '--prompt', '--chdir'] },
  doas: { withValue: ['-u', '-C'] },
  env: { withValue: ['-u', '-C', '--unset', '--chdir'], assignments: true, scriptOption: ['-S', '--split-string'] },
  nice: { withValue: ['-n', '--adjustment'] },
  ionice: { withValue: ['-c', '-n', '--class', '--classdata'] },
  timeout: { withValue: ['-s', '-k', '--signal', '--kill-after'], firstPositional: true },
  nohup: {},
  command: {},
  builtin: {},
  exec: { withValue: ['-a'] },
  stdbuf: { withValue: ['-i', '-o', '-e'] },
  setsid: {},
  chronic: {},
  unbuffer: {},
  xargs: { withValue: ['-a', '-d', '-E', '-I', '-L', '-n', '-P', '-s', '--arg-file', '--delimiter', '--eof', '--max-lines', '--max-args', '--max-procs', '--max-chars', '--replace'] },
  flock: { withValue: ['-w', '-E', '--timeout', '--conflict-exit-code'], firstPositional: true, scriptOption: ['-c', '--command'] },
  // The words after su's user are handed to the user's shell: `su -- root -c 'rm x'` runs rm x.
  su: { withValue: ['-g', '-G', '-s', '--group', '--shell'], firstPositional: true, scriptOption: ['-c', '--command'], toShell: true },
  runuser: { withValue: ['-u', '-g', '-G', '-s', '--user', '--group', '--shell'], scriptOption: ['-c', '--command'] },
  watch: { withValue: ['-n', '-d', '--interval'] },
};

const SHELLS = new Set(['bash', 'sh', 'dash', 'zsh', 'ksh', 'mksh', 'ash']);
const FIND_ACTIONS = new Set(['-exec', '-execdir', '-ok', '-okdir']);

/** The command lines a simple command runs on our behalf: `bash -c` scripts, `eval`, wrappers, `find -exec`. */
export function innerCommands(allWords: readonly string[]): string[] {
  const words = commandWords(allWords);
  // Stryker disable next-line StringLiteral: a part with no words has no name; any default naming no shell, eval, find or wrapper finds nothing just the same
  const [name = '', ...args] = words;
  const base = name.slice(name.lastIndexOf('/') + 1);
  const found: string[] = [];
  if (SHELLS.has(base)) {
    found.push(...shellCommands(args));
  } else if (base === 'eval') {
    found.push(args.join(' '));
  } else if (base === 'find') {
    // Each action runs the words after it, up to `;` or `+`.
    args.forEach((arg, at) => {
      if (!FIND_ACTIONS.has(arg)) return;
      const command = args.slice(at + 1);
      const end = command.findIndex((word) => word === ';' || word === '+');
      found.push(
        command
          .slice(0, end < 0 ? undefined : end)
          .map(quoteShellArg)
          .join(' '),
      );
    });
  } else if (WRAPPERS[base]) {
    const spec = WRAPPERS[base];
    const inner = wrapped(spec, args);
    if (inner.script !== undefined) found.push(inner.script);
    if (spec.toShell) found.push(...shellCommands(inner.words));
    else if (inner.words.length) found.push(base === 'watch' ? inner.words.join(' ') : inner.words.map(quoteShellArg).join(' '));
  }
  return found;
}

/** What a shell given these arguments runs: its `-c` script, or the words themselves. */
function shellCommands(args: readonly string[]): string[] {
  const flag = args.findIndex((arg) => /^-[a-zA-Z]*c[a-zA-Z]*$/.test(arg));
  const script = flag >= 0 ? args.slice(flag + 1).find((arg) => !arg.startsWith('-')) : undefined;
  if (script !== undefined) return [script];
  // `bash rm -rf x`: the router drops a stray `bash ` prefix and runs the rest.
  if (args.length && !args[0].startsWith('-')) return [args.map(quoteShellArg).join(' ')];
  return [];
}

/** The words from the command name on: leading assignments and reserved words dropped. */
export function commandWords(words: readonly string[]): string[] {
  let at = 0;
  for (const word of words) {
    if (!RESERVED.has(word) && !/^[A-Za-z_][A-Za-z0-9_]*\+?=/.test(word)) break;
    at++;
  }
  return words.slice(at);
}

function wrapped(spec: (typeof WRAPPERS)[string], args: string[]): { words: string[]; script?: string } {
  let script: string | undefined;
  let i = 0;
  let positionalSkipped = !spec.firstPositional;
  for (; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--') {
      i++;
      break;
    }
    if (spec.scriptOption?.includes(arg)) {
      script = args[++i];
      continue;
    }
    // A lone `-` is an option too (`env -`, `su -`), not the command.
    if (arg.startsWith('-')) {
      if (spec.withValue?.includes(arg)) i++;
      continue;
    }
    // env takes every word with `=` before the command as an assignment, whatever the name (`env 1X=2 rm x` runs rm).
    if (spec.assignments && arg.includes('=')) continue;
    if (!positionalSkipped) {
      positionalSkipped = true;
      continue;
    }
    break;
  }
  if (!positionalSkipped) i++;
  return { words: args.slice(i), script };
}
