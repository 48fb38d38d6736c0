/**
 * yargs' validation messages, as one line a person can act on: multi-line messages kept whole, flags
 * written as typed (`--bogus-flag`, once, not also as `bogusFlag`), values quoted.
 */
export function describeUsageError(message: string, argv: readonly string[], knownFlags: readonly string[] = []): string {
  const lines = message
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const first = lines[0] ?? message;

  const unknown = /^Unknown arguments?: (.+)$/.exec(first);
  if (unknown) return describeUnknown(unknown[1]!.split(', '), argv, knownFlags);

  if (/^Invalid values:$/.test(first)) {
    return lines
      .slice(1)
      .map((line) => /^Argument: (\S+), Given: (.+), Choices: (.+)$/.exec(line))
      .map((match, i) => (match ? `--${match[1]}: ${match[2]} is not one of ${match[3]}` : lines[i + 1]!))
      .join('; ');
  }

  const exclusive = /^Arguments (\S+) and (\S+) are mutually exclusive$/.exec(first);
  if (exclusive) return `${asTyped(exclusive[1]!, argv)} and ${asTyped(exclusive[2]!, argv)} cannot be used together`;

  if (/^Not enough non-option arguments/.test(first)) {
    const group = argv.find((word) => !word.startsWith('-'));
    const subcommands = group ? SUBCOMMANDS[group] : undefined;
    if (subcommands && argv.filter((word) => !word.startsWith('-')).length === 1) return `a ${group} command is required: ${subcommands.join(', ')}`;
    return 'a required argument is missing';
  }

  const missingValue = /^Not enough arguments following: (\S+)$/.exec(first);
  if (missingValue) return `--${missingValue[1]} needs a value`;

  return lines.join(' ');
}

/** The subcommands of each command group, for "a sessions command is required: ...". */
const SUBCOMMANDS: Record<string, readonly string[]> = {
  sessions: ['list', 'show <id>', 'stats <id>', 'rm <id>'],
  skills: ['list', 'show <name>'],
  mcp: ['list'],
};

/** Flags by the name typed, each once (with the flag probably meant); extra words as what they are. */
function describeUnknown(names: string[], argv: readonly string[], knownFlags: readonly string[]): string {
  const typed = new Set<string>();
  const words: string[] = [];
  const flags = argv.filter((word) => word.startsWith('-')).map((word) => word.replace(/^-+/, '').split('=')[0]!);
  for (const name of names) {
    const flag = flags.find((candidate) => candidate === name || camelCase(candidate) === name || candidate === `no-${name}`);
    if (flag !== undefined) typed.add(flag.length === 1 ? `-${flag}` : `--${flag}`);
    else if (!flags.some((candidate) => camelCase(candidate) === camelCase(name))) words.push(name);
  }
  const parts: string[] = [];
  if (typed.size) {
    const guesses = [...typed].map((flag) => closestFlag(flag, knownFlags)).filter(Boolean);
    const hint = typed.size === 1 && guesses.length === 1 ? ` (did you mean ${guesses[0]}?)` : '';
    parts.push(`unknown option${typed.size > 1 ? 's' : ''}: ${[...typed].join(', ')}${hint}`);
  }
  if (words.length) {
    const isCommand = argv.find((word) => !word.startsWith('-')) === words[0];
    parts.push(
      isCommand
        ? `unknown command "${words[0]}" (commands: chat, run, exec, sessions, runtime, mcp, skills, serve, worker)`
        : `unexpected argument${words.length > 1 ? 's' : ''}: ${words.map((word) => `"${word}"`).join(', ')} (quote a prompt or command that has spaces)`,
    );
  }
  return parts.join('; ');
}

/** The declared flag a mistyped one is closest to (at most two edits away), if any. */
function closestFlag(flag: string, knownFlags: readonly string[]): string | undefined {
  const typed = flag.replace(/^-+/, '');
  let best: { name: string; distance: number } | undefined;
  for (const name of knownFlags) {
    if (name.length < 3) continue;
    const distance = editDistance(typed, name);
    if (distance <= 2 && distance < typed.length && (!best || distance < best.distance)) best = { name, distance };
  }
  return best && `--${best.name}`;
}

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/** The command a usage mistake belongs to, for "see synapse <command> --help". */
export function helpCommand(argv: readonly string[]): string {
  const words = argv.filter((word) => !word.startsWith('-'));
  const path = ['chat', 'run', 'exec', 'runtime', 'sessions', 'mcp', 'skills', 'serve', 'worker'].includes(words[0] ?? '') ? [words[0]!] : [];
  if (path[0] === 'sessions' && ['list', 'show', 'stats', 'rm'].includes(words[1] ?? '')) path.push(words[1]!);
  return ['synapse', ...path, '--help'].join(' ');
}

/** `session` as the user wrote it: `--session` or `--no-session`. */
function asTyped(name: string, argv: readonly string[]): string {
  return argv.includes(`--no-${name}`) ? `--no-${name}` : `--${name}`;
}

function camelCase(name: string): string {
  return name.replace(/-+([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}
