import { type StopHookExecutor, StopHookRegistry, type StopHookContext, type StopHookOutcome } from '../../src';
import { RunnerContext } from './runner-context';
import { clip, section, type Narrating } from './transcript';
import type { SynapseWorld } from './world';

/**
 * A scenario's stop hooks: a registry whose executeAll is counted, hooks that record what they were
 * given and in which order they ran, and the executor or runner that runs them.
 */
export class StopHooksContext implements Narrating {
  readonly registry = new StopHookRegistry();
  /** executeAll calls, each with the number of runner events seen before it (when it ran in a run). */
  readonly executeAllCalls: Array<{ context: StopHookContext; eventsBefore: number }> = [];
  /** Hook invocations, in order: which hook, with what context. */
  readonly invocations: Array<{ name: string; context: StopHookContext }> = [];
  readonly warnings: string[] = [];
  /** Process warnings emitted while the scenario listened. */
  readonly processWarnings: Error[] = [];
  outcomes?: StopHookOutcome[];
  appended?: string;
  executor?: StopHookExecutor;
  loaderCalls = 0;

  constructor(private readonly world: SynapseWorld) {
    const executeAll = this.registry.executeAll.bind(this.registry);
    this.registry.executeAll = (context, onProgress) => {
      this.executeAllCalls.push({ context, eventsBefore: this.runner.events.length });
      return executeAll(context, onProgress);
    };
  }

  get runner(): RunnerContext {
    return this.world.use(RunnerContext);
  }

  /** A hook that records its call and answers with `message` (or throws `failure`). */
  register(name: string, reply: { message?: string; failure?: string } = {}): void {
    this.registry.register(name, (context) => {
      this.invocations.push({ name, context });
      if (reply.failure) throw new Error(reply.failure);
      return reply.message === undefined ? undefined : { message: reply.message };
    });
  }

  /** The runner of the scenario, with this registry as its stop hooks. */
  useInRunner(): void {
    this.runner.options.stopHooks = this.executor ?? this.registry;
  }

  sampleContext(): StopHookContext {
    return { cwd: process.cwd(), messages: [{ role: 'assistant', content: 'Done.' }], finalResponse: 'Done.', sessionId: null };
  }

  narrate(): string[] {
    return section('Stop hooks', [
      `executeAll called ${this.executeAllCalls.length} time(s)`,
      ...this.invocations.map(({ name, context }) => `  ran ${name} (finalResponse "${clip(context.finalResponse, 60)}", sessionId ${context.sessionId})`),
      ...this.warnings.map((warning) => `  warning: ${clip(warning, 140)}`),
      ...(this.appended === undefined ? [] : [`  final text: ${clip(this.appended, 160)}`]),
    ]);
  }
}
