import type { ToolCall } from '../llm';
import { abortable, NEVER_ABORTED } from './abortable';
import { builtinExecutors, runToolCall } from './executors';
import { answerPrompt, answerSelect, rejectToolCall } from './human-answers';
import { runUntilInterruption, type RuntimeRunOptions, type RuntimeRunResult } from './run-loop';
import { adoptState, adoptStepEvents, copyState } from './owned-state';
import { createInitialState, summarizeState } from './state';
import { describeIssues, toolCallSchema } from './state-schema';
import { InvalidStateError } from './state-error';
import { StepError } from './step-error';
import { accountStep } from './step-accounting';
import { forcedFinalAnswer } from './forced-final-answer';
import { interrupt, resume } from './interruption';
import type { Agent, AgentEvent, AgentState, InstructionExecutor, RuntimeConfig, StepOptions, StepResult } from './types';

/**
 * A step-based agent runtime. The agent (the brain) returns an instruction; the executor for its type
 * (the engine) carries it out. Each step works on a copy of the state and never rejects: whatever goes
 * wrong, including an abort, becomes an `error` event and status `error`.
 */
export class AgentRuntime {
  /** Agent executors over configured ones over built-ins. */
  readonly executors: Readonly<Record<string, InstructionExecutor>>;

  constructor(
    private readonly agent: Agent,
    private readonly config: RuntimeConfig = {},
  ) {
    this.executors = Object.freeze({ ...builtinExecutors, ...config.executors, ...agent.executors });
  }

  static createInitialState = createInitialState;

  /**
   * Runs one step. With `approvedToolCall`, runs that tool without asking the agent (a human approved it);
   * otherwise asks the agent for an instruction and runs its executor. `signal` reaches the model request
   * and the tool; once it aborts, the step ends with an AbortError at once.
   */
  async step(state: AgentState, approvedToolCall?: ToolCall, options: StepOptions = {}): Promise<StepResult> {
    const listener = new StepListener(options.onEvent);
    // stepOrFail turns every failure into an error event (reporting one cannot fail: the state it commits was checked).
    const result = await this.stepOrFail(state, approvedToolCall, options.signal ?? NEVER_ABORTED, listener);
    listener.deliverRest(result.events);
    return result;
  }

  /**
   * Steps until the run is done, fails, waits for a human nobody present can answer, is aborted, or
   * reaches `maxSteps`; see RuntimeRunOptions and RuntimeRunResult. Never rejects.
   */
  run(state: AgentState, options: RuntimeRunOptions = {}): Promise<RuntimeRunResult> {
    return runUntilInterruption(this, state, options);
  }

  private async stepOrFail(state: AgentState, approvedToolCall: unknown, signal: AbortSignal, listener: StepListener): Promise<StepResult> {
    let working: AgentState;
    try {
      working = checkedCopy(state);
    } catch (error) {
      return { events: [{ type: 'error', sessionId: sessionIdOf(state), error: StepError.from(error) }], newState: state };
    }
    // Interrupted: nothing happens until a resume.
    if (working.status === 'interrupted') return { events: [], newState: working };
    try {
      const produced = await abortable(this.produce(copyState(working), approvedToolCall, signal, listener), signal);
      return commit(produced, working, this.config);
    } catch (error) {
      const stepError = StepError.from(error);
      const failed: AgentState = { ...working, status: 'error', error: stepError.toJSON() };
      return commit({ events: [{ type: 'error', sessionId: working.sessionId, error: stepError }], newState: failed }, working, this.config);
    }
  }

