import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { LoopbackModel } from './loopback-model';
import type { SynapseWorld } from './world';

const REPO = resolve(__dirname, '..', '..');
export const CLI_ENTRY = join(REPO, 'dist', 'cli.js');

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
    child.stdout.on('data', (chunk: Buffer) => ((this.stdout += chunk.toString('utf8')), this.notify()));
    child.stderr.on('data', (chunk: Buffer) => ((this.stderr += chunk.toString('utf8')), this.notify()));
    this.exited = new Promise((resolveRun, reject) => {
      child.on('error', reject);
      child.on('close', (exitCode, signal) =>
        resolveRun({ args, stdout: this.stdout, stderr: this.stderr, exitCode, signal, durationMs: performance.now() - started }),
      );
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

  private notify(): void {
    for (const watcher of [...this.watchers]) if ((watcher as () => boolean)()) this.watchers.splice(this.watchers.indexOf(watcher), 1);
  }
}

/**
 * The built CLI (`node dist/cli.js`) run as a real subprocess, in a per-scenario working directory, with
 * a per-scenario sessions directory and HOME (a test never touches ~/.synapse) and none of the
 * developer's model settings (a test never reaches a real model).
 */
export class CliContext {
  last?: CliRun;
  running?: RunningCli;
  /** Values captured by steps (a session id), for `<name>` placeholders in later commands. */
  readonly saved = new Map<string, string>();
  private loopback?: LoopbackModel;

  constructor(private readonly world: SynapseWorld) {
    if (!existsSync(CLI_ENTRY)) throw new Error(`${CLI_ENTRY} is missing: run \`npm run build\` first (\`npm test\` builds before cucumber runs)`);
  }

  async dir(name: 'work' | 'sessions' | 'home'): Promise<string> {
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
    };
    for (const [name, value] of this.saved) values[`<${name}>`] = value;
    return splitCommandLine(commandLine).map((word) => {
      const replaced = word.replace(/<[\w-]+>/g, (placeholder) => values[placeholder] ?? placeholder);
      return replaced.startsWith('fixtures/') ? join(REPO, replaced) : replaced;
    });
  }

  async env(extra: Record<string, string> = {}): Promise<NodeJS.ProcessEnv> {
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: await this.dir('home'), SYNAPSE_SESSIONS_DIR: await this.dir('sessions'), ...extra };
    for (const name of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'SYNAPSE_MODEL', 'NO_COLOR', 'FORCE_COLOR'] as const) if (!(name in extra)) delete env[name];
    return env;
  }

  async start(commandLine: string, options: { stdin?: string; env?: Record<string, string> } = {}): Promise<RunningCli> {
    const args = await this.parseArgs(commandLine);
    const child = spawn(process.execPath, [CLI_ENTRY, ...args], { cwd: await this.dir('work'), env: await this.env(options.env), stdio: 'pipe' });
    child.stdin.end(options.stdin ?? '');
    const running = new RunningCli(child, args);
    this.running = running;
    this.world.onCleanup(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    return running;
  }

  async run(commandLine: string, options: { stdin?: string; env?: Record<string, string> } = {}): Promise<CliRun> {
    this.last = await (await this.start(commandLine, options)).exited;
    return this.last;
  }

  get result(): CliRun {
    if (!this.last) throw new Error('No synapse command has run in this scenario');
    return this.last;
  }

  /** stdout of the last run as NDJSON (or one JSON document). */
  get jsonLines(): Array<Record<string, any>> {
    return this.result.stdout
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => {
        try {
          return JSON.parse(line) as Record<string, any>;
        } catch {
          throw new Error(`stdout line is not JSON: ${line}\nstdout:\n${this.result.stdout}`);
        }
      });
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
