import type { ToolCall } from '../llm';
import { abortable, NEVER_ABORTED } from './abortable';
import type { AgentRuntime } from './agent-runtime';
import { settleHumanInput, type HumanResponder, type WaitingFor } from './human-input';
import { compactState, parseAgentState } from './state';
import { StepError } from './step-error';
import type { AgentEvent, AgentState, StateError, StepResult } from './types';

export const DEFAULT_MAX_STEPS = 50;

/** Events of the run itself, besides those its steps produce. */
export type RunLoopEvent = { type: 'tool_rejected'; sessionId: string; id: string; name: string; reason: string } | { type: 'human_answered'; sessionId: string; answer: string };

export type RunEvent = AgentEvent | RunLoopEvent;

export interface RuntimeRunOptions {
  /** Who approves tool calls and answers prompts and selections; without one (or an answer), the run pauses. */
  human?: HumanResponder;
  /** Aborts the run: the running step's model request and tool see it; the last completed state stands. */
  signal?: AbortSignal;
  /** Steps (model calls, tool runs, decisions) this run may take. Default 50. */
  maxSteps?: number;
  /** Every event, in order. A listener that throws is reported once (process warning) and the run goes on. */
  onEvent?: (event: RunEvent) => void;
  /** Called with the state after every change, and once at the start; a failure ends the run with status error. */
  saveState?: (state: AgentState) => void | Promise<void>;
}

interface RunEnd {
  /** The last completed state, compacted (no stream chunks): what to save and resume from. */
  state: AgentState;
  /** Steps taken by this run. */
  steps: number;
}

/** How a run ended. Each outcome carries the state to save and resume from. */
export type RuntimeRunResult =
  | (RunEnd & { status: 'done'; reason?: string })
  | (RunEnd & { status: 'waiting_for_human_input'; waitingFor: WaitingFor })
  | (RunEnd & { status: 'error'; error: StateError })
  | (RunEnd & { status: 'interrupted' })
  | (RunEnd & { status: 'max_steps' });

/** What AgentRuntime#run does; see there. */
export async function runUntilInterruption(runtime: AgentRuntime, input: AgentState, options: RuntimeRunOptions): Promise<RuntimeRunResult> {
  const loop = new RunLoop(runtime, options);
  try {
    loop.checkOptions();
    return await loop.run(input);
  } catch (error) {
    return loop.failed(input, StepError.from(error).toJSON());
  }
}

class RunLoop {
  private readonly signal: AbortSignal;
  private readonly maxSteps: number;
  private steps = 0;
  private listenerFailed = false;

  constructor(
    private readonly runtime: AgentRuntime,
    private readonly options: RuntimeRunOptions,
  ) {
    this.signal = options.signal ?? NEVER_ABORTED;
    this.maxSteps = options.maxSteps ?? DEFAULT_MAX_STEPS;
  }

  /** A bad option is the run's error like any other: run() never rejects. */
  checkOptions(): void {
    if (!Number.isInteger(this.maxSteps) || this.maxSteps < 1) throw new RangeError(`maxSteps must be a whole number >= 1 (got ${this.options.maxSteps})`);
  }

  async run(input: AgentState): Promise<RuntimeRunResult> {
    let state = compactState(parseAgentState(input));
    const saved = await this.save(state);
    if (saved) return saved;
    for (;;) {
      if (this.signal.aborted || state.status === 'interrupted') return this.end(state, { status: 'interrupted' });
      if (state.status === 'done') return this.end(state, { status: 'done', ...doneReason(state) });
      if (state.status === 'waiting_for_human_input') {
        const settled = await this.settle(state);
        if ('result' in settled) return settled.result;
        state = settled.state;
        continue;
      }
      const stepped = await this.step(state);
      if ('result' in stepped) return stepped.result;
      state = stepped.state;
    }
  }

  failed(state: AgentState, error: StateError): RuntimeRunResult {
    return this.end(state, { status: 'error', error });
  }

  /** One step; the run ends here on abort, on the step limit, on a failed step or a failed save. */
  private async step(state: AgentState, approved?: ToolCall): Promise<{ state: AgentState } | { result: RuntimeRunResult }> {
    if (this.steps >= this.maxSteps) return { result: this.end(state, { status: 'max_steps' }) };
    this.steps += 1;
    const { newState }: StepResult = await this.runtime.step(state, approved, {
      signal: this.signal,
      // Live, so stream chunks reach the listener while they stream; an abort is reported as the run's outcome.
      onEvent: (event) => !(this.signal.aborted && event.type === 'error') && this.emit(event),
    });
    // An aborted step leaves nothing behind: the state before it is the one to resume from.
    if (this.signal.aborted) return { result: this.end(state, { status: 'interrupted' }) };
    const next = compactState(newState);
    const saved = await this.save(next);
    if (saved) return { result: saved };
    // An error state always holds its error: the runtime checks every state a step commits.
    if (next.status === 'error') return { result: this.end(next, { status: 'error', error: next.error as StateError }) };
    return { state: next };
  }

  /** Puts each pending question to the human; what they decide moves the state on. */
  private async settle(state: AgentState): Promise<{ state: AgentState } | { result: RuntimeRunResult }> {
    let current = state;
    try {
      const outcome = await abortable(
        settleHumanInput(current, this.options.human, {
          runApproved: async (call, at) => {
            const stepped = await this.step(at, call);
            if ('result' in stepped) throw new StopRun(stepped.result);
            current = stepped.state;
            return current;
          },
          changed: async (next, event) => {
            current = next;
            this.emit(event);
            const saved = await this.save(next);
            if (saved) throw new StopRun(saved);
          },
        }),
        this.signal,
      );
      if (outcome.waitingFor) return { result: this.end(current, { status: 'waiting_for_human_input', waitingFor: outcome.waitingFor }) };
      return { state: current };
    } catch (error) {
      if (error instanceof StopRun) return { result: error.result };
      if (this.signal.aborted) return { result: this.end(current, { status: 'interrupted' }) };
      // The responder's own error (its name included), so its caller can tell a bad answer from a failure.
      return { result: this.end(current, { status: 'error', error: StepError.from(error).toJSON() }) };
    }
  }

  private async save(state: AgentState): Promise<RuntimeRunResult | undefined> {
    if (!this.options.saveState) return undefined;
    try {
      await this.options.saveState(state);
      return undefined;
    } catch (error) {
      return this.end(state, { status: 'error', error: { name: 'SaveStateError', message: `saving the state failed: ${StepError.from(error).message}` } });
    }
  }

  private emit(event: AgentEvent | RunLoopEvent): void {
    try {
      this.options.onEvent?.(event);
    } catch (error) {
      if (this.listenerFailed) return;
      this.listenerFailed = true;
      process.emitWarning(`AgentRuntime run: an onEvent listener threw (${StepError.from(error).message}); later failures are not reported`);
    }
  }

  private end<T extends Omit<RuntimeRunResult, 'state' | 'steps'>>(state: AgentState, outcome: T): RuntimeRunResult {
    return { ...outcome, state, steps: this.steps } as RuntimeRunResult;
  }
}

/** Unwinds the human-input settling when a step or a save ended the run. */
class StopRun extends Error {
  constructor(readonly result: RuntimeRunResult) {
    // Stryker disable next-line StringLiteral: always caught in settle(), its message is never read
    super('run stopped');
  }
}

function doneReason(state: AgentState): { reason?: string } {
  const done = state.events.findLast((event) => event.type === 'done');
  return done?.type === 'done' && done.reason ? { reason: done.reason } : {};
}
