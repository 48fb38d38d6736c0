import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatBytes, type ResourceLimits } from './resource-limits';

/** Where this process may create child cgroups for a limit: a directory per controller. */
export interface CgroupPlaces {
  pids?: string;
  memory?: string;
  /** The unified hierarchy (one directory serves both), or the legacy one (one per controller). */
  unified: boolean;
}

const CGROUP_ROOT = '/sys/fs/cgroup';
let places: CgroupPlaces | undefined;
let sequence = 0;

/** The places of this process (found once per process; see cgroupPlacesIn). */
function cgroupPlaces(): CgroupPlaces {
  places ??= cgroupPlacesIn(CGROUP_ROOT, readFirst('/proc/self/cgroup'));
  return places;
}

/**
 * Where a process whose /proc/self/cgroup reads `selfCgroup` may make child cgroups under the hierarchy
 * mounted at `root`: in its own cgroup of each legacy controller's hierarchy, or of the unified one when
 * that is mounted at `root` itself and already enables the controller for its children (a cgroup holding
 * processes cannot enable it for them itself). Whether it may write there is found by trying.
 */
export function cgroupPlacesIn(root: string, selfCgroup: string): CgroupPlaces {
  const found: CgroupPlaces = { unified: false };
  for (const line of selfCgroup.trim().split('\n')) {
    const [, controllers = '', path = ''] = line.split(':', 3);
    const below = path.split('/').filter(Boolean);
    if (controllers === '' && existsSync(join(root, 'cgroup.controllers'))) {
      const dir = join(root, ...below);
      const enabled = readFirst(join(dir, 'cgroup.subtree_control')).split(/\s+/);
      return { unified: true, pids: enabled.includes('pids') ? dir : undefined, memory: enabled.includes('memory') ? dir : undefined };
    }
    for (const name of controllers.split(',')) if (name === 'pids' || name === 'memory') found[name] = join(root, name, ...below);
  }
  return found;
}

