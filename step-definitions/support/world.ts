import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setWorldConstructor, World, type IWorldOptions } from '@cucumber/cucumber';
import { llmMock, type LlmMock } from './llm-mock';
import { isNarrating, narrateFiles, narrateModel } from './transcript';

/** Per-domain scenario state lives in a context class; the world builds each one on first use. */
export type ContextClass<T> = new (world: SynapseWorld) => T;

/** One per scenario: the mocked model, a temp directory, the domain contexts and what to clean up. */
export class SynapseWorld extends World {
  readonly llm: LlmMock = llmMock;
  private readonly contexts = new Map<ContextClass<unknown>, unknown>();
  private readonly cleanups: Array<() => unknown> = [];
  private tempDirectory?: string;
  /** The kind of the step now running (Context for Given, Action for When, Outcome for Then; And/But inherit). */
  stepType: 'Unknown' | 'Context' | 'Action' | 'Outcome' = 'Unknown';
  /** Scripted models of this scenario and how many of their replies are still queued. */
  private readonly scripts: Array<{ name: string; remaining: () => number }> = [{ name: 'the msw model', remaining: () => this.llm.remaining }];

  constructor(options: IWorldOptions) {
    super(options);
  }

  /** The scenario's context of a given domain (the same instance for every step of the scenario). */
  use<T>(Context: ContextClass<T>): T {
    if (!this.contexts.has(Context)) this.contexts.set(Context, new Context(this));
    return this.contexts.get(Context) as T;
  }

  /** Registers something to undo after the scenario (last registered, first run). */
  onCleanup(cleanup: () => unknown): void {
    this.cleanups.push(cleanup);
  }

  /** A fresh directory for this scenario, removed afterwards. */
  async tempDir(): Promise<string> {
    this.tempDirectory ??= await mkdtemp(join(tmpdir(), 'synapse-spec-'));
    return this.tempDirectory;
  }

  /** Whether the running step is a When: a step text shared by Given and When acts only as a When. */
  get inAction(): boolean {
    return this.stepType === 'Action';
  }

  /** Sets an environment variable for this scenario only. */
  setEnv(name: string, value: string | undefined): void {
    const before = process.env[name];
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
    this.onCleanup(() => {
      if (before === undefined) delete process.env[name];
      else process.env[name] = before;
    });
  }

  /** Registers a scripted model whose queued replies must all be consumed by the end of the scenario. */
  expectConsumed(name: string, remaining: () => number): void {
    this.scripts.push({ name, remaining });
  }

  /** Scripted replies nobody asked for: the scenario scripted a conversation that did not happen. */
  unconsumedReplies(): string[] {
    return this.scripts.flatMap(({ name, remaining }) => (remaining() > 0 ? [`${remaining()} scripted repl${remaining() === 1 ? 'y' : 'ies'} of ${name}`] : []));
  }

  /** What happened in this scenario, for its attachment in the report (see transcript.ts). */
  async narrate(): Promise<string> {
    const lines = narrateModel('Model (msw, in process)', this.llm.requests, this.llm.replies);
    for (const context of this.contexts.values()) if (isNarrating(context)) lines.push(...(await context.narrate()));
    lines.push(...(await narrateFiles(this.tempDirectory)));
    return lines.join('\n').trimEnd() || '(nothing recorded)';
  }

  async dispose(): Promise<void> {
    for (const cleanup of this.cleanups.splice(0).reverse()) await cleanup();
    if (this.tempDirectory) await rm(this.tempDirectory, { recursive: true, force: true });
  }
}

setWorldConstructor(SynapseWorld);
