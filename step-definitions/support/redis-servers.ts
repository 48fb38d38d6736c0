import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './mcp-servers';

/**
 * A real redis-server (Debian's) on a free loopback port with a temp directory, started by the scenario
 * and stopped by its PID. `--appendonly yes` when a scenario restarts it and needs its data back.
 */
export class RedisServer {
  private child?: ChildProcess;

  private constructor(
    readonly port: number,
    readonly dir: string,
    private readonly appendOnly: boolean,
  ) {}

  static async start(options: { appendOnly?: boolean } = {}): Promise<RedisServer> {
    const server = new RedisServer(await freePort(), await mkdtemp(join(tmpdir(), 'synapse-redis-')), options.appendOnly ?? false);
    await server.run();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts the server (again, on the same port and directory); resolves once it accepts connections. */
  async run(): Promise<void> {
    const persistence = this.appendOnly ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no'];
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir, '--save', '', ...persistence, '--daemonize', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`redis-server did not start within 10 s:\n${output}`)), 10_000);
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited (${code}) before it was ready:\n${output}`));
      });
    });
  }

  /** SIGTERM (Redis flushes its append-only file) and waits for the exit. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  async dispose(): Promise<void> {
    await this.stop();
    await rm(this.dir, { recursive: true, force: true });
  }
}

let shared: Promise<RedisServer> | undefined;

/** One redis-server per cucumber worker process, for scenarios that keep to their own key prefix. */
export function sharedRedis(): Promise<RedisServer> {
  shared ??= RedisServer.start();
  return shared;
}

export async function stopSharedRedis(): Promise<void> {
  if (shared) await (await shared).dispose();
  shared = undefined;
}
