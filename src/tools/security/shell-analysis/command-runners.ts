import { hasOption, type OptionSpec, readOptions, valuesOf } from './command-options';
import { assignmentRisk } from './code-builtins';
import { HOLE, isLiteral, joinWords, literalWord, type ShellWord, UNKNOWN_WORD } from './shell-words';

/** Something a command runs on our behalf: another command, shell text, or what the policy cannot see. */
export type InnerRun = { kind: 'command'; words: ShellWord[] } | { kind: 'script'; word: ShellWord; by: string } | { kind: 'opaque'; reason: string };

/** Where a command's standard input comes from, for a shell that reads its script there. */
export type StandardInput = { kind: 'text'; word: ShellWord } | { kind: 'file'; word: ShellWord } | { kind: 'pipe' } | { kind: 'inherited' };

interface Runner {
  options: OptionSpec;
  /** Operands that belong to the runner before the command (timeout's duration, chroot's new root). */
  operands?: number;
  /** Words with `=` before the command are assignments (env, sudo). */
  assignments?: boolean;
  /** Options whose value is shell text (`env -S`, `su -c`, `flock -c`). */
  scripts?: readonly string[];
  /** Options after which nothing runs (`command -v`, `taskset -p`). */
  noCommand?: readonly string[];
  /** Without a command, it starts an interactive shell, reading its input. */
  shellWithoutCommand?: boolean;
  /** The command words are joined into shell text (watch, sg). */
  joined?: boolean;
}

