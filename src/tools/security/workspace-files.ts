import { resolve } from 'node:path';
import { FileRefusal } from './file-refusal';
import type { DirectoryEntry, FilePort } from './file-port';
import type { LineCount } from './line-count';
import { LocalFiles } from './local-files';
import type { Sandbox } from './sandbox';
import { SandboxedFiles } from './sandboxed-files';

/** A refusal of the sandbox, worded for the model: a tool result says it as a permission failure. */
export class SandboxRefusal extends Error {
  override readonly name = 'SandboxRefusal';
}

/** An open file, read by position (the shape line-reader.ts reads). */
export interface OpenedFile {
  readonly size: number;
  read(buffer: Buffer, offset: number, length: number, position: number): Promise<{ bytesRead: number }>;
  /** Counts newlines from `position` where the file is, without bringing its bytes here (see countLineEnds). */
  countLines(position: number, stopAfter: number, maxBytes: number): Promise<LineCount>;
  close(): Promise<void>;
}

/**
 * How the agent commands reach files under a sandbox. Enforced by bubblewrap, through a helper inside the
 * sandbox (SandboxedFiles): the kernel decides what a symlink or a race can reach. Not enforced but asked
 * for, in this process with the confined walk (LocalFiles); off, in this process as given. A path the
 * sandbox hides is refused by its name first, so the answer says why (the helper's own /tmp is empty); the
 * real decision is made on what is opened. Refusals come back as SandboxRefusal with the message to show.
 */
export class WorkspaceFiles {
  private readonly port: FilePort;

  constructor(private readonly sandbox: Sandbox) {
    const { workspace } = sandbox;
    if (sandbox.enforced)
      this.port = new SandboxedFiles(
        workspace,
        (command, programPaths) => sandbox.helperLaunch(command, programPaths),
        () => sandbox.keptReadable,
      );
    else this.port = new LocalFiles({ workspace, confined: sandbox.mode !== 'off', hidden: sandbox.mode === 'off' ? undefined : (real) => sandbox.hides(real) });
  }

  write(path: string, content: Buffer): Promise<void> {
    return this.refused(this.port.write(path, content), path);
  }

  /** Reads a regular file whole (at most `maxBytes`), lets `change` compute its new content, and writes it through the same descriptor. */
  async edit(path: string, maxBytes: number, change: (content: Buffer) => Buffer | undefined): Promise<boolean> {
    const { handle, content } = await this.refused(this.port.openEdit(path, maxBytes), path);
    try {
      const changed = change(content);
      if (changed) await this.port.replace(handle, changed);
      return changed !== undefined;
    } finally {
      await this.port.close(handle).catch(() => undefined);
    }
  }

  async openRead(path: string): Promise<OpenedFile> {
    this.refuseHiddenName(path);
    const port = this.port;
    const { handle, size } = await this.refused(port.openRead(path), path);
    return {
      size,
      async read(buffer, offset, length, position) {
        const bytes = await port.read(handle, position, length);
        bytes.copy(buffer, offset);
        return { bytesRead: bytes.length };
      },
      countLines: (position, stopAfter, maxBytes) => port.countLines(handle, position, stopAfter, maxBytes),
      close: () => port.close(handle),
    };
  }

  async list(path: string): Promise<DirectoryEntry[]> {
    this.refuseHiddenName(path);
    return this.refused(this.port.list(path), path);
  }

  async readFile(path: string, maxBytes: number): Promise<Buffer> {
    this.refuseHiddenName(path);
    return this.refused(this.port.readFile(path, maxBytes), path);
  }

  close(): Promise<void> {
    return this.port.dispose();
  }

  private refuseHiddenName(path: string): void {
    if (this.sandbox.mode !== 'off' && this.sandbox.hides(resolve(path))) throw this.explain(new FileRefusal({ reason: 'hidden', path }));
  }

  /** The work's refusals worded for the model; the kernel's own (a read-only mount) as well. */
  private refused<T>(work: Promise<T>, path: string): Promise<T> {
    return work.catch((error: unknown) => {
      if (error instanceof FileRefusal) throw this.explain(error);
      if ((error as NodeJS.ErrnoException).code !== 'EROFS') throw error;
      /* c8 ignore next 2: the kernel refuses only what the walk let through, which no working walk does
         (with the walk broken on purpose, the race scenarios under bubblewrap come here, and hold) */
      const { mode, workspace } = this.sandbox;
      throw new SandboxRefusal(`sandbox: ${path} is outside the workspace ${workspace} or protected (read-only file system); the ${mode} sandbox only lets commands change files inside it`);
    });
  }

  private explain({ details: { reason, path, link, entry } }: FileRefusal): SandboxRefusal {
    const { mode, workspace } = this.sandbox;
    if (reason === 'hidden') return new SandboxRefusal(`sandbox: ${path} is hidden from commands in the ${mode} sandbox (a private /tmp, no /proc of other processes)`);
    if (reason === 'protected') {
      return new SandboxRefusal(
        `sandbox: ${path} is protected: commands may not change ${entry} in the workspace, which decides what synapse runs (project settings, MCP servers); change it yourself`,
      );
    }
    const via = link ? ` (${link.path} is a symlink to ${link.target})` : '';
    return new SandboxRefusal(`sandbox: ${path} is outside the workspace ${workspace}${via}; the ${mode} sandbox only lets commands change files inside it`);
  }
}
