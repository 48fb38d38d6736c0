import { statSync } from 'node:fs';
import type { ShellLaunch } from '../shell-process';
import { bubblewrapStatus } from './bubblewrap';
import { protectedBinds } from './protected-paths';
import { mountableReadablePaths } from './readable-paths';
import { type ResourceLimits, resourceLimits } from './resource-limits';
import { hiddenFrom, isInside, realDirectoryInside, realWorkspace } from './workspace-paths';

import type { SandboxMode } from './security-choices';

export { SANDBOX_MODES, type SandboxMode } from './security-choices';

export interface SandboxOptions {
  /** Default: workspace-write where bubblewrap works, else off. */
  mode?: SandboxMode;
  /** Let sandboxed commands reach the network (default: no network in read-only and workspace-write). */
  allowNetwork?: boolean;
  /**
   * Host paths the sandboxed shell must still see, read-only, such as skill directories whose scripts it
   * runs: everything is visible already, except what lives under /tmp, which the private /tmp hides.
   */
  readablePaths?: readonly string[];
  /** What sandboxed commands may use, over DEFAULT_RESOURCE_LIMITS (`null` lifts one). */
  limits?: Partial<ResourceLimits>;
}

const BASH = ['bash', '--noprofile', '--norc'];

/**
 * What native commands may touch. Enforced by bubblewrap when it works here: one bwrap per shell (not per
 * command), the whole filesystem read-only, a private /tmp, the workspace writable in workspace-write, no
 * network, its own pid namespace (so killing the sandbox kills everything in it), dying with us, no
 * capabilities. Its mounts are fixed when the sandbox is made: the workspace and the readable paths given,
 * never a directory the shell reports; a shell that starts again starts in the workspace or in a directory
 * found (by its real path) inside it. Without bubblewrap the mode is kept for the agent commands and the
 * read-only screen, and `warning` says what is not enforced.
 */
export class Sandbox {
  readonly mode: SandboxMode;
  /** bubblewrap enforces the mode for native commands. */
  readonly enforced: boolean;
  readonly allowNetwork: boolean;
  /** The workspace, symlinks resolved. */
  readonly workspace: string;
  /** Set when a mode was asked for and cannot be enforced: one line naming what is not, and how to fix it. */
  readonly warning?: string;
  /** What commands may use (mode off: nothing is limited). */
  readonly limits?: ResourceLimits;
  private readonly bwrapPath: string;
  private readonly readablePaths?: readonly string[];
  private readonly givenLimits?: Partial<ResourceLimits>;

  constructor(workspace: string, options: SandboxOptions = {}) {
    const bwrap = bubblewrapStatus();
    this.bwrapPath = bwrap.path;
    this.workspace = realWorkspace(workspace);
    this.mode = options.mode ?? (bwrap.available ? 'workspace-write' : 'off');
    this.allowNetwork = options.allowNetwork ?? false;
    this.readablePaths = options.readablePaths;
    this.givenLimits = options.limits;
    if (this.mode !== 'off') this.limits = resourceLimits(options.limits);
    this.enforced = this.mode !== 'off' && bwrap.available;
    if (this.mode !== 'off' && !bwrap.available) this.warning = notEnforced(this.mode, bwrap.reason!);
  }

  /**
   * Where the paths the sandbox keeps readable (`readablePaths`: skill directories, offloaded tool results)
   * are, as mounted and as they really are: readable to the agent commands too, even under the host's /tmp.
   */
  get keptReadable(): string[] {
    return mountableReadablePaths(this.readablePaths ?? [], this.workspace).flatMap(({ source, target }) => [source, target]);
  }

  /** Whether the sandbox hides a path (symlinks resolved) from commands: the host's temp and /proc, but what it keeps readable. */
  hides(realPath: string): boolean {
    return hiddenFrom(realPath, this.workspace, this.keptReadable);
  }

  /** The same sandbox in another mode (a read-only sub-agent of a workspace-write run). */
  withMode(mode: SandboxMode): Sandbox {
    return new Sandbox(this.workspace, { mode, allowNetwork: this.allowNetwork, readablePaths: this.readablePaths, limits: this.givenLimits });
  }

  /**
   * Where a shell asked to start in `requested` (the directory the last one reported) starts: there when
   * the sandbox is off; otherwise there only if its real path is a directory inside the workspace, else
   * in the workspace. What a shell reports is the shell's word (`PWD=/proc` is one assignment away).
   */
  startDirectory(requested: string): string {
    if (this.mode === 'off') return requested;
    return realDirectoryInside(this.workspace, requested) ?? this.workspace;
  }

  /** How to start the shell, asked to start in `cwd` (see startDirectory). */
  launch(cwd: string): ShellLaunch {
    const start = this.startDirectory(cwd);
    if (!this.enforced) return { file: BASH[0], args: BASH.slice(1), diesWithParent: false, cwd: start, limits: this.limits };
    const network = this.allowNetwork ? [] : ['--unshare-net'];
    const args = [...this.mounts(), ...ISOLATION, ...network, '--setenv', 'TMPDIR', '/tmp', '--chdir', start, '--', ...BASH];
    return { file: this.bwrapPath, args, diesWithParent: true, cwd: start, limits: this.limits };
  }

  /**
   * How to run a helper program (`command`) in this sandbox's mounts (its own empty /tmp), with no
   * network: the agent commands' file work (see sandboxed-files.ts). `programPaths` are where the program
   * lives, bound read-only when the private /tmp would hide them.
   */
  helperLaunch(command: string[], programPaths: readonly string[]): { file: string; args: string[] } {
    const program = programPaths.filter((path) => isInside('/tmp', path));
    const args = [...this.mounts(program), ...ISOLATION, '--unshare-net', '--chdir', this.workspace, '--', ...command];
    return { file: this.bwrapPath, args };
  }

  /** A short description for tool results and `--help`. */
  describe(): string {
    if (this.mode === 'off') return 'no sandbox';
    return `${this.mode} sandbox${this.enforced ? ' (bubblewrap)' : ' NOT enforced (bubblewrap unavailable)'}`;
  }

  /**
   * The mounts, from configuration only: the host read-only, its own /dev, /proc and an empty /tmp, the
   * readable paths (before the workspace, so one that contains the workspace cannot make it read-only),
   * the workspace, and in workspace-write its protected entries read-only again.
   */
  private mounts(extraReadable: readonly string[] = []): string[] {
    const args = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp'];
    for (const { source, target } of mountableReadablePaths([...(this.readablePaths ?? []), ...extraReadable], this.workspace)) args.push('--ro-bind', source, target);
    args.push(this.mode === 'workspace-write' ? '--bind' : '--ro-bind', this.workspace, this.workspace);
    if (this.mode === 'workspace-write' && isDirectory(this.workspace)) args.push(...protectedBinds(this.workspace));
    return args;
  }
}

const ISOLATION = ['--unshare-pid', '--die-with-parent', '--cap-drop', 'ALL'];

function isDirectory(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

function notEnforced(mode: SandboxMode, reason: string): string {
  const fallback =
    mode === 'read-only'
      ? 'only a screen of common file-changing commands applies (bash -c, interpreters and the like get through)'
      : 'shell commands can write anywhere you can (write and edit stay confined to the workspace)';
  return `the ${mode} sandbox is not enforced: ${reason}; ${fallback}`;
}
