import type { ChatMessage, ToolCall } from '../llm/types';
import { builtinExecutors, runToolCall } from './executors';
import { agentStateSchema, cloneState, createInitialState } from './state';
import { StepError } from './step-error';
import type { Agent, AgentEvent, AgentState, InstructionExecutor, RuntimeConfig, StepResult } from './types';

/**
 * A step-based agent runtime. The agent (the brain) returns an instruction; the executor for its type
 * (the engine) carries it out. Each step works on a copy of the state and never rejects: whatever goes
 * wrong becomes an `error` event and status `error`.
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
   * otherwise asks the agent for an instruction and runs its executor.
   */
  async step(state: AgentState, approvedToolCall?: ToolCall): Promise<StepResult> {
    const sessionId = typeof state?.sessionId === 'string' ? state.sessionId : '';
    let working: AgentState;
    try {
      working = this.checkedCopy(state);
    } catch (error) {
      return { events: [{ type: 'error', sessionId, error: StepError.from(error) }], newState: state };
    }
    try {
      const produced = approvedToolCall
        ? await runToolCall(approvedToolCall, working, this.agent)
        : await this.execute(await this.agent.runner(cloneState(working)), working);
      return this.commit(produced.newState ?? working, produced.events ?? []);
    } catch (error) {
      const failed = cloneState(state);
      failed.status = 'error';
      const stepError = StepError.from(error);
      failed.error = stepError.toJSON();
      return this.commit(failed, [{ type: 'error', sessionId, error: stepError }]);
    }
  }

  private async execute(instruction: unknown, state: AgentState): Promise<StepResult> {
    const type = (instruction as { type?: unknown } | null)?.type;
    if (typeof type !== 'string') throw new TypeError('Invalid instruction from agent.runner: expected an object with a string `type`');
    const executor = Object.hasOwn(this.executors, type) ? this.executors[type] : undefined;
    if (typeof executor !== 'function') {
      throw new TypeError(`Unknown instruction type: ${type} (known: ${Object.keys(this.executors).join(', ')})`);
    }
    state.status = 'running';
    return executor(instruction, state, { agent: this.agent, config: this.config });
  }

  private checkedCopy(state: AgentState): AgentState {
    const parsed = agentStateSchema.safeParse(state);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((issue) => `state.${issue.path.join('.')}: ${issue.message}`);
      throw new TypeError(`Invalid state: ${fields.join('; ')}`);
    }
    const copy = cloneState(state);
    delete copy.error;
    return copy;
  }

  /** Appends this step's events to the log and stamps the state. */
  private commit(state: AgentState, events: AgentEvent[]): StepResult {
    state.events = [...state.events, ...events];
    state.lastModified = new Date().toISOString();
    return { events, newState: state };
  }

  /** A human's answer to a pending prompt: it joins the conversation as a user message. */
  static answerPrompt(state: AgentState, answer: string): AgentState {
    return answerWith(state, 'pendingHumanPrompt', { role: 'user', content: answer });
  }

  /** A human's selection (option values) for a pending select. */
  static answerSelect(state: AgentState, values: string[]): AgentState {
    const pending = state.pendingHumanSelect;
    if (!pending) throw new Error('No selection is pending on this state');
    const known = new Set(pending.options.map((option) => option.value));
    const unknown = values.filter((value) => !known.has(value));
    if (unknown.length) throw new Error(`Unknown option: ${unknown.join(', ')} (expected one of ${[...known].join(', ')})`);
    if (!pending.multi && values.length !== 1) throw new Error('Exactly one option must be selected');
    return answerWith(state, 'pendingHumanSelect', { role: 'user', content: values.join(', ') });
  }

  /** A human's refusal of a pending tool call: the model is told, the call is no longer pending. */
  static rejectToolCall(state: AgentState, toolCallId: string, reason = 'Rejected by the user'): AgentState {
    const pending = state.pendingToolsCalling ?? [];
    if (!pending.some((call) => call.id === toolCallId)) throw new Error(`No pending tool call with id ${toolCallId}`);
    const next = cloneState(state);
    next.messages.push({ role: 'tool', tool_call_id: toolCallId, content: JSON.stringify({ rejected: true, reason }) });
    next.pendingToolsCalling = pending.filter((call) => call.id !== toolCallId);
    if (!next.pendingToolsCalling.length) {
      delete next.pendingToolsCalling;
      next.status = 'running';
    }
    next.lastModified = new Date().toISOString();
    return next;
  }
}

function answerWith(state: AgentState, pendingKey: 'pendingHumanPrompt' | 'pendingHumanSelect', message: ChatMessage): AgentState {
  if (!state[pendingKey]) throw new Error(`No ${pendingKey === 'pendingHumanPrompt' ? 'prompt' : 'selection'} is pending on this state`);
  const next = cloneState(state);
  delete next[pendingKey];
  next.messages.push(message);
  next.status = 'running';
  next.lastModified = new Date().toISOString();
  return next;
}
