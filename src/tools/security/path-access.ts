import { resolve } from 'node:path';
import type { Sandbox } from './sandbox';
import { hiddenBySandbox, isInside, isProtected, PROTECTED_DIR, realTarget } from './workspace-paths';

/**
 * The sandbox's rules for the agent commands that run in Node (write, edit, read, glob, search), so they
 * cannot do in-process what the shell cannot: in workspace-write, change files outside the workspace; in
 * any sandbox mode, read what the sandbox hides (the host's /tmp, /proc). Paths are judged by where they
 * really point, so a symlink out of the workspace is outside it.
 */
export class PathAccess {
  constructor(private readonly sandbox: Sandbox) {}

  /** Why `path` may not be written, or undefined when it may. The project's settings never may, in any mode. */
  refuseWrite(path: string): string | undefined {
    const real = realTarget(path);
    if (isProtected(this.sandbox.workspace, real)) {
      return `${path} is in the project's ${PROTECTED_DIR}/ (its settings: hooks, permissions), which commands may not change; ask the user to edit it`;
    }
    if (this.sandbox.mode !== 'workspace-write') return undefined; // read-only routers refuse writing commands whole
    if (isInside(this.sandbox.workspace, real)) return undefined;
    const via = real !== resolve(path) ? ` (it resolves to ${real})` : '';
    return `sandbox: ${path} is outside the workspace ${this.sandbox.workspace}${via}; the workspace-write sandbox only lets commands change files inside it`;
  }

  /** Why `path` may not be read, or undefined when it may. */
  refuseRead(path: string): string | undefined {
    if (this.sandbox.mode === 'off') return undefined;
    const real = realTarget(path);
    if (!hiddenBySandbox(real, this.sandbox.workspace)) return undefined;
    return `sandbox: ${path} is hidden from commands in the ${this.sandbox.mode} sandbox (a private /tmp, no /proc of other processes)`;
  }
}
