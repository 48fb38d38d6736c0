import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { HookEvent, HookSettings } from '../../src';
import { RunnerContext } from './runner-context';
import { clip, section, type Narrating } from './transcript';
import type { SynapseWorld } from './world';

const REPO = resolve(__dirname, '..', '..');
/** The scenarios' hook: logs what it reads on stdin, answers as told (fixtures/hooks/recorder.cjs). */
export const RECORDER = join(REPO, 'fixtures', 'hooks', 'recorder.cjs');

/**
 * The command hooks of a scenario: real hook processes (`node fixtures/hooks/recorder.cjs <dir> <name>`)
 * configured in Claude Code's shape, each logging the input it read and answering from its answer file.
 * The configuration goes to the scenario's runner (the library's `hooks` option) or, for the CLI, into a
 * settings file.
 */
export class HooksContext implements Narrating {
  readonly settings: HookSettings = {};
  /** What went into settings files (see take). */
  private readonly written: HookSettings[] = [];

  constructor(private readonly world: SynapseWorld) {}

  /** Where the hooks log and find their answers: outside the workspace, as a user's hook scripts are. */
  async dir(): Promise<string> {
    const dir = join(await this.world.tempDir(), 'hooks');
    await mkdir(dir, { recursive: true });
    return dir;
  }

  /** The shell command that runs the recorder named `name`. */
  async command(name: string): Promise<string> {
    return `node ${RECORDER} ${await this.dir()} ${name}`;
  }

  /** Adds a hook group to `event` (and to the runner, when the scenario has one not built yet). */
  async add(event: HookEvent, command: string, options: { matcher?: string; timeout?: number } = {}): Promise<void> {
    const group = { ...(options.matcher !== undefined ? { matcher: options.matcher } : {}), hooks: [{ type: 'command' as const, command, ...(options.timeout ? { timeout: options.timeout } : {}) }] };
    this.settings[event] = [...(this.settings[event] ?? []), group];
    this.world.use(RunnerContext).options.hooks = this.settings;
  }

  /** The hooks configured since the last call (for one settings file), and from now on, none. */
  take(): HookSettings {
    const taken = { ...this.settings };
    this.written.push(taken);
    for (const event of Object.keys(this.settings) as HookEvent[]) delete this.settings[event];
    return taken;
  }

  async answer(name: string, answer: object): Promise<void> {
    await writeFile(join(await this.dir(), `${name}.answer.json`), JSON.stringify(answer));
  }

  /** What the hook read on stdin, once per call, in order. */
  async inputs(name: string): Promise<Array<Record<string, unknown>>> {
    const path = join(await this.dir(), `${name}.log.jsonl`);
    if (!existsSync(path)) return [];
    return (await readFile(path, 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  /** The pid of the hook's last run (it writes it first thing), or of what it left in the background. */
  async pid(name: string): Promise<number> {
    return Number(await readFile(join(await this.dir(), `${name}.started`), 'utf8'));
  }

  async childPid(name: string): Promise<number> {
    return Number(await readFile(join(await this.dir(), `${name}.child.pid`), 'utf8'));
  }

  async narrate(): Promise<string[]> {
    const all = [...this.written, this.settings].filter((settings) => Object.keys(settings).length > 0);
    if (all.length === 0) return [];
    const lines = all.map((settings) => `configured: ${clip(JSON.stringify(settings).replaceAll(`node ${RECORDER} `, ''), 400)}`);
    const names = new Set(all.flatMap((settings) => Object.values(settings).flatMap((groups) => groups!.flatMap((group) => group.hooks.map((hook) => hook.command.split(' ').at(-1)!)))));
    for (const name of names) for (const input of await this.inputs(name)) lines.push(`${name} read: ${clip(JSON.stringify(input), 300)}`);
    return section('Command hooks', lines);
  }
}

/**
 * Whether `actual` holds everything `expected` holds (objects by key, recursively; arrays and values
 * exactly), so a step can name the fields it cares about.
 */
export function containsFields(actual: unknown, expected: unknown): boolean {
  if (expected === null || typeof expected !== 'object' || Array.isArray(expected)) return JSON.stringify(actual) === JSON.stringify(expected);
  if (actual === null || typeof actual !== 'object') return false;
  return Object.entries(expected).every(([key, value]) => containsFields((actual as Record<string, unknown>)[key], value));
}
