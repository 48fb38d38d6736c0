import { type OptionSpec, readOptions, valuesOf } from './command-options';
import type { InnerRun } from './command-runners';
import { isLiteral, type ShellWord } from './shell-words';

/** git's options before the subcommand that take a value. */
export const GIT_GLOBAL_OPTIONS: OptionSpec = {
  short: 'Cc',
  long: ['git-dir', 'work-tree', 'namespace', 'super-prefix', 'config-env', 'exec-path', 'list-cmds', 'attr-source'],
  flags: 'hpPv',
  longFlags: [
    'bare',
    'paginate',
    'no-pager',
    'no-replace-objects',
    'no-lazy-fetch',
    'no-optional-locks',
    'no-advice',
    'literal-pathspecs',
    'glob-pathspecs',
    'noglob-pathspecs',
    'icase-pathspecs',
    'html-path',
    'man-path',
    'info-path',
    'version',
    'help',
  ],
};

/** Configuration that never makes git run a program (`git -c user.email=... commit` stays smooth). */
const HARMLESS_CONFIG =
  /^(user\.|author\.|committer\.|color\.|advice\.|i18n\.|init\.defaultbranch$|commit\.gpgsign$|tag\.gpgsign$|core\.quotepath$|core\.autocrlf$|core\.filemode$|core\.safecrlf$|safe\.directory$|pull\.rebase$|pull\.ff$|push\.default$|log\.|merge\.conflictstyle$|diff\.noprefix$|diff\.renames$|column\.ui$|protocol\.version$|maintenance\.auto$|gc\.auto$|fetch\.prune$)/i;

/** Subcommand options whose value is shell text git runs, or a program it starts. */
const RUNS_TEXT: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries({
    rebase: ['-x', '--exec'],
    'filter-branch': ['--env-filter', '--tree-filter', '--index-filter', '--parent-filter', '--msg-filter', '--commit-filter', '--tag-name-filter'],
    difftool: ['-x', '--extcmd'],
    grep: ['-O', '--open-files-in-pager'],
    fetch: ['--upload-pack'],
    pull: ['--upload-pack'],
    clone: ['-u', '--upload-pack'],
    'ls-remote': ['--upload-pack'],
    push: ['--receive-pack', '--exec'],
    archive: ['--exec'],
    'send-email': ['--sendmail-cmd', '--smtp-server'],
  }),
);

/**
 * What git runs beyond itself: inline configuration that names a program or shell text (`-c
 * alias.x='!sh'`, `-c core.pager=...`: anything but plainly harmless keys is asked), `--config-env`, `--exec-path`,
 * `rebase --exec`, `filter-branch` filters, `bisect run <cmd>`, `submodule foreach <text>`.
 */
export function gitRuns(args: readonly ShellWord[]): InnerRun[] {
  const read = readOptions(args, GIT_GLOBAL_OPTIONS);
  if (read.unsure) return [{ kind: 'opaque', reason: `git: ${read.unsure}, so what it runs is not certain` }];
  const runs: InnerRun[] = [];
  for (const config of valuesOf(read, '-c')) {
    const key = config.value.split('=')[0]!;
    if (!isLiteral(config) || !HARMLESS_CONFIG.test(key)) runs.push({ kind: 'opaque', reason: `git -c ${config.text}: configuration given on the command line can make git run programs` });
  }
  for (const option of ['--config-env', '--exec-path']) {
    if (read.options.some((given) => given.name === option && given.value)) runs.push({ kind: 'opaque', reason: `git ${option} can make git run programs` });
  }
  const [subcommand, ...rest] = read.operands;
  if (!subcommand) return runs;
  if (!isLiteral(subcommand)) return [...runs, { kind: 'opaque', reason: `git's subcommand ${subcommand.text} is only known when it runs` }];
  const name = subcommand.value;
  if (name === 'bisect' && rest[0]?.value === 'run' && rest.length > 1) runs.push({ kind: 'command', words: rest.slice(1) });
  if (name === 'submodule' && rest.some((word) => word.value === 'foreach')) {
    const script = rest.slice(rest.findIndex((word) => word.value === 'foreach') + 1).find((word) => !word.value.startsWith('-'));
    if (script) runs.push({ kind: 'script', word: script, by: 'git submodule foreach' });
  }
  for (const option of RUNS_TEXT.get(name) ?? []) {
    rest.forEach((word, at) => {
      const attached = option.startsWith('--') ? `${option}=` : option;
      if (word.value === option && rest[at + 1]) runs.push({ kind: 'script', word: rest[at + 1]!, by: `git ${name} ${option}` });
      else if (word.value.startsWith(attached) && word.value.length > attached.length) {
        runs.push({ kind: 'script', word: { text: word.text, value: word.value.slice(attached.length) }, by: `git ${name} ${option}` });
      }
    });
  }
  return runs;
}
