import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** The real MCP servers of the suite, from npm (devDependencies), started with this Node. */
export const EVERYTHING_SERVER = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
export const FILESYSTEM_SERVER = require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js');
/** A server built on the SDK whose tools publish the schemas and results the npm servers do not (see the file). */
export const ODD_SERVER = join(__dirname, '..', '..', 'fixtures', 'mcp-odd-server.cjs');
const HTTP_SERVER_PRELOAD = join(__dirname, 'http-server-preload.cjs');
export const MCP_TAP = join(__dirname, 'mcp-tap.cjs');

/**
 * Process ids of live processes whose command line contains `marker` (each scenario puts its own marker
 * on the command lines of the servers it configures, so it can find them whatever started them).
 */
export async function processesWith(marker: string): Promise<number[]> {
  try {
    const { stdout } = await promisify(execFile)('pgrep', ['-f', marker]);
    return stdout.split('\n').filter(Boolean).map(Number);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

/**
 * Kills a process and waits, without giving Node's event loop a turn, until the kernel shows it ended
 * (a zombie, or gone): whoever started it has not been told yet. False if it did not end within 5 s.
 */
export function killUnnoticed(pid: number): boolean {
  process.kill(pid, 'SIGKILL');
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    let state = '';
    try {
      state = execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    } catch {
      return true; // ps exits 1 when there is no such process
    }
    if (state.startsWith('Z')) return true;
  }
  return false;
}

/** Waits until `check()` holds, polling every 20 ms; false if it did not within `timeoutMs`. */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 5000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * server-everything serving one of its HTTP transports (`streamableHttp` on /mcp, or the old `sse` on /sse)
 * on 127.0.0.1 only, ending with the test process; resolves once it listens.
 */
export async function startHttpServer(mode: 'streamableHttp' | 'sse', marker: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [`--disable-warning=${marker}`, '--require', HTTP_SERVER_PRELOAD, EVERYTHING_SERVER, mode], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['pipe', 'pipe', 'pipe'], // the server exits when this stdin closes (see the preload)
  });
  await untilListening(child, `server-everything ${mode}`);
  return { url: `http://127.0.0.1:${port}/${mode === 'sse' ? 'sse' : 'mcp'}`, child };
}

/** The SDK-built OAuth-protected MCP server of fixtures/ on 127.0.0.1 (see the file), ending with the test process. */
export const OAUTH_SERVER = join(__dirname, '..', '..', 'fixtures', 'mcp-oauth-server.cjs');

/** Starts fixtures/mcp-oauth-server.cjs on a port the kernel picks; resolves with its base URL once it listens. */
export async function startOAuthServer(marker: string): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [`--disable-warning=${marker}`, '--require', HTTP_SERVER_PRELOAD, OAUTH_SERVER], { stdio: ['pipe', 'pipe', 'pipe'] });
  const output = await untilListening(child, 'the OAuth fixture server');
  return { base: `http://127.0.0.1:${/listening on port (\d+)/.exec(output)![1]}`, child };
}

/** Resolves with what a server printed once it says it listens (within 10 s); rejects if it exits first. */
function untilListening(child: ChildProcess, what: string): Promise<string> {
  let output = '';
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not listen within 10 s:\n${output}`)), 10_000);
    const watch = (chunk: Buffer) => {
      output += chunk.toString();
      if (/listening on port|running on/i.test(output)) {
        clearTimeout(timer);
        resolve(output);
      }
    };
    child.stdout!.on('data', watch);
    child.stderr!.on('data', watch);
    child.on('exit', (code) => reject(new Error(`${what} exited (${code}):\n${output}`)));
  });
}

/**
 * A TCP proxy on 127.0.0.1 in front of an HTTP server that keeps every byte clients send, so a scenario can
 * read the headers of each request. (TCP, not HTTP: nothing here goes through msw's interceptors.)
 */
export class RecordingProxy {
  private received = '';
  private server?: NetServer;
  private readonly sockets = new Set<Socket>();

  async start(target: string): Promise<string> {
    const to = new URL(target);
    this.server = createNetServer((client) => {
      const upstream = connect(Number(to.port), to.hostname);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
        socket.on('close', () => this.sockets.delete(socket));
      }
      client.on('data', (chunk: Buffer) => (this.received += chunk.toString('latin1')));
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${to.pathname}`;
  }

  /** The request lines that went through: `POST /mcp`, `DELETE /mcp`. */
  get requestLines(): string[] {
    return [...this.received.matchAll(/(GET|POST|DELETE) (\S+) HTTP\/1\.1\r\n/g)].map(([, method, path]) => `${method} ${path}`);
  }

  /** The header blocks of the requests that went through, names in lower case. */
  get requests(): Array<Record<string, string>> {
    return [...this.received.matchAll(/^(?:GET|POST|DELETE) \S+ HTTP\/1\.1\r\n([\s\S]*?)\r\n\r\n/gm)].map(([, block]) =>
      Object.fromEntries(block!.split('\r\n').map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()])),
    );
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    if (this.server) await new Promise((resolve) => this.server!.close(resolve));
  }
}
