import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { LoopbackModel } from './loopback-model';
import { block, narrateModel, section, type Narrating } from './transcript';
import type { SynapseWorld } from './world';

const REPO = resolve(__dirname, '..', '..');
export const CLI_ENTRY = join(REPO, 'dist', 'cli.js');
/** The built library, for scenarios where another process uses it. */
export const LIBRARY_ENTRY = join(REPO, 'dist', 'index.js');

/** What the build reads: a change to any of these since dist/cli.js was written makes dist stale. */
const BUILD_INPUTS = [join(REPO, 'src'), join(REPO, 'tsconfig.json'), join(REPO, 'tsconfig.build.json')];

let freshBuild: Promise<void> | undefined;

/**
 * Makes sure dist/ is built from the current src/ (once per cucumber run): the CLI scenarios run the
 * built `dist/cli.js`, so after a src change they would otherwise test a stale build. When dist/cli.js
 * is missing or older than a build input, runs what `npm run build` runs. `npm test` builds first, so
 * there this only compares timestamps.
 */
export function ensureFreshBuild(): Promise<void> {
  freshBuild ??= (async () => {
    if (!staleBecause()) return;
    // Parallel workers share dist/: one builds while the others wait, then everyone looks again.
    const release = await buildLock();
    try {
      const stale = staleBecause();
      if (stale) await build(stale);
    } finally {
      release();
    }
  })();
  return freshBuild;
}

