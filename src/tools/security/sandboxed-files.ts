import { type ChildProcess, spawn } from 'node:child_process';
import type { Socket } from 'node:net';
import { userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { deserializeError, type FileRequest, type SerializedError } from './file-protocol';
import type { DirectoryEntry, FilePort } from './file-port';
import type { LineCount } from './line-count';

/** How to start a program inside the sandbox, given where the program lives (see Sandbox.helperLaunch). */
export type HelperLauncher = (command: string[], programPaths: string[]) => { file: string; args: string[] };

const reply = z.union([
  z.object({ id: z.number(), ok: z.unknown() }),
  z.object({ id: z.number(), error: z.custom<SerializedError>((value) => typeof value === 'object' && value !== null && 'kind' in value) }),
]);
const opened = z.object({ handle: z.number().int(), size: z.number().int().nonnegative() });
const openedForEdit = z.object({ handle: z.number().int(), content: z.string() });
const bytes = z.string();
const lineCount = z.object({ lines: z.number().int().nonnegative(), position: z.number().int().nonnegative(), lastByte: z.number().int().min(-1).max(255), endOfFile: z.boolean() });
const entries = z.array(z.object({ name: z.string(), type: z.enum(['file', 'directory', 'other']) }));

/**
 * The helper's command line, its environment and where its program lives (Node, and this package). Built,
 * it runs with an empty environment. From source (the scenarios), it runs from source too, with the
 * TypeScript hook this package's scripts use, whose native addon finds its cache under the account's home.
 */
function helperCommand(workspace: string, keptReadable: readonly string[]): { command: string[]; env: Record<string, string>; programPaths: string[] } {
  const entry = require.resolve('./file-server');
  const packageRoot = join(__dirname, '..', '..', '..');
  const programPaths = [dirname(process.execPath), packageRoot];
  const serverArgs = [workspace, JSON.stringify(keptReadable)];
  if (!entry.endsWith('.ts')) return { command: [process.execPath, entry, ...serverArgs], env: {}, programPaths };
  return { command: [process.execPath, '-r', join(packageRoot, 'register-typescript.cjs'), entry, ...serverArgs], env: { HOME: userInfo().homedir }, programPaths };
}

/** Kept from the helper's stderr for the error that says why it ended. */
const STDERR_TAIL = 2000;
/** After a SIGKILL, how long to wait for the helper to be gone before giving up on it. */
const HELPER_EXIT_MS = 1000;

/**
 * The FilePort of an enforced sandbox: a helper process (file-server.ts) inside bubblewrap, started on
 * first use and kept for the router's life, does the file work; this side sends requests and parses the
 * answers. The helper has the shell's mounts, no network, its own pid namespace, no secrets in its
 * environment, and dies with us. If it ends, pending requests fail with its reason and the next request starts a new one.
 */
export class SandboxedFiles implements FilePort {
  private child?: ChildProcess;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private sequence = 0;
  private stderr = '';

  constructor(
    private readonly workspace: string,
    private readonly launch: HelperLauncher,
    /** Paths outside the workspace the sandbox mounts readable, which the helper must not take for hidden (asked at each start: some exist only later). */
    private readonly keptReadable: () => readonly string[] = () => [],
  ) {}

  async openRead(path: string) {
    return opened.parse(await this.call({ op: 'openRead', path }));
  }

  async openEdit(path: string, maxBytes: number) {
    const { handle, content } = openedForEdit.parse(await this.call({ op: 'openEdit', path, maxBytes }));
    return { handle, content: Buffer.from(content, 'base64') };
  }

  async read(handle: number, position: number, length: number): Promise<Buffer> {
    return Buffer.from(bytes.parse(await this.call({ op: 'read', handle, position, length })), 'base64');
  }

  async countLines(handle: number, position: number, stopAfter: number, maxBytes: number): Promise<LineCount> {
    return lineCount.parse(await this.call({ op: 'countLines', handle, position, stopAfter, maxBytes }));
  }

  async replace(handle: number, content: Buffer): Promise<void> {
    await this.call({ op: 'replace', handle, content: content.toString('base64') });
  }

  async close(handle: number): Promise<void> {
    await this.call({ op: 'close', handle });
  }

  async write(path: string, content: Buffer): Promise<void> {
    await this.call({ op: 'write', path, content: content.toString('base64') });
  }

  async list(path: string): Promise<DirectoryEntry[]> {
    return entries.parse(await this.call({ op: 'list', path }));
  }

  async readFile(path: string, maxBytes: number): Promise<Buffer> {
    return Buffer.from(bytes.parse(await this.call({ op: 'readFile', path, maxBytes })), 'base64');
  }

  /** Ends the helper; resolves once it is gone (bounded: its sandbox dies with us anyway). */
  async dispose(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.ended(child, 'it was stopped');
    let timer: NodeJS.Timeout | undefined;
    // Until it is gone, the helper keeps Node alive for whoever awaits this.
    const gone = new Promise<void>((resolve) => {
      child.once('close', () => resolve());
      timer = setTimeout(resolve, HELPER_EXIT_MS);
    });
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
    await gone;
    clearTimeout(timer);
  }

  private call(request: FileRequest): Promise<unknown> {
    const child = this.running();
    const id = ++this.sequence;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // While an answer is awaited the helper keeps Node alive; idle, it never does.
      (child.stdout as Socket).ref();
      child.stdin!.write(`${JSON.stringify({ id, ...request })}\n`);
    }).finally(() => {
      if (!this.pending.size) (this.child?.stdout as Socket | undefined)?.unref();
    });
  }

  private running(): ChildProcess {
    if (this.child) return this.child;
    const { command, env, programPaths } = helperCommand(this.workspace, this.keptReadable());
    const { file, args } = this.launch(command, programPaths);
    const child = spawn(file, args, { stdio: ['pipe', 'pipe', 'pipe'], env, detached: true });
    this.child = child;
    this.stderr = '';
    createInterface({ input: child.stdout! }).on('line', (line) => this.answer(child, line));
    child.stderr!.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-STDERR_TAIL);
    });
    child.stdin!.on('error', () => {}); // EPIPE when it is gone: reported by its exit
    child.on('error', (error) => this.ended(child, `it could not start: ${error.message}`));
    child.on('exit', (code, signal) => this.ended(child, `it exited (${signal ?? `code ${code}`})`));
    child.unref();
    for (const stream of [child.stdin, child.stdout, child.stderr] as Socket[]) stream.unref();
    return child;
  }

  private answer(child: ChildProcess, line: string): void {
    let parsed;
    try {
      parsed = reply.safeParse(JSON.parse(line));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) {
      // Only something other than our helper writes that: it is stopped, and what waited on it is told why.
      this.ended(child, `it wrote what is not an answer (${JSON.stringify(line.slice(0, 200))})`);
      child.kill('SIGKILL');
      return;
    }
    // Each id is asked once: an answer always finds who waits on it (unless the helper ended meanwhile).
    const waiting = this.pending.get(parsed.data.id);
    this.pending.delete(parsed.data.id);
    if ('error' in parsed.data) waiting?.reject(deserializeError(parsed.data.error));
    else waiting?.resolve(parsed.data.ok);
  }

  /** The helper is over: whatever waits on it fails with the reason, and the next call starts another. */
  private ended(child: ChildProcess, why: string): void {
    if (this.child !== child) return;
    this.child = undefined;
    const detail = this.stderr.trim() ? `: ${this.stderr.trim()}` : '';
    for (const waiting of this.pending.values()) waiting.reject(new Error(`the sandboxed file helper failed: ${why}${detail}`));
    this.pending.clear();
  }
}