  private async produce(working: AgentState, approvedToolCall: unknown, signal: AbortSignal, listener: StepListener): Promise<StepResult> {
    const context = { agent: this.agent, config: this.config, signal, emit: listener.emit };
    if (working.maxSteps !== undefined && working.stepCount + 1 >= working.maxSteps) return forcedFinalAnswer(working, context);
    if (approvedToolCall !== undefined) return runToolCall(parseApprovedToolCall(approvedToolCall), working, { agent: this.agent, signal });
    const instruction: unknown = await this.agent.runner(copyState(working));
    const type = (instruction as { type?: unknown } | null)?.type;
    if (typeof type !== 'string') throw new TypeError('Invalid instruction from agent.runner: expected an object with a string `type`');
    const executor = Object.hasOwn(this.executors, type) ? this.executors[type] : undefined;
    if (typeof executor !== 'function') {
      throw new TypeError(`Unknown instruction type: ${type} (known: ${Object.keys(this.executors).join(', ')})`);
    }
    working.status = 'running';
    return executor(instruction, working, context);
  }

  /** A human's answer to a pending prompt: it joins the conversation as a user message. */
  static answerPrompt = answerPrompt;

  /** A human's selection (option values) for a pending select. */
  static answerSelect = answerSelect;

  /** A human's refusal of a pending tool call: the model is told, the call is no longer pending. */
  static rejectToolCall = rejectToolCall;

  /** Stops a live state at a step boundary (status `interrupted`, an `interrupted` event); see `resume`. */
  static interrupt = interrupt;

  /** Takes an interrupted state back to running, or to the human input it was waiting for. */
  static resume = resume;
}

/** The caller's state, validated and copied; a previous step's error is cleared for the retry. */
function checkedCopy(state: AgentState): AgentState {
  const copy = adoptState(state);
  delete copy.error;
  return copy;
}

/** A tool call a human approved is the caller's input: checked before anything runs. */
function parseApprovedToolCall(input: unknown): ToolCall {
  const parsed = toolCallSchema.safeParse(input);
  if (!parsed.success) throw new TypeError(`Invalid approved tool call: ${describeIssues(parsed.error, 'toolCall')}`);
  return parsed.data;
}

/**
 * Appends the step's events to the trace and stamps the state. What an executor hands back must still be
 * a state the runtime can step and save: checked here, so a bad one fails this step, not the next.
 */
function commit(produced: StepResult, working: AgentState, config: RuntimeConfig): StepResult {
  if (!produced || typeof produced !== 'object') throw new TypeError('The executor returned no result: expected { events, newState }');
  if (!Array.isArray(produced.events)) throw new TypeError('The executor returned no events array');
  const events = adoptStepEvents(produced.events);
  // An executor that hands back only events leaves the state as it was.
  const produce = produced.newState ?? working;
  let state: AgentState;
  try {
    state = adoptState({ ...produce, lastModified: new Date().toISOString() });
  } catch (error) {
    throw new InvalidStateError(`The executor returned an invalid state: ${(error as Error).message.replace(/^Invalid state: /, '')}`);
  }
  // The books are the runtime's: an executor cannot skip a step or its cost (a limit may add an event).
  state.stepCount = working.stepCount;
  state.usage = working.usage;
  state.costUsd = working.costUsd;
  accountStep(state, events, config);
  // A done event describes the state as committed: its step counted, its replies priced.
  const committed = adoptStepEvents(events.map((event) => (event.type === 'done' ? { ...event, finalState: summarizeState(state) } : event)));
  state.events.push(...committed);
  return { events: committed, newState: state };
}

function sessionIdOf(state: unknown): string {
  try {
    // null and hostile states throw here, and have no session id either.
    const id = (state as { sessionId?: unknown }).sessionId;
    return typeof id === 'string' ? id : '';
  } catch {
    return '';
  }
}

/** Delivers a step's events to its listener once each: live ones as they happen, the rest at the end. */
class StepListener {
  private readonly delivered = new Set<AgentEvent>();

  constructor(private readonly onEvent?: (event: AgentEvent) => void) {}

  readonly emit = (event: AgentEvent): void => {
    if (!this.onEvent || this.delivered.has(event)) return;
    this.delivered.add(event);
    try {
      this.onEvent(event);
    } catch {
      // A listener cannot break the step; the run loop reports its own listener's failures.
    }
  };

  deliverRest(events: readonly AgentEvent[]): void {
    for (const event of events) this.emit(event);
  }
}