async function build(stale: string): Promise<void> {
  const tsc = require.resolve('typescript/bin/tsc');
  try {
    await promisify(execFile)(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: REPO, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { stdout = '', stderr = '', message } = error as { stdout?: string; stderr?: string; message: string };
    // tsc emits even when it reports errors: backdate the output so the next run tries again.
    if (existsSync(CLI_ENTRY)) utimesSync(CLI_ENTRY, 0, 0);
    throw new Error(`The CLI scenarios need a build of src/ (${stale}), and \`tsc -p tsconfig.build.json\` failed:\n${stdout}${stderr}${stdout || stderr ? '' : message}`);
  }
  chmodSync(CLI_ENTRY, 0o755);
  const still = staleBecause();
  if (still) throw new Error(`Built dist/ but it is still stale (${still})`);
}

/** A lock directory beside dist/ (mkdir is atomic); one left by a killed run is taken over after 3 minutes. */
async function buildLock(): Promise<() => void> {
  const lock = join(REPO, '.build-lock');
  for (;;) {
    try {
      mkdirSync(lock);
      return () => rmSync(lock, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (since !== undefined && Date.now() - since > 180_000) rmSync(lock, { recursive: true, force: true });
      await new Promise((resolveWait) => setTimeout(resolveWait, 100));
    }
  }
}

/** Why dist/cli.js needs rebuilding, or undefined when it is newer than every build input. */
function staleBecause(): string | undefined {
  if (!existsSync(CLI_ENTRY)) return 'dist/cli.js is missing';
  const builtAt = statSync(CLI_ENTRY).mtimeMs;
  const newer = (path: string): string | undefined => {
    const stats = statSync(path);
    if (!stats.isDirectory()) return stats.mtimeMs > builtAt ? path : undefined;
    for (const entry of readdirSync(path)) {
      const found = newer(join(path, entry));
      if (found) return found;
    }
    return undefined;
  };
  for (const input of BUILD_INPUTS) {
    const found = newer(input);
    if (found) return `${found.slice(REPO.length + 1)} is newer than dist/cli.js`;
  }
  return undefined;
}

/** What one `synapse` process did. */
export interface CliRun {
  args: string[];
  stdout: string;
  stderr: string;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  durationMs: number;
}

/** A `synapse` process still running: watch its output, interrupt it, await its end. */
export class RunningCli {
  stdout = '';
  stderr = '';
  readonly exited: Promise<CliRun>;
  private readonly watchers: Array<() => void> = [];

  constructor(
    readonly child: ChildProcessWithoutNullStreams,
    args: string[],
  ) {
    const started = performance.now();
    child.stdout.on('data', (chunk: Buffer) => {
      this.stdout += chunk.toString('utf8');
      this.notify();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString('utf8');
      this.notify();
    });
    this.exited = new Promise((resolveRun, reject) => {
      child.on('error', reject);
      child.on('close', (exitCode, signal) => resolveRun({ args, stdout: this.stdout, stderr: this.stderr, exitCode, signal, durationMs: performance.now() - started }));
    });
  }

  /** Resolves once stdout or stderr has printed something matching `pattern`. */
  waitForOutput(pattern: RegExp, timeoutMs = 10_000): Promise<void> {
    return new Promise((resolveWait, reject) => {
      const timer = setTimeout(() => reject(new Error(`CLI printed nothing matching ${pattern} in ${timeoutMs} ms.\nstdout: ${this.stdout}\nstderr: ${this.stderr}`)), timeoutMs);
      const check = () => {
        if (!pattern.test(this.stdout) && !pattern.test(this.stderr)) return false;
        clearTimeout(timer);
        resolveWait();
        return true;
      };
      if (!check()) this.watchers.push(check);
    });
  }

  /**
   * Resolves with the pid of a process descended from this CLI whose command line is `commandLine`
   * (a tool's command really running), polling the process table.
   */
  async waitForDescendant(commandLine: string, timeoutMs = 10_000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = descendants(await processTable(), this.child.pid!).find((entry) => entry.args === commandLine && !entry.stat.startsWith('Z'));
      if (found) return found.pid;
      if (Date.now() > deadline) throw new Error(`No process "${commandLine}" under the CLI within ${timeoutMs} ms.\nstdout: ${this.stdout}\nstderr: ${this.stderr}`);
      await new Promise((resolveWait) => setTimeout(resolveWait, 20));
    }
  }

  private notify(): void {
    for (const watcher of [...this.watchers]) if ((watcher as () => boolean)()) this.watchers.splice(this.watchers.indexOf(watcher), 1);
  }
}

/**
 * The built CLI (`node dist/cli.js`, rebuilt first when src/ is newer) run as a real subprocess, in a per-scenario working directory, with
 * a per-scenario sessions directory and HOME (a test never touches ~/.synapse) and none of the
 * developer's model settings (a test never reaches a real model).
 */
export class CliContext implements Narrating {
  last?: CliRun;
  running?: RunningCli;
  /** The tool process that was running when a step sent SIGINT. */
  interruptedToolPid?: number;
  /** Values captured by steps (a session id), for `<name>` placeholders in later commands. */
  readonly saved = new Map<string, string>();
  /** Variables every synapse process of the scenario gets (set by steps). */
  readonly environment: Record<string, string> = {};
  private loopback?: LoopbackModel;
  /** Every synapse process of the scenario that has ended. */
  private readonly runs: CliRun[] = [];

  constructor(private readonly world: SynapseWorld) {}

  async dir(name: 'work' | 'sessions' | 'home' | 'other'): Promise<string> {
    const path = join(await this.world.tempDir(), name);
    await mkdir(path, { recursive: true });
    return path;
  }

  /** The scenario's loopback model, started on first use. */
  async model(): Promise<LoopbackModel> {
    if (!this.loopback) {
      const model = new LoopbackModel();
      this.loopback = model;
      this.world.onCleanup(() => model.close());
      this.world.expectConsumed('the loopback model', () => model.script.remaining);
      await model.start();
    }
    return this.loopback;
  }

  /** Splits a command line written in a feature, resolving `fixtures/...` and `<placeholders>`. */
  async parseArgs(commandLine: string): Promise<string[]> {
    if (commandLine.includes('<model>')) await this.model();
    const values: Record<string, string> = {
      '<model>': this.loopback ? await this.loopback.start() : '<model: no loopback model in this scenario>',
      '<sessions>': await this.dir('sessions'),
      '<work>': await this.dir('work'),
      // Another project directory, for what depends on the directory a command runs for.
      '<other>': await this.dir('other'),
      '<home>': await this.dir('home'),
    };
    for (const [name, value] of this.saved) values[`<${name}>`] = value;
    return splitCommandLine(commandLine).map((word) => {
      const replaced = word.replace(/<[\w-]+>/g, (placeholder) => values[placeholder] ?? placeholder);
      return replaced.startsWith('fixtures/') ? join(REPO, replaced) : replaced;
    });
  }

  async env(extra: Record<string, string> = {}): Promise<NodeJS.ProcessEnv> {
    const given = { ...this.environment, ...extra };
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: await this.dir('home'), SYNAPSE_SESSIONS_DIR: await this.dir('sessions'), ...given };
    // No model settings of the developer's, and no display: a test never opens a browser on the machine.
    for (const name of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'SYNAPSE_MODEL', 'NO_COLOR', 'FORCE_COLOR', 'DISPLAY', 'WAYLAND_DISPLAY'] as const) if (!(name in given)) delete env[name];
    return env;
  }

  async start(commandLine: string, options: { stdin?: string | Buffer; env?: Record<string, string>; wrapper?: string[] } = {}): Promise<RunningCli> {
    await ensureFreshBuild(); // done by the @cli Before hook already; here for a scenario without the tag
    const args = await this.parseArgs(commandLine);
    // A wrapper (bwrap with a read-only mount, say) runs the CLI inside it.
    const [program, ...programArgs] = [...(options.wrapper ?? []), process.execPath, CLI_ENTRY, ...args];
    const child = spawn(program!, programArgs, { cwd: await this.dir('work'), env: await this.env(options.env), stdio: 'pipe' });
    child.stdin.end(options.stdin ?? '');
    const running = new RunningCli(child, args);
    this.running = running;
    running.exited.then(
      (run) => this.runs.push(run),
      () => undefined,
    );
    this.world.onCleanup(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    return running;
  }

  async run(commandLine: string, options: { stdin?: string | Buffer; env?: Record<string, string>; wrapper?: string[] } = {}): Promise<CliRun> {
    this.last = await (await this.start(commandLine, options)).exited;
    return this.last;
  }

  get result(): CliRun {
    if (!this.last) throw new Error('No synapse command has run in this scenario');
    return this.last;
  }

  /** stdout of the last run as NDJSON (or one JSON document). */
  // biome-ignore lint/suspicious/noExplicitAny: steps read fields of the CLI's JSON freely and assert them with chai
  get jsonLines(): Array<Record<string, any>> {
    return this.result.stdout
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => {
        try {
          // biome-ignore lint/suspicious/noExplicitAny: as jsonLines
          return JSON.parse(line) as Record<string, any>;
        } catch {
          throw new Error(`stdout line is not JSON: ${line}\nstdout:\n${this.result.stdout}`);
        }
      });
  }

  narrate(): string[] {
    const runs = this.runs.flatMap((run) => [
      `synapse ${run.args.join(' ')}`,
      `  exit ${run.exitCode}${run.signal ? ` (${run.signal})` : ''} after ${Math.round(run.durationMs)} ms`,
      ...block('  stdout', run.stdout),
      ...block('  stderr', run.stderr),
    ]);
    const model = this.loopback ? narrateModel('Model (loopback, for the CLI process)', this.loopback.script.requests, this.loopback.script.replies) : [];
    return [...section('synapse CLI', runs), ...model];
  }

  describe(): string {
    const run = this.result;
    return `synapse ${run.args.join(' ')}\nexit ${run.exitCode}${run.signal ? ` (${run.signal})` : ''}\nstdout:\n${run.stdout}\nstderr:\n${run.stderr}`;
  }
}

