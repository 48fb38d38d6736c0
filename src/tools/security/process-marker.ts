import { readdirSync, readFileSync } from 'node:fs';
import { pidsHandedOutSince, type PidWindow } from './pid-window';

export { pidWindow, type PidWindow } from './pid-window';

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
 * SIGKILLs every process whose environment carries the marker. Only a process started under this shell has
 * its random token (not ours, nor an entry that is no process: it has no environ). With the window taken
 * before the shell started (`pidWindow()`), only the processes whose pids were handed out since are read;
 * without one, or when the window cannot be trusted, every entry of /proc is. A process caught in the middle
 * of execve shows no environment for a moment (`sleep 30 &` as the shell exits, on a busy machine): it is
 * looked at again until it shows one, for at most SETTLE_MS.
 */
export function killMarkedProcesses(token: string, since?: PidWindow): void {
  if (process.platform !== 'linux') return;
  // Stryker disable next-line StringLiteral: not equivalent, unsafe to run: the search would then match every process, and the mutant SIGKILLs all that Stryker's user can signal (as root: the whole machine, Stryker and other work included)
  const needle = Buffer.from(`\0${markerEntry(token)}\0`);
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return;
  }
  const handedOut = since && pidsHandedOutSince(since);
  if (handedOut) entries = entries.filter((entry) => handedOut(Number(entry)));
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    entries = entries.filter((entry) => killIfMarked(entry, needle) === 'mid-exec');
    if (entries.length === 0 || Date.now() > deadline) return;
    pauseOneMillisecond();
  }
}

/** How long a process may stay in the middle of execve before the search gives up on it. */
const SETTLE_MS = 250;

function killIfMarked(entry: string, needle: Buffer): 'checked' | 'mid-exec' {
  let environ: Buffer;
  try {
    environ = readFileSync(`/proc/${entry}/environ`);
  } catch {
    return 'checked'; // gone, not ours to read, or not a process
  }
  if (environ.length === 0) return isMidExec(entry) ? 'mid-exec' : 'checked';
  // Each variable ends with a NUL; one more in front lets the first variable match like the others.
  // Stryker disable next-line ConditionalExpression,BooleanLiteral: not equivalent, unsafe to run: the search would then match every process, and the mutant SIGKILLs all that Stryker's user can signal (as root: the whole machine, Stryker and other work included)
  if (!Buffer.concat([Buffer.from([0]), environ]).includes(needle)) return 'checked';
  try {
    process.kill(Number(entry), 'SIGKILL');
  } catch {
    // already gone
  }
  return 'checked';
}

/** PF_KTHREAD among the flags of /proc/<pid>/stat. */
const KERNEL_THREAD = 0x00200000;
/** The unit of start times in /proc/<pid>/stat (USER_HZ: 100 on every Linux architecture Node runs on). */
const CLOCK_TICKS_PER_SECOND = 100;
/** A process that forked this recently and shows no environment may still be in its execve. */
const YOUNG_SECONDS = 5;

/**
 * No environment: a kernel thread, a zombie, a process on its way out or started with an empty environment
 * (in a VM or container, pid 1 may be), or a process in the middle of execve, its new environment not yet
 * in place. Only the last will show one, and it forked just now: the others are left alone.
 */
function isMidExec(entry: string): boolean {
  try {
    const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    // After the name in parentheses come the fields from the third on: state first, flags 7th, start time 20th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [state, flags, startTicks] = [fields[0], Number(fields[6]), Number(fields[19])];
    if (state === 'Z' || state === 'X' || (flags & KERNEL_THREAD) !== 0) return false;
    const uptimeSeconds = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
    return uptimeSeconds - startTicks / CLOCK_TICKS_PER_SECOND < YOUNG_SECONDS;
  } catch {
    return false; // gone
  }
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** The search runs in exit handlers too, so it cannot await: it blocks for a millisecond instead. */
function pauseOneMillisecond(): void {
  Atomics.wait(sleeper, 0, 0, 1);
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
  // Two searches, 50 ms apart: a process caught in the middle of execve shows no environment to the first.
  return [
    `{ builtin read -r -u 3 _;`,
    `for __n in 1 2; do for __f in $(grep -lzx '${entry}' /proc/[0-9]*/environ 2>/dev/null); do __p=\${__f#/proc/}; __p=\${__p%/environ};`,
    `[ "$__p" != "$BASHPID" ] && builtin kill -KILL "$__p" 2>/dev/null; done; [ $__n = 2 ] || sleep 0.05; done;`,
    `builtin kill -KILL -$$; } </dev/null >/dev/null 2>&1 &`,
    `exec 3<&-`,
    // Stryker disable next-line StringLiteral: every piece but the last ends with `;` or `&`, so bash reads them alike without the blanks
  ].join(' ');
}
