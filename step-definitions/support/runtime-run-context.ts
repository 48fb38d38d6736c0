import type { AgentState, HumanResponder, RunEvent, RuntimeRunOptions, RuntimeRunResult } from '../../src';
import { RuntimeContext } from './runtime-context';
import type { SynapseWorld } from './world';

/** A scenario's drive-loop world: who answers for the human, what the run heard and saved, how it ended. */
export class RuntimeRunContext {
  human?: HumanResponder;
  readonly events: RunEvent[] = [];
  /** How many times the run saved its state, and the last state saved, as the JSON text it would write. */
  saveCount = 0;
  lastSavedJson?: string;
  result?: RuntimeRunResult;
  durationMs = 0;
  /** Makes a save fail: its 1-based number, and the reason. */
  failingSave?: { at: number; reason: string };
  listenerThrows = false;
  /** What a scenario's model runtime or tool noticed of the abort signal. */
  seenSignal?: AbortSignal;
  /** The process warnings emitted while the run ran. */
  readonly warnings: string[] = [];

  constructor(private readonly world: SynapseWorld) {}

  get runtime(): RuntimeContext {
    return this.world.use(RuntimeContext);
  }

  /** Runs the scenario's runtime from `state`; `abort` may abort the given controller at a moment of its choosing. */
  async run(state: AgentState, options: Partial<RuntimeRunOptions> = {}): Promise<RuntimeRunResult> {
    this.events.length = 0;
    this.warnings.length = 0;
    const onWarning = (warning: Error) => this.warnings.push(warning.message);
    process.on('warning', onWarning);
    const started = performance.now();
    try {
      this.result = await this.runtime.runtime.run(state, {
        human: this.human,
        onEvent: (event) => {
          this.events.push(event);
          if (this.listenerThrows) throw new Error('listener broke');
        },
        saveState: (saved) => {
          if (this.failingSave?.at === this.saveCount + 1) throw new Error(this.failingSave.reason);
          this.saveCount += 1;
          this.lastSavedJson = JSON.stringify(saved);
        },
        ...options,
      });
      this.durationMs = performance.now() - started;
      // process.emitWarning delivers on the next tick.
      await new Promise(setImmediate);
    } finally {
      process.off('warning', onWarning);
    }
    this.runtime.state = this.result.state;
    return this.result;
  }

  get outcome(): RuntimeRunResult {
    if (!this.result) throw new Error('No run has happened in this scenario');
    return this.result;
  }

  get lastSaved(): AgentState {
    if (!this.lastSavedJson) throw new Error('The run saved nothing');
    return JSON.parse(this.lastSavedJson) as AgentState;
  }
}
