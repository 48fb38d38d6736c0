import { GIT_GLOBAL_OPTIONS, HOLE, isLiteral, readOptions, type ShellWord } from './shell-analysis';

/** yes: the command matches; maybe: it could, depending on words only the run knows; no: it cannot. */
export type Match = 'yes' | 'maybe' | 'no';

/** A default ask rule, judged on a command's parsed words rather than its text. */
export interface DefaultAskRule {
  /** How messages and listings name it (`rm -r`, `git push`). */
  pattern: string;
  /** A longer name for the label, if any (`rm -r (recursive delete)`). */
  name?: string;
  /** `words` start at the command name (a basename), assignments and runners already taken off. */
  match(name: string, args: readonly ShellWord[]): Match;
}

/** A word could be this literal text (a glob or an expansion could produce it). */
function couldBe(word: ShellWord, text: string): Match {
  if (isLiteral(word)) return word.value === text ? 'yes' : 'no';
  const pattern = new RegExp(
    `^${word.value
      .split(HOLE)
      .map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[\\s\\S]*')}$`,
  );
  return pattern.test(text) ? 'maybe' : 'no';
}

function strongest(matches: Iterable<Match>): Match {
  let best: Match = 'no';
  for (const match of matches) {
    if (match === 'yes') return 'yes';
    if (match === 'maybe') best = 'maybe';
  }
  return best;
}

/**
 * An option given in any spelling GNU getopt accepts: in a cluster (`-fr`, `-Rf`), long or abbreviated
 * (`--recursive`, `--rec`, `--r`), before or after operands, up to `--`. A word only the run knows that could
 * start with `-` makes it a maybe (a file named `-rf` matched by `rm *` is the classic).
 */
function optionGiven(args: readonly ShellWord[], letters: string, long: string): Match {
  let found: Match = 'no';
  for (const word of args) {
    const value = word.value;
    if (value === '--' && isLiteral(word)) break;
    if (!isLiteral(word)) {
      if (value.startsWith(HOLE) || value.startsWith('-')) found = 'maybe';
      continue;
    }
    if (value.startsWith('--')) {
      const given = value.slice(2).split('=')[0]!;
      if (given && long.startsWith(given)) return 'yes';
    } else if (value.startsWith('-') && [...value.slice(1)].some((letter) => letters.includes(letter))) {
      return 'yes';
    }
  }
  return found;
}

/** Whether any word could be this one (npm and docker take their subcommand after options in any place). */
function anyWord(args: readonly ShellWord[], text: string): Match {
  return strongest(args.map((word) => couldBe(word, text)));
}

/** git's subcommand (after `-C dir`, `-c k=v`, `--git-dir=.`...) could be this one. */
function gitSubcommand(args: readonly ShellWord[], subcommand: string, then?: (rest: readonly ShellWord[]) => Match): Match {
  const read = readOptions(args, GIT_GLOBAL_OPTIONS);
  const [first, ...rest] = read.operands;
  if (!first) return read.unsure ? 'maybe' : 'no';
  const named = couldBe(first, subcommand);
  if (named === 'no') return read.unsure ? 'maybe' : 'no';
  const also = then ? then(rest) : 'yes';
  if (also === 'no') return 'no';
  return named === 'yes' && also === 'yes' && !read.unsure ? 'yes' : 'maybe';
}

const named =
  (...names: string[]) =>
  (name: string): Match =>
    names.includes(name) ? 'yes' : 'no';

const subcommandOf =
  (program: string, subcommand: string) =>
  (name: string, args: readonly ShellWord[]): Match =>
    name === program ? anyWord(args, subcommand) : 'no';

/**
 * What the policy asks about unless told otherwise (`defaults: false` drops them; a rule of yours that
 * matches a command decides it first). Destructive or outward commands only: an agent must be able to work
 * without a prompt for every `ls`. Each is matched on the parsed words of every command of the line, runners
 * (`sudo`, `env`, `xargs`...) taken off, options in any order and spelling.
 */
export const DEFAULT_ASK_RULES: readonly DefaultAskRule[] = [
  { pattern: 'rm -r', name: 'rm -r (recursive delete)', match: (name, args) => (name === 'rm' ? optionGiven(args, 'rR', 'recursive') : 'no') },
  { pattern: 'find -delete', match: (name, args) => (name === 'find' ? anyWord(args, '-delete') : 'no') },
  { pattern: 'git push', match: (name, args) => (name === 'git' ? gitSubcommand(args, 'push') : 'no') },
  { pattern: 'git reset --hard', match: (name, args) => (name === 'git' ? gitSubcommand(args, 'reset', (rest) => anyWord(rest, '--hard')) : 'no') },
  { pattern: 'git clean', match: (name, args) => (name === 'git' ? gitSubcommand(args, 'clean') : 'no') },
  { pattern: 'npm publish', match: subcommandOf('npm', 'publish') },
  { pattern: 'yarn publish', match: subcommandOf('yarn', 'publish') },
  { pattern: 'pnpm publish', match: subcommandOf('pnpm', 'publish') },
  { pattern: 'cargo publish', match: subcommandOf('cargo', 'publish') },
  { pattern: 'twine upload', match: subcommandOf('twine', 'upload') },
  { pattern: 'gem push', match: subcommandOf('gem', 'push') },
  { pattern: 'docker push', match: (name, args) => (name === 'docker' || name === 'podman' ? anyWord(args, 'push') : 'no') },
  { pattern: 'ssh', match: named('ssh') },
  { pattern: 'scp', match: named('scp', 'sftp') },
  { pattern: 'sudo', match: named('sudo') },
  { pattern: 'doas', match: named('doas') },
  { pattern: 'su', match: named('su') },
  { pattern: 'dd', match: named('dd') },
  { pattern: 'mkfs', match: (name) => (name.startsWith('mkfs') ? 'yes' : 'no') },
  { pattern: 'shutdown', match: named('shutdown', 'poweroff', 'halt') },
  { pattern: 'reboot', match: named('reboot') },
  { pattern: 'chmod -R', match: (name, args) => (name === 'chmod' ? optionGiven(args, 'R', 'recursive') : 'no') },
  { pattern: 'chown -R', match: (name, args) => (name === 'chown' || name === 'chgrp' ? optionGiven(args, 'R', 'recursive') : 'no') },
];

/** The default ask rules by their patterns, as listings and `ask` messages name them. */
export const DEFAULT_ASK_PATTERNS: readonly string[] = DEFAULT_ASK_RULES.map((rule) => rule.pattern);
