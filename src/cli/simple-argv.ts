/** What the fast path reads of a yargs option declaration. */
export interface DeclaredOption {
  type?: string;
  default?: unknown;
  array?: boolean;
  choices?: readonly string[];
  conflicts?: string | readonly string[];
}

/**
 * The arguments yargs would give `<command> --flag value --other ...`, without loading yargs (a third of
 * `synapse chat`'s start-up), or undefined when the command line is anything but simple: only long flags the
 * command declares, each once, a string flag followed by its value, a boolean flag alone (or as --no-<flag>),
 * nothing positional, no `=`, no repeatable or multiple-choice flag, no two flags that conflict. Whatever
 * returns undefined goes through yargs, which parses it, checks it and words its errors as before.
 */
export function simpleCommandArgs(argv: readonly string[], command: string, options: Record<string, DeclaredOption>): Record<string, unknown> | undefined {
  if (argv[0] !== command) return undefined;
  const given = new Map<string, unknown>();
  for (let i = 1; i < argv.length; i++) {
    const word = argv[i]!;
    const named = /^--([a-z][a-z0-9-]*)$/.exec(word)?.[1];
    if (!named) return undefined;
    const negated = named.startsWith('no-') && !options[named] ? named.slice(3) : undefined;
    const name = negated ?? named;
    const option = options[name];
    if (!option || option.array || option.choices || given.has(name)) return undefined;
    if (negated !== undefined || option.type === 'boolean') {
      given.set(name, negated === undefined);
      continue;
    }
    const value = argv[i + 1];
    if (option.type !== 'string' || !value || value.startsWith('-')) return undefined;
    given.set(name, value);
    i++;
  }
  for (const name of given.keys()) if ([options[name]!.conflicts ?? []].flat().some((other) => given.has(other))) return undefined;
  const args: Record<string, unknown> = { _: [command] };
  for (const [name, option] of Object.entries(options)) {
    const value = given.has(name) ? given.get(name) : option.default;
    if (value === undefined) continue;
    args[name] = value;
    args[camelCase(name)] = value;
  }
  return args;
}

function camelCase(name: string): string {
  return name.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}