const RUNNERS: ReadonlyMap<string, Runner> = new Map(
  Object.entries<Runner>({
    sudo: {
      options: {
        // -h alone is help (nothing runs); with a command after it, it can only have taken a host.
        short: 'aCcDgpRrTtUuh',
        long: ['auth-type', 'close-from', 'login-class', 'chdir', 'group', 'host', 'prompt', 'chroot', 'role', 'type', 'command-timeout', 'other-user', 'user'],
        flags: 'ABbEeHiKklNnPSsVv',
        longFlags: [
          'askpass',
          'background',
          'bell',
          'preserve-env',
          'edit',
          'help',
          'set-home',
          'login',
          'remove-timestamp',
          'reset-timestamp',
          'list',
          'non-interactive',
          'preserve-groups',
          'stdin',
          'shell',
          'version',
          'validate',
        ],
      },
      assignments: true,
      noCommand: ['-e', '--edit', '-l', '--list', '-v', '--validate', '-k', '-K', '--remove-timestamp', '-V', '--version'],
      shellWithoutCommand: true,
    },
    doas: { options: { short: 'Cu', flags: 'Lns' }, noCommand: ['-L', '-C'], shellWithoutCommand: true },
    env: {
      options: {
        short: 'CSu',
        long: ['chdir', 'split-string', 'unset'],
        flags: '0iv',
        longFlags: ['ignore-environment', 'null', 'debug', 'block-signal', 'default-signal', 'ignore-signal', 'list-signal-handling'],
      },
      assignments: true,
      scripts: ['-S', '--split-string'],
    },
    nice: { options: { short: 'n', long: ['adjustment'] } },
    ionice: { options: { short: 'cnpPu', long: ['class', 'classdata', 'pid', 'pgid', 'uid'], flags: 't', longFlags: ['ignore'] }, noCommand: ['-p', '--pid', '-P', '--pgid', '-u', '--uid'] },
    timeout: { options: { short: 'ks', long: ['kill-after', 'signal'], flags: 'v', longFlags: ['foreground', 'preserve-status', 'verbose'] }, operands: 1 },
    nohup: { options: {} },
    setsid: { options: { flags: 'cfw', longFlags: ['ctty', 'fork', 'wait'] } },
    // bash's `time` keyword and /usr/bin/time, together.
    time: { options: { short: 'fo', long: ['format', 'output'], flags: 'apqvV', longFlags: ['append', 'portability', 'quiet', 'verbose'] } },
    taskset: { options: { flags: 'acp', longFlags: ['all-tasks', 'cpu-list', 'pid'] }, operands: 1, noCommand: ['-p', '--pid'] },
    stdbuf: { options: { short: 'ioe', long: ['input', 'output', 'error'] } },
    chroot: { options: { long: ['userspec', 'groups'], longFlags: ['skip-chdir'] }, operands: 1, shellWithoutCommand: true },
    command: { options: { flags: 'pvV' }, noCommand: ['-v', '-V'] },
    builtin: { options: {} },
    exec: { options: { short: 'a', flags: 'cl' } },
    nsenter: {
      options: { short: 'tSGwr', long: ['target', 'setuid', 'setgid', 'wd', 'root', 'env'], flags: 'aFmuinpUCTZ', longFlags: ['all', 'no-fork', 'preserve-credentials', 'follow-context'] },
      shellWithoutCommand: true,
    },
    unshare: {
      options: {
        short: 'S',
        long: ['setuid', 'setgid', 'wd', 'root', 'propagation', 'setgroups', 'map-user', 'map-group', 'map-users', 'map-groups'],
        flags: 'imnpuUCTfrc',
        longFlags: ['fork', 'map-root-user', 'map-current-user', 'kill-child', 'mount-proc'],
      },
      shellWithoutCommand: true,
    },
    chrt: {
      options: {
        short: 'TPD',
        long: ['sched-runtime', 'sched-period', 'sched-deadline'],
        flags: 'abdfiormRv',
        longFlags: ['all-tasks', 'batch', 'deadline', 'fifo', 'idle', 'other', 'rr', 'reset-on-fork', 'verbose'],
      },
      operands: 1,
      noCommand: ['-p', '--pid', '-m', '--max'],
    },
    prlimit: { options: { short: 'po', long: ['pid', 'output'], flags: 'v', longFlags: ['noheadings', 'raw', 'verbose'] }, noCommand: ['-p', '--pid'] },
    flock: {
      options: { short: 'wEc', long: ['timeout', 'conflict-exit-code', 'command'], flags: 'sxneuoF', longFlags: ['shared', 'exclusive', 'nonblock', 'unlock', 'close', 'no-fork', 'verbose'] },
      operands: 1,
      scripts: ['-c', '--command'],
    },
    watch: {
      options: {
        short: 'nq',
        long: ['interval', 'equexit'],
        flags: 'bcdegpprtwx',
        longFlags: ['beep', 'color', 'no-color', 'differences', 'errexit', 'chgexit', 'precise', 'no-title', 'no-wrap', 'exec', 'no-rerun'],
      },
      joined: true,
    },
    sg: { options: { flags: 'c' }, operands: 1, joined: true },
    chronic: { options: { flags: 'ev' } },
    unbuffer: { options: { flags: 'p' } },
    sshpass: { options: { short: 'pfdPe', flags: 'vh' } },
    'dbus-run-session': { options: { long: ['config-file', 'dbus-daemon'] } },
    fakeroot: { options: { short: 'ils', long: ['lib', 'faked'], flags: 'u', longFlags: ['unknown-is-real'] } },
    faketime: { options: { short: 'm', flags: 'f' }, operands: 1 },
    strace: { options: { short: 'abeEIoOpPsSuUX', long: ['output', 'user', 'trace', 'signal', 'env', 'attach'], flags: 'cCdDfFhiknqrtTvVwxyYz' } },
    ltrace: { options: { short: 'aAeFlLnopsuxX', long: ['output', 'library'], flags: 'bcCdfhiStTV' } },
    pkexec: { options: { long: ['user'], longFlags: ['disable-internal-agent', 'keep-cwd'] } },
    caffeinate: { options: { short: 'tw', flags: 'dimsu' } },
    'xvfb-run': { options: { short: 'fnpswe', long: ['auth-file', 'server-num', 'xauth-protocol', 'server-args', 'error-file', 'wait'], flags: 'al', longFlags: ['auto-servernum', 'listen-tcp'] } },
  }),
);

