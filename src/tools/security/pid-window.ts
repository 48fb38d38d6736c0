import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where the kernel's pid allocation stood when a shell was started: what is needed later to tell which
 * pids can have been handed out since, so a search for the shell's leftovers reads only those processes.
 *
 * Linux hands out pids cyclically: each new task gets the next free number after the last one given
 * (`ns_last_pid`), wrapping at `pid_max` back to 300. Every task born since the snapshot therefore has a pid
 * in the cyclic interval (lastPid, ns_last_pid now], unless the cursor has gone all the way round. It moves
 * once per task created (counted by `processes` in /proc/stat, threads included) plus once per pid it skips
 * as taken (at most the tasks alive at the start plus those created since), plus once per fork that failed
 * after its pid was taken: the kernel does not count those, and the one frequent cause, a cgroup's
 * `pids.max`, is counted in that cgroup's `pids.events`. While that bound stays under the size of the pid
 * space, the interval is sound; otherwise (or when a file cannot be read) everything is searched.
 */
export interface PidWindow {
  lastPid: number;
  forks: number;
  tasks: number;
  pidLimitHits: number;
}

/** Pids below this are handed out only at boot (RESERVED_PIDS). */
const FIRST_PID_AFTER_WRAP = 300;

/** The allocation's state now; undefined where it cannot be read (not Linux, a /proc without it). */
export function pidWindow(): PidWindow | undefined {
  /* c8 ignore next -- the scenarios run on Linux; elsewhere there is no /proc to search at all */
  if (process.platform !== 'linux') return undefined;
  try {
    const lastPid = Number(readFileSync('/proc/sys/kernel/ns_last_pid', 'utf8'));
    const forks = Number(/^processes (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]);
    // The fourth field of loadavg is running/total scheduling entities.
    const tasks = Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[3]?.split('/')[1]);
    const window = { lastPid, forks, tasks, pidLimitHits: pidLimitHits() };
    return Object.values(window).every(Number.isSafeInteger) ? window : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a pid may have been handed out since `start`; undefined when that cannot be bounded (the cursor
 * may have gone round, or the state cannot be read), and every process must be looked at.
 */
export function pidsHandedOutSince(start: PidWindow): ((pid: number) => boolean) | undefined {
  const now = pidWindow();
  if (!now || now.pidLimitHits !== start.pidLimitHits) return undefined;
  let pidMax: number;
  try {
    pidMax = Number(readFileSync('/proc/sys/kernel/pid_max', 'utf8'));
  } catch {
    return undefined;
  }
  const created = now.forks - start.forks;
  // Each creation moves the cursor once, and it may skip each task alive at the start or created since once.
  const travel = 2 * created + start.tasks;
  if (!(created >= 0 && travel < pidMax - FIRST_PID_AFTER_WRAP)) return undefined;
  const { lastPid: from } = start;
  const to = now.lastPid;
  return to >= from ? (pid) => pid > from && pid <= to : (pid) => pid > from || pid <= to;
}

/** Forks refused by a `pids.max` in our cgroup or an ancestor (each took a pid the counters above miss). */
function pidLimitHits(): number {
  let hits = 0;
  for (const line of readFileSync('/proc/self/cgroup', 'utf8').split('\n')) {
    // v2: `0::/path`; v1: `N:pids:/path` (or `N:...,pids,...:/path`).
    const [, controllers, path] = /^\d+:([^:]*):(.*)$/.exec(line) ?? [];
    if (path === undefined) continue;
    const roots = controllers === '' ? ['/sys/fs/cgroup', '/sys/fs/cgroup/unified'] : controllers!.split(',').includes('pids') ? ['/sys/fs/cgroup/pids'] : [];
    for (const root of roots) {
      for (let dir = path; ; dir = dir.slice(0, dir.lastIndexOf('/')) || '/') {
        hits += limitHitsIn(join(root, dir, 'pids.events'));
        if (dir === '/') break;
      }
    }
  }
  return hits;
}

function limitHitsIn(file: string): number {
  try {
    return Number(/^max (\d+)$/m.exec(readFileSync(file, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0; // no pids controller there: nothing refused for it
  }
}
