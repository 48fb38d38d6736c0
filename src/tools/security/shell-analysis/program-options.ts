import { type OptionSpec, readOptions, valuesOf } from './command-options';
import type { InnerRun, StandardInput } from './command-runners';
import { shellRuns } from './shell-invocations';
import { isLiteral, type ShellWord } from './shell-words';

const SU: OptionSpec = {
  short: 'cgGswu',
  long: ['command', 'session-command', 'group', 'supp-group', 'shell', 'whitelist-environment', 'user'],
  flags: 'flmpP',
  longFlags: ['login', 'preserve-environment', 'pty', 'fast'],
};

/**
 * su and runuser: `-c` text; the words after the user go to the user's shell (`su root -c 'x'`); runuser's
 * `-u user cmd` runs cmd itself. Without either, an interactive shell reads its input.
 */
export function suRuns(name: string, args: readonly ShellWord[], stdin: StandardInput): InnerRun[] {
  const read = readOptions(args, SU);
  if (read.unsure) return [{ kind: 'opaque', reason: `${name}: ${read.unsure}, so the command it runs is not certain` }];
  const runs: InnerRun[] = valuesOf(read, '-c', '--command', '--session-command').map((word) => ({ kind: 'script', word, by: `${name} -c` }));
  if (name === 'runuser' && valuesOf(read, '-u', '--user').length) return read.operands.length ? [...runs, { kind: 'command', words: read.operands }] : runs;
  const shellArgs = read.operands.slice(1);
  if (shellArgs[0]?.value === '--') shellArgs.shift();
  if (shellArgs.length) return [...runs, ...shellRuns('sh', shellArgs, stdin)];
  return runs.length ? runs : [{ kind: 'opaque', reason: `${name} without a command starts a shell that reads commands from its input` }];
}

/** ssh and scp options that run a local command or read a configuration that can. */
const SSH_LOCAL_COMMANDS = /^(ProxyCommand|LocalCommand|KnownHostsCommand|PermitLocalCommand|PKCS11Provider|SecurityKeyProvider|Include|Match)\b/i;

/** `ssh -o ProxyCommand=...`, `ssh -F config`, `scp -S program`: local programs beyond the remote command. */
export function sshRuns(name: string, args: readonly ShellWord[]): InnerRun[] {
  for (let at = 0; at < args.length; at++) {
    const value = args[at]!.value;
    if (!value.startsWith('-')) continue;
    const option = value.slice(1);
    const next = args[at + 1]?.value ?? '';
    const shown = args[at + 1]?.text ?? '';
    const optionValue = option.length > 1 && /^[oFS]/.test(option) ? option.slice(1) : next;
    if (/^[FS]/.test(option) || (option.startsWith('o') && (SSH_LOCAL_COMMANDS.test(optionValue.trim()) || !isLiteral(args[at + 1] ?? args[at]!)))) {
      return [{ kind: 'opaque', reason: `${name} ${args[at]!.text}${option.length > 1 ? '' : ` ${shown}`} can run a local program` }];
    }
  }
  return [];
}

/** Options of rsync and tar whose value is a command they run through a shell. */
const COMMAND_OPTIONS: Readonly<Record<string, { short: string; long: readonly string[] }>> = {
  rsync: { short: 'e', long: ['rsh'] },
  tar: { short: 'IF', long: ['to-command', 'use-compress-program', 'checkpoint-action', 'info-script', 'new-volume-script', 'rsh-command'] },
};

/** rsync -e / --rsh and tar's command options: the value is shell text (tar also takes `exec=` actions). */
export function commandOptionRuns(name: 'rsync' | 'tar', args: readonly ShellWord[]): InnerRun[] {
  const spec = COMMAND_OPTIONS[name]!;
  const runs: InnerRun[] = [];
  args.forEach((word, at) => {
    const value = word.value;
    let text: ShellWord | undefined;
    if (value.startsWith('--')) {
      const [given, attached] = [value.slice(2).split('=')[0]!, value.includes('=') ? value.slice(value.indexOf('=') + 1) : undefined];
      if (given.length < 3 || !spec.long.some((long) => long.startsWith(given))) return;
      text = attached === undefined ? args[at + 1] : { text: word.text, value: attached };
    } else if (/^-[a-zA-Z]/.test(value) || (value.startsWith('-') && !isLiteral(word))) {
      const letter = [...value.slice(1)].findIndex((char) => spec.short.includes(char));
      if (letter < 0) return;
      const rest = value.slice(letter + 2);
      text = rest ? { text: rest, value: rest } : args[at + 1];
    }
    if (text) runs.push({ kind: 'script', word: { text: text.text, value: text.value.replace(/^exec=/, '') }, by: `${name} ${word.text}` });
  });
  return runs;
}
