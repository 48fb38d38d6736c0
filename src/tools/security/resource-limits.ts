import { constants } from 'node:os';

/**
 * What commands in a sandbox may use. `null` lifts a limit. Per process, with hard rlimits the commands
 * cannot raise (no capabilities in the sandbox): CPU time, the size of a file written, and data memory
 * (RLIMIT_DATA: what a process allocates, not what it only reserves, so runtimes that reserve a large
 * address space still start). For the whole sandbox, where this process may create a cgroup: the number of
 * processes (pids.max; RLIMIT_NPROC cannot do it, it counts every process of the user and root ignores
 * it) and the memory of everything in it (the memory controller; tmpfs pages such as the private /tmp's
 * count too). See docs/security.md for what holds where.
 */
export interface ResourceLimits {
  /** Processes and threads in the sandbox at once (needs a writable cgroup). */
  processes: number | null;
  /** Bytes of memory: per process (RLIMIT_DATA), and for the whole sandbox where a cgroup can hold it. */
  memoryBytes: number | null;
  /** Bytes one file may grow to (RLIMIT_FSIZE). */
  fileSizeBytes: number | null;
  /** Seconds of CPU time per process (RLIMIT_CPU). */
  cpuSeconds: number | null;
}

const GiB = 1024 ** 3;

export const DEFAULT_RESOURCE_LIMITS: Readonly<ResourceLimits> = { processes: 1024, memoryBytes: 4 * GiB, fileSizeBytes: 4 * GiB, cpuSeconds: 600 };

/** The defaults, with what was given over them. */
export function resourceLimits(given: Partial<ResourceLimits> = {}): ResourceLimits {
  return { ...DEFAULT_RESOURCE_LIMITS, ...Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)) };
}

/**
 * The shell lines that set the per-process limits, hard and soft, before any command runs (a command can
 * lower them, never raise them). No core files either: a process killed by a limit would drop one in the
 * workspace. A limit the shell cannot set (already lower here) stays as it is.
 */
export function rlimitScript(limits: ResourceLimits): string {
  const set = (flag: string, value: number | null, unit = 1) => (value === null ? [] : [`builtin ulimit -HS ${flag} ${Math.max(1, Math.floor(value / unit))} 2>/dev/null`]);
  // CPU: the soft limit sends SIGXCPU (the shell then says "CPU time limit exceeded"); a second more, SIGKILL.
  // The soft one first: a hard limit below the soft one in force would be refused.
  const cpu = limits.cpuSeconds === null ? [] : [`builtin ulimit -S -t ${limits.cpuSeconds} 2>/dev/null`, `builtin ulimit -H -t ${limits.cpuSeconds + 1} 2>/dev/null`];
  return ['builtin ulimit -HS -c 0 2>/dev/null', ...cpu, ...set('-f', limits.fileSizeBytes, 1024), ...set('-d', limits.memoryBytes, 1024)].join('; ');
}

/**
 * A line for each per-process limit the command met: its exit status (killed by SIGXCPU or SIGXFSZ), or
 * the shell's report of a process it started that was (`CPU time limit exceeded`, `File size limit exceeded`).
 */
export function rlimitNotices(exitCode: number, stderr: string, limits: ResourceLimits): string[] {
  const notices: string[] = [];
  if (exitCode === 128 + constants.signals.SIGXCPU || stderr.includes('CPU time limit exceeded')) {
    notices.push(`[sandbox limit: a process used its ${limits.cpuSeconds} s of CPU time and was stopped (--limit-cpu)]`);
  }
  if (exitCode === 128 + constants.signals.SIGXFSZ || stderr.includes('File size limit exceeded')) {
    notices.push(`[sandbox limit: a file reached the ${formatBytes(limits.fileSizeBytes!)} file size limit (--limit-file-size)]`);
  }
  return notices;
}

/** 4 GiB, 512 MiB, 1000 bytes. */
export function formatBytes(bytes: number): string {
  for (const [unit, size] of [
    ['TiB', 1024 ** 4],
    ['GiB', GiB],
    ['MiB', 1024 ** 2],
    ['KiB', 1024],
  ] as const) {
    if (bytes >= size && bytes % size === 0) return `${bytes / size} ${unit}`;
  }
  return `${bytes} bytes`;
}
