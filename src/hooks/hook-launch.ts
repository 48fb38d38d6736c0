import { accessSync, constants, openSync, readSync, closeSync, statSync } from 'node:fs';
import { basename, isAbsolute, join } from 'node:path';

/**
 * How a hook command is started. `bash -c` always means the same; when the command is plain words naming an
 * executable (`/usr/local/bin/check --strict`, `node hooks/guard.js`), bash would only exec that file with
 * those words, so it is exec'd directly (a shell's start-up saved), and a `node` script runs in a node
 * process started ahead of time (node's start-up saved: see NodeWarmer).
 */
export type HookLaunch = { kind: 'shell' } | { kind: 'exec'; file: string; args: string[] } | { kind: 'node'; node: string; script: string; args: string[] };

const SHELL: HookLaunch = { kind: 'shell' };
/** Words bash passes on unchanged: no quotes, expansions, globs, redirections, separators or comments. */
const PLAIN_WORD = /^[A-Za-z0-9_./@%+:,-]+$/;
/** What bash runs itself rather than from PATH. */
const BASH_BUILTINS = new Set(
  (
    '. : [ alias bg bind break builtin caller cd command compgen complete compopt continue declare dirs disown echo enable eval exec exit export ' +
    'false fc fg getopts hash help history jobs kill let local logout mapfile popd printf pushd pwd read readarray readonly return set shift shopt ' +
    'source suspend test times trap true type typeset ulimit umask unalias unset wait if then else elif fi case esac for select while until do done ' +
    'in function time'
  ).split(' '),
);

export function planLaunch(command: string, path: string | undefined): HookLaunch {
  const words = command.trim().split(/[ \t]+/);
  if (!words.every((word) => PLAIN_WORD.test(word))) return SHELL;
  const [first, ...args] = words as [string, ...string[]];
  if (BASH_BUILTINS.has(first)) return SHELL;
  const file = isAbsolute(first) ? executable(first) : first.includes('/') ? undefined : findInPath(first, path);
  if (!file) return SHELL;
  if (basename(file) === 'node' && args[0] && !args[0].startsWith('-')) return { kind: 'node', node: file, script: args[0], args: args.slice(1) };
  // A file that is neither a binary nor a `#!` script bash would run as a shell script: leave that to bash.
  return startsLikeAProgram(file) ? { kind: 'exec', file, args } : SHELL;
}

function findInPath(name: string, path: string | undefined): string | undefined {
  for (const dir of (path ?? '').split(':')) {
    // A relative PATH entry depends on the directory the hook runs in: leave that to bash.
    if (!isAbsolute(dir)) return undefined;
    const found = executable(join(dir, name));
    if (found) return found;
  }
  return undefined;
}

function executable(file: string): string | undefined {
  try {
    if (!statSync(file).isFile()) return undefined;
    accessSync(file, constants.X_OK);
    return file;
  } catch {
    return undefined;
  }
}

/** An ELF binary or a `#!` script: what exec runs as bash would. */
function startsLikeAProgram(file: string): boolean {
  const head = Buffer.alloc(4);
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const read = readSync(fd, head, 0, 4, 0);
    return (read >= 2 && head[0] === 0x23 && head[1] === 0x21) || (read === 4 && head.toString('latin1') === '\x7fELF');
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
