import { readdirSync, readFileSync } from 'node:fs';

/**
 * Every process a shell starts inherits a marker variable. A process that left the shell's process group
 * (`setsid`, a daemon) is still found by it in /proc and killed with the rest: nothing we start outlives
 * the shell. Linux only (elsewhere there is no /proc to search, and the group kill is all there is).
 */
export const PROCESS_MARKER_VARIABLE = 'SYNAPSE_SHELL_MARK';

export function markerEntry(token: string): string {
  // Stryker disable next-line StringLiteral: not equivalent, unsafe to run: the search would then match every process, and the mutant SIGKILLs all that Stryker's user can signal (as root: the whole machine, Stryker and other work included)
  return `${PROCESS_MARKER_VARIABLE}=${token}`;
}

/**
 * SIGKILLs every process whose environment carries the marker. Every entry of /proc is tried: only a process
 * started under this shell has its random token (not ours, nor an entry that is no process: it has no environ).
 */
export function killMarkedProcesses(token: string): void {
  if (process.platform !== 'linux') return;
  // Stryker disable next-line StringLiteral: not equivalent, unsafe to run: the search would then match every process, and the mutant SIGKILLs all that Stryker's user can signal (as root: the whole machine, Stryker and other work included)
  const needle = Buffer.from(`\0${markerEntry(token)}\0`);
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return;
  }
  for (const entry of entries) {
    let environ: Buffer;
    try {
      environ = readFileSync(`/proc/${entry}/environ`);
    } catch {
      continue; // gone, not ours to read, or not a process
    }
    // Each variable ends with a NUL; one more in front lets the first variable match like the others.
    // Stryker disable next-line ConditionalExpression,BooleanLiteral: not equivalent, unsafe to run: the search would then match every process, and the mutant SIGKILLs all that Stryker's user can signal (as root: the whole machine, Stryker and other work included)
    if (!Buffer.concat([Buffer.from([0]), environ]).includes(needle)) continue;
    try {
      process.kill(Number(entry), 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/**
 * Bash run first in an unsandboxed shell: a watcher holding our end of a pipe on fd 3. When Node dies (even
 * by SIGKILL) the pipe closes, the read returns, and the watcher kills the marked processes and, when the
 * shell leads its own process group, the whole group. The shell then closes fd 3, so its commands do not
 * inherit it.
 */
export function lifelineWatcherScript(token: string): string {
  const entry = markerEntry(token);
  // The group is named by the shell's pid, not `0`: a shell leading its own group (the Shell, a command not
  // attached to a terminal) takes the group with it; one in our group (a command attached to a terminal, or
  // in a pipeline) names no group, so the kill finds nothing, where `kill 0` would take us down too.
  return [
    `{ builtin read -r -u 3 _;`,
    `for __f in $(grep -lzx '${entry}' /proc/[0-9]*/environ 2>/dev/null); do __p=\${__f#/proc/}; __p=\${__p%/environ};`,
    `[ "$__p" != "$BASHPID" ] && builtin kill -KILL "$__p" 2>/dev/null; done;`,
    `builtin kill -KILL -$$; } </dev/null >/dev/null 2>&1 &`,
    `exec 3<&-`,
    // Stryker disable next-line StringLiteral: every piece but the last ends with `;` or `&`, so bash reads them alike without the blanks
  ].join(' ');
}