/** The commands a runner runs, if `name` is one; undefined for any other program. */
export function runnerRuns(name: string, args: ShellWord[]): InnerRun[] | undefined {
  const runner = RUNNERS.get(name);
  if (!runner) return undefined;
  const read = readOptions(args, runner.options);
  const runs: InnerRun[] = valuesOf(read, ...(runner.scripts ?? [])).map((word) => ({ kind: 'script', word, by: `${name} ${optionUsed(read, runner.scripts!)}` }));
  if (read.unsure) return [...runs, { kind: 'opaque', reason: `${name}: ${read.unsure}, so the command it runs is not certain` }];
  if (runner.noCommand && hasOption(read, ...runner.noCommand)) return runs;
  let words = read.operands.slice(runner.operands ?? 0);
  // flock FILE -c TEXT: the script option comes after the lock file.
  if (name === 'flock' && (words[0]?.value === '-c' || words[0]?.value === '--command')) {
    return words[1] ? [...runs, { kind: 'script', word: words[1], by: `flock ${words[0].value}` }] : runs;
  }
  if (runner.assignments) {
    const count = leadingAssignments(words);
    for (const risk of words.slice(0, count).map(assignmentRisk)) if (risk) runs.push({ kind: 'opaque', reason: `${name}: ${risk}` });
    words = words.slice(count);
  }
  if (!words.length) {
    if (runner.shellWithoutCommand && !runs.length) return [{ kind: 'opaque', reason: `${name} without a command starts a shell that reads commands from its input` }];
    return runs;
  }
  if (runner.joined && !(name === 'watch' && hasOption(read, '-x', '--exec'))) return [...runs, { kind: 'script', word: joinWords(words), by: name }];
  return [...runs, { kind: 'command', words }];
}

/** How many words at the start are assignments (env counts any word with `=`, whatever its name). */
export function leadingAssignments(words: readonly ShellWord[]): number {
  let at = 0;
  while (at < words.length && words[at]!.value.includes('=') && !words[at]!.value.startsWith('=')) at++;
  return at;
}

function optionUsed(read: ReturnType<typeof readOptions>, names: readonly string[]): string {
  return read.options.find((option) => names.includes(option.name))?.name ?? names[0]!;
}

const FIND_ACTIONS = new Set(['-exec', '-execdir', '-ok', '-okdir']);

/** `find ... -exec cmd {} ;`: each action runs its words up to `;` or `+`; `{}` is a path only the run knows. */
export function findRuns(args: readonly ShellWord[]): InnerRun[] {
  const runs: InnerRun[] = [];
  for (let at = 0; at < args.length; at++) {
    if (!FIND_ACTIONS.has(args[at]!.value)) continue;
    const words: ShellWord[] = [];
    for (at++; at < args.length && args[at]!.value !== ';' && args[at]!.value !== '+'; at++) {
      const word = args[at]!;
      words.push(word.value.includes('{}') ? { text: word.text, value: word.value.replaceAll('{}', HOLE) } : word);
    }
    if (words.length) runs.push({ kind: 'command', words });
  }
  return runs;
}

const XARGS: OptionSpec = {
  short: 'adEILnPs',
  optional: 'eil',
  long: ['arg-file', 'delimiter', 'eof', 'replace', 'max-lines', 'max-args', 'max-procs', 'max-chars', 'process-slot-var'],
  flags: '0ioprtx',
  longFlags: ['null', 'interactive', 'no-run-if-empty', 'open-tty', 'verbose', 'exit', 'show-limits'],
};

/** `xargs cmd args`: the command with more arguments read from its input (`echo` when none is given). */
export function xargsRuns(args: readonly ShellWord[]): InnerRun[] {
  const read = readOptions(args, XARGS);
  if (read.unsure) return [{ kind: 'opaque', reason: `xargs: ${read.unsure}, so the command it runs is not certain` }];
  const words = read.operands.length ? read.operands : [literalWord('echo')];
  const replace = valuesOf(read, '-I', '--replace', '-i').map((word) => word.value);
  if (read.options.some((option) => (option.name === '-i' || option.name === '--replace') && !option.value)) replace.push('{}');
  if (!replace.length) return [{ kind: 'command', words: [...words, UNKNOWN_WORD] }];
  // With a replace string, the input takes its place in each word that holds it.
  const replaced = words.map((word) => (replace.some((text) => text && word.value.includes(text)) ? { text: word.text, value: HOLE } : word));
  return [{ kind: 'command', words: replaced }];
}

/** `busybox sh -c ...`: the applet is the command. */
export function busyboxRuns(args: readonly ShellWord[]): InnerRun[] {
  const first = args[0];
  return first && isLiteral(first) && !first.value.startsWith('-') ? [{ kind: 'command', words: [...args] }] : [];
}