/** Words of a command line: whitespace separates, single or double quotes group (no escapes besides \"). */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  const pattern = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g;
  for (const match of line.matchAll(pattern)) {
    words.push(match[1] !== undefined ? match[1].replace(/\\"/g, '"') : (match[2] ?? match[3])!);
  }
  return words;
}

export interface ProcessEntry {
  pid: number;
  ppid: number;
  stat: string;
  args: string;
}

/** Every process, from `ps` (Linux and macOS). */
export async function processTable(): Promise<ProcessEntry[]> {
  const { stdout } = await promisify(execFile)('ps', ['-A', '-o', 'pid=,ppid=,stat=,args=']);
  return stdout.split('\n').flatMap((line) => {
    const match = /^\s*(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/.exec(line);
    return match ? [{ pid: Number(match[1]), ppid: Number(match[2]), stat: match[3]!, args: match[4]!.trim() }] : [];
  });
}

export function descendants(table: ProcessEntry[], root: number): ProcessEntry[] {
  const found: ProcessEntry[] = [];
  let parents = new Set([root]);
  while (parents.size) {
    const children = table.filter((entry) => parents.has(entry.ppid));
    found.push(...children);
    parents = new Set(children.map((entry) => entry.pid));
  }
  return found;
}

/** Whether `pid` is gone within `timeoutMs` (a zombie waiting to be reaped counts as gone). */
export async function processEnds(pid: number, timeoutMs = 2000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const entry = (await processTable()).find((candidate) => candidate.pid === pid);
    if (!entry || entry.stat.startsWith('Z')) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolveWait) => setTimeout(resolveWait, 20));
  }
}
