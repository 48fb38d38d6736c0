import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ShellLaunch } from '../shell-process';
import { bubblewrapStatus } from './bubblewrap';
import { isInside, PROTECTED_DIR, realWorkspace } from './workspace-paths';

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
}

const BASH = ['bash', '--noprofile', '--norc'];

/**
 * What native commands may touch. Enforced by bubblewrap when it works here: one bwrap per shell (not per
 * command), the whole filesystem read-only, a private /tmp, the workspace writable in workspace-write, no
 * network, its own pid namespace (so killing the sandbox kills everything in it), dying with us, no
 * capabilities. Without bubblewrap the mode is kept for the in-process agent commands and the read-only
 * screen, and `warning` says what is not enforced.
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
  private readonly bwrapPath: string;
  private readonly readablePaths?: readonly string[];

  constructor(workspace: string, options: SandboxOptions = {}) {
    const bwrap = bubblewrapStatus();
    this.bwrapPath = bwrap.path;
    this.workspace = realWorkspace(workspace);
    this.mode = options.mode ?? (bwrap.available ? 'workspace-write' : 'off');
    this.allowNetwork = options.allowNetwork ?? false;
    this.readablePaths = options.readablePaths;
    this.enforced = this.mode !== 'off' && bwrap.available;
    if (this.mode !== 'off' && !bwrap.available) this.warning = notEnforced(this.mode, bwrap.reason!);
  }

  /** The same sandbox in another mode (a read-only sub-agent of a workspace-write run). */
  withMode(mode: SandboxMode): Sandbox {
    return new Sandbox(this.workspace, { mode, allowNetwork: this.allowNetwork, readablePaths: this.readablePaths });
  }

  /** How to start the shell in `cwd`. */
  launch(cwd: string): ShellLaunch {
    if (!this.enforced) return { file: BASH[0], args: BASH.slice(1), diesWithParent: false };
    return { file: this.bwrapPath, args: [...this.bwrapArgs(cwd), '--', ...BASH], diesWithParent: true };
  }

  /** A short description for tool results and `--help`. */
  describe(): string {
    if (this.mode === 'off') return 'no sandbox';
    return `${this.mode} sandbox${this.enforced ? ' (bubblewrap)' : ' NOT enforced (bubblewrap unavailable)'}`;
  }

  private bwrapArgs(cwd: string): string[] {
    const args = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp'];
    // After the private /tmp, so a workspace under /tmp shows through it.
    args.push(this.mode === 'workspace-write' ? '--bind' : '--ro-bind', this.workspace, this.workspace);
    if (this.mode === 'workspace-write') args.push(...protectedBind(this.workspace));
    for (const path of this.readablePaths?.concat(cwd) ?? [cwd]) if (!isInside(this.workspace, path) && existsSync(path)) args.push('--ro-bind', path, path);
    args.push('--unshare-pid', '--die-with-parent', '--cap-drop', 'ALL');
    if (!this.allowNetwork) args.push('--unshare-net');
    args.push('--setenv', 'TMPDIR', '/tmp', '--chdir', existsSync(cwd) ? cwd : this.workspace);
    return args;
  }
}

/**
 * The workspace's protected directory, read-only inside a writable workspace (a mount cannot be removed or
 * renamed either). Created empty when missing, so there is something to mount; one we cannot create (no
 * right to) commands cannot create either.
 */
function protectedBind(workspace: string): string[] {
  const dir = join(workspace, PROTECTED_DIR);
  if (!existsSync(dir)) {
    try {
      mkdirSync(dir);
    } catch {
      return [];
    }
  }
  return ['--ro-bind', dir, dir];
}

function notEnforced(mode: SandboxMode, reason: string): string {
  const fallback =
    mode === 'read-only'
      ? 'only a screen of common file-changing commands applies (bash -c, interpreters and the like get through)'
      : 'shell commands can write anywhere you can (write and edit stay confined to the workspace)';
  return `the ${mode} sandbox is not enforced: ${reason}; ${fallback}`;
}