function readFirst(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/**
 * The cgroups of one sandboxed shell: made when it starts (with the process and memory limits written
 * into them), joined by the launcher before bubblewrap runs (see joinCommand), read after each command for
 * the limits that were hit, and removed once the shell has ended. Where no cgroup can be made here,
 * `create` gives undefined and only the rlimits hold.
 */
export class SandboxCgroup {
  private readonly seen: { processes: number; memory: number };

  private constructor(
    private dirs: { pids?: string; memory?: string },
    private readonly limits: ResourceLimits,
  ) {
    this.seen = this.counts();
  }

  static create(limits: ResourceLimits): SandboxCgroup | undefined {
    if (limits.processes === null && limits.memoryBytes === null) return undefined;
    const where = cgroupPlaces();
    const name = `synapse-${process.pid}-${++sequence}`;
    const dirs: { pids?: string; memory?: string } = {};
    try {
      if (limits.processes !== null && where.pids) dirs.pids = made(join(where.pids, name), 'pids.max', String(limits.processes));
      if (limits.memoryBytes !== null && where.memory) {
        dirs.memory = where.unified ? (dirs.pids ?? made(join(where.memory, name))) : made(join(where.memory, name));
        writeFileSync(join(dirs.memory, where.unified ? 'memory.max' : 'memory.limit_in_bytes'), String(limits.memoryBytes));
      }
    } catch {
      // not ours to change here after all: what was made goes, and only the rlimits hold
      new SandboxCgroup(dirs, limits).remove();
      return undefined;
    }
    return dirs.pids || dirs.memory ? new SandboxCgroup(dirs, limits) : undefined;
  }

  /** Whether this holds the sandbox-wide limit on processes or on memory. */
  holds(limit: 'processes' | 'memory'): boolean {
    return (limit === 'processes' ? this.dirs.pids : this.dirs.memory) !== undefined;
  }

  /** Runs `command` (a program and its arguments) inside these cgroups: it joins them, then execs. */
  joinCommand(command: string[]): string[] {
    const files = [...new Set([this.dirs.pids, this.dirs.memory].filter((dir) => dir !== undefined))].map((dir) => join(dir, 'cgroup.procs'));
    const joinThenExec = 'while [ "$1" != -- ]; do echo $$ > "$1" || exit 125; shift; done; shift; exec "$@"';
    return ['/bin/sh', '-c', joinThenExec, 'sh', ...files, '--', ...command];
  }

  /** A line for each sandbox-wide limit hit since the last call. */
  notices(): string[] {
    const now = this.counts();
    const notices: string[] = [];
    if (now.processes > this.seen.processes) notices.push(`[sandbox limit: the ${this.limits.processes} processes the sandbox may run were all in use; a fork failed (--limit-processes)]`);
    if (now.memory > this.seen.memory) notices.push(`[sandbox limit: the sandbox used its ${formatBytes(this.limits.memoryBytes!)} of memory; a process was killed (--limit-memory)]`);
    this.seen.processes = now.processes;
    this.seen.memory = now.memory;
    return notices;
  }

  /**
   * Removes the cgroups once their processes are gone: the sandbox's pid namespace ended with its shell,
   * and what was in it is ending too; a cgroup still busy is tried again a few times, half a second apart.
   */
  remove(attempts = 5): void {
    const busy = [...new Set([this.dirs.pids, this.dirs.memory])].filter((dir): dir is string => dir !== undefined && !removed(dir));
    if (!busy.length || attempts <= 1) return;
    this.dirs.pids = busy.includes(this.dirs.pids!) ? this.dirs.pids : undefined;
    this.dirs.memory = busy.includes(this.dirs.memory!) ? this.dirs.memory : undefined;
    setTimeout(() => this.remove(attempts - 1), 500).unref();
  }

  /** How often the limits were hit so far: forks refused (pids.events), and processes the OOM killer ended. */
  private counts(): { processes: number; memory: number } {
    const count = (file: string | undefined, key: string) => Number(new RegExp(`(?:^|\\n)${key} (\\d+)`).exec(file ? readFirst(file) : '')?.[1] ?? 0);
    const memoryEvents = this.dirs.memory && join(this.dirs.memory, existsSync(join(this.dirs.memory, 'memory.events')) ? 'memory.events' : 'memory.oom_control');
    return { processes: count(this.dirs.pids && join(this.dirs.pids, 'pids.events'), 'max'), memory: count(memoryEvents, 'oom_kill') };
  }
}

/** Whether the cgroup `dir` is gone now (removed, or never there). */
function removed(dir: string): boolean {
  try {
    rmdirSync(dir);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/** Makes a cgroup directory (and writes one of its files); throws when this process may not. */
function made(dir: string, file?: string, value?: string): string {
  clearLeftovers(join(dir, '..'));
  mkdirSync(dir);
  if (file) writeFileSync(join(dir, file), value!);
  return dir;
}

/** Empty cgroups left by a synapse process that died before it could remove them (say, by SIGKILL). */
function clearLeftovers(parent: string): void {
  for (const entry of readdirSync(parent)) {
    const owner = /^synapse-(\d+)-\d+$/.exec(entry)?.[1];
    if (!owner || isRunning(Number(owner))) continue;
    try {
      rmdirSync(join(parent, entry));
    } catch {
      // busy: it has processes after all
    }
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

let probed: { processes: boolean; memory: boolean } | undefined;

/** Which sandbox-wide limits a cgroup can hold here (probed once, by making one and removing it). */
export function cgroupLimitsAvailable(): { processes: boolean; memory: boolean } {
  if (probed) return probed;
  const probe = SandboxCgroup.create({ processes: 1, memoryBytes: 1024 ** 3, fileSizeBytes: null, cpuSeconds: null });
  probed = { processes: Boolean(probe?.holds('processes')), memory: Boolean(probe?.holds('memory')) };
  probe?.remove(1);
  return probed;
}
