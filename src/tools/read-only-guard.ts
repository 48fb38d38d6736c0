/**
 * Detects native commands that would change the file system, for read-only routers (`task:explore`).
 * A best-effort screen of what agents commonly type, not a sandbox.
 */
const WRITING_COMMANDS = new Set(['rm', 'rmdir', 'mv', 'cp', 'mkdir', 'touch', 'chmod', 'chown', 'chgrp', 'ln', 'tee', 'dd', 'truncate', 'install', 'shred', 'unlink', 'rsync', 'patch', 'mkfifo']);
const GIT_WRITING_SUBCOMMANDS = new Set(['commit', 'push', 'checkout', 'reset', 'add', 'rm', 'mv', 'merge', 'rebase', 'stash', 'apply', 'clean']);

/** Returns why the command is refused in read-only mode, or undefined when it only reads. */
export function findWriteInNativeCommand(command: string): string | undefined {
  const withoutQuoted = command.replace(/'[^']*'|"(?:\\.|[^"\\])*"/g, '""');
  // Output redirections, except to /dev/null or to another descriptor (2>&1, 2> &1).
  const redirect = /(?:^|[^<>&0-9])\d*>>?\s*(?!&)(\S+)/g;
  for (const match of withoutQuoted.matchAll(redirect)) {
    if (match[1] !== '/dev/null') return `output redirection to ${match[1]}`;
  }
  for (const segment of withoutQuoted.split(/&&|\|\||[|;&\n]|\$\(|`/)) {
    const words = segment
      .trim()
      .split(/\s+/)
      .filter((word) => !/^\w+=/.test(word));
    const [name, ...args] = words;
    if (!name) continue;
    const base = name.split('/').pop() ?? name;
    if (WRITING_COMMANDS.has(base)) return `\`${base}\` changes files`;
    if ((base === 'sed' || base === 'perl') && args.some((arg) => /^-[a-zA-Z]*i/.test(arg) || arg.startsWith('--in-place'))) {
      return `\`${base} -i\` edits files in place`;
    }
    // Stryker disable next-line StringLiteral: a `git` without arguments matches no subcommand, whatever stands in for the missing one
    const subcommand = args[0] ?? '';
    if (base === 'git' && GIT_WRITING_SUBCOMMANDS.has(subcommand)) return `\`git ${subcommand}\` changes the repository`;
  }
  return undefined;
}
