import type { ShellLaunch } from '../shell-process';
import { rlimitNotices, rlimitScript } from './resource-limits';
import { SandboxCgroup } from './sandbox-cgroup';

/** A launch with its resource limits put in place: what to spawn, what the shell runs first, and the limits' reports. */
export interface LimitedLaunch {
  file: string;
  args: string[];
  /** Shell lines to run before any command (the per-process limits); empty without limits. */
  init: string;
  /** A line for each limit the last command's exit status and output, or the sandbox, say was hit. */
  notices(exitCode: number, stderr: string): string[];
  /** Once the shell has ended: removes what holds its sandbox-wide limits. */
  release(): void;
}

/**
 * Puts a launch's limits in place: a cgroup for the sandbox-wide ones when this process may make one (the
 * launcher joins it before it runs bubblewrap, so nothing of the sandbox starts outside it), and the
 * per-process ones as the shell's first lines. `extraArgs` go after the launch's own (`-c script`).
 */
export function limitedLaunch(launch: ShellLaunch, extraArgs: string[] = []): LimitedLaunch {
  const command = [launch.file, ...launch.args, ...extraArgs];
  const { limits } = launch;
  if (!limits) return { file: command[0]!, args: command.slice(1), init: '', notices: () => [], release: () => {} };
  const cgroup = SandboxCgroup.create(limits);
  const [file, ...args] = cgroup ? cgroup.joinCommand(command) : command;
  return {
    file: file!,
    args,
    init: rlimitScript(limits),
    // A command that met a sandbox-wide limit failed (a fork refused, a process killed): only then are the counters read.
    notices: (exitCode, stderr) => [...rlimitNotices(exitCode, stderr, limits), ...(exitCode !== 0 && cgroup ? cgroup.notices() : [])],
    release: () => cgroup?.remove(),
  };
}
