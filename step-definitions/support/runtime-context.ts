import { expect } from 'chai';
import {
  AgentRuntime,
  type Agent,
  type ChatMessage,
  type AgentEvent,
  type AgentInstruction,
  type AgentState,
  type InstructionExecutor,
  type RuntimeConfig,
  type StepResult,
  type ToolCall,
} from '../../src';
import { spy, type Spy } from './spy';
import { clip, section, type Narrating } from './transcript';
import type { SynapseWorld } from './world';

export type Layer = 'agent' | 'config';

/** The event by which each built-in executor is recognised. */
export const builtinSignature: Record<string, string> = {
  call_llm: 'llm_result',
  call_tool: 'tool_result',
  request_human_approve: 'human_approve_required',
  request_human_prompt: 'human_prompt_required',
  request_human_select: 'human_select_required',
  finish: 'done',
};

export function toolCall(name: string, args: string, id = 'call_123'): ToolCall {
  return { id, type: 'function', function: { name, arguments: args } };
}

/** A scenario's AgentRuntime world: the agent, its config, the state and the last step's outcome. */
export class RuntimeContext implements Narrating {
  runner: Spy = spy(() => ({ type: 'finish' }));
  readonly agent: Agent = { runner: (state) => this.runner(state) as AgentInstruction };
  config: RuntimeConfig = {};
  private built?: AgentRuntime;
  /** A conversation under way, so a step that drops or rewrites state is visible. */
  state: AgentState = AgentRuntime.createInitialState({ sessionId: 'test-session', messages: [{ role: 'user', content: 'Please help.' }] });
  toolCall?: ToolCall;
  /** What the scenario's tool returns, to compare with what the runtime reports. */
  toolReturn?: unknown;
  result?: StepResult;
  /** Every step of the scenario, in order. */
  readonly results: StepResult[] = [];
  private readonly steps: Array<{ approved?: ToolCall; from: string; result: StepResult }> = [];
  stateSnapshot?: string;
  /** How the scenario arranged the step to end: normally, or in the instruction's typical failure. */
  outcome?: 'ok' | 'error';
  /** The instruction type the scenario arranged. */
  instruction?: string;
  /** What createInitialState is called with in the state-creation scenarios. */
  initialOptions: { sessionId: string; messages?: ChatMessage[] } = { sessionId: 'test-session' };
  readonly layerExecutors: Partial<Record<Layer, Spy>> = {};

  constructor(private readonly world: SynapseWorld) {}

  get runtime(): AgentRuntime {
    this.built ??= new AgentRuntime(this.agent, this.config);
    return this.built;
  }

  /** Forgets the runtime: the next use builds a new one, as a new process would. */
  rebuild(): AgentRuntime {
    this.built = undefined;
    return this.runtime;
  }

  returns(instruction: unknown): void {
    this.runner = spy(() => instruction);
  }

  useModel(): void {
    this.config.modelRuntime = this.world.llm.modelRuntime();
  }

  /** Runs one step from the scenario's state (a step that rejects fails the scenario where it happens). */
  async step(approved?: ToolCall, state: AgentState = this.state): Promise<StepResult> {
    this.result = await this.runtime.step(state, approved);
    this.results.push(this.result);
    this.steps.push({ approved, from: state.status, result: this.result });
    return this.result;
  }

  /** Moves the scenario on to the state the last step produced. */
  advance(): AgentState {
    this.state = this.newState;
    return this.state;
  }

  get events(): AgentEvent[] {
    if (!this.result) throw new Error('No step has run in this scenario');
    return this.result.events;
  }

  get newState(): AgentState {
    if (!this.result) throw new Error('No step has run in this scenario');
    return this.result.newState;
  }

  event<T extends AgentEvent['type']>(type: T): Extract<AgentEvent, { type: T }> {
    const found = this.events.find((event) => event.type === type);
    if (!found) throw new Error(`No ${type} event among: ${this.events.map((event) => event.type).join(', ')}`);
    return found as Extract<AgentEvent, { type: T }>;
  }

  /** A recording executor for one layer, which answers with an event naming that layer. */
  layerExecutor(layer: Layer): Spy {
    const executor = spy((_instruction: unknown, state: AgentState) => ({ events: [{ type: 'custom', layer }], newState: state }));
    this.layerExecutors[layer] = executor;
    return executor;
  }

  provideAt(layer: Layer, instruction: string): void {
    const executor = this.layerExecutor(layer) as unknown as InstructionExecutor;
    if (layer === 'agent') this.agent.executors = { ...this.agent.executors, [instruction]: executor };
    else this.config.executors = { ...this.config.executors, [instruction]: executor };
  }

  /** Arranges everything an instruction needs to succeed, or to fail in its own typical way. */
  arrange(type: string, outcome: 'ok' | 'error'): void {
    this.instruction = type;
    this.outcome = outcome;
    const failing = outcome === 'error';
    const ask = (instruction: object) => this.returns({ type, ...instruction });
    switch (type) {
      case 'call_llm':
        this.useModel();
        // Only the built-in executor asks the model: a custom one must leave the script untouched.
        if (this.builtinHandles(type)) this.world.llm.reply(failing ? { error: { status: 503, message: 'model overloaded' } } : { content: ['Hi', ' there'] });
        return ask({});
      case 'call_tool':
        this.agent.tools = { echo: async (args: unknown) => (failing ? Promise.reject(new Error('tool exploded')) : { echoed: args }) };
        return ask({ toolCall: toolCall('echo', '{"text":"hi"}') });
      case 'request_human_approve':
        return ask({ pendingToolsCalling: failing ? [] : [toolCall('echo', '{}')] });
      case 'request_human_prompt':
        return ask({ prompt: failing ? '' : 'Your name?', metadata: { field: 'name' } });
      case 'request_human_select':
        return ask({ prompt: 'Pick one', options: failing ? [] : [{ label: 'A', value: 'a' }], multi: false });
      case 'finish':
        return ask({ reason: failing ? 42 : 'Task completed' });
      default:
        return ask({});
    }
  }

  /** Whether the built-in executor handles `type` (neither the agent nor the config overrides it). */
  builtinHandles(type: string): boolean {
    return !this.agent.executors?.[type] && !this.config.executors?.[type];
  }

  /** The step ended as arranged: the built-in's own events when normal, exactly one error event when failing. */
  expectArrangedOutcome(events: AgentEvent[] = this.events): void {
    const types = events.map((event) => event.type);
    if (this.outcome === 'error') expect(types).to.deep.equal(['error']);
    else {
      expect(types, 'a normal step has no error event').not.to.include('error');
      expect(types).to.include(builtinSignature[this.instruction!]);
    }
  }

  /** Each step: what it was given, the events it produced, the status it left. */
  narrate(): string[] {
    const lines = this.steps.flatMap(({ approved, from, result }, index) => [
      `step ${index + 1} from ${from}${approved ? `, approved call ${approved.function.name}(${clip(approved.function.arguments, 80)})` : `, agent.runner asked`} → ${result.newState.status}`,
      ...result.events.map((event) => `  ${describeEvent(event)}`),
    ]);
    return section('AgentRuntime', lines);
  }

  /** The user's question, and the model's answers: a get_weather call, then (unless told not) the forecast. */
  askForWeather({ forecast = true } = {}): void {
    this.world.llm.reply({ content: '', toolCalls: [{ id: 'call_weather', name: 'get_weather', arguments: '{"city":"Beijing"}' }] });
    if (forecast) this.world.llm.reply({ content: ['It is ', '25°C and sunny', ' in Beijing.'] });
    this.state = AgentRuntime.createInitialState({ sessionId: 'test-session', messages: [{ role: 'user', content: "What's the weather in Beijing?" }] });
  }

  rememberState(): void {
    this.stateSnapshot = JSON.stringify(this.state);
  }
}

/**
 * The calls a tool spy received, as their argument objects. A tool is called as `tool(args, context)`;
 * each call's context must carry the step's AbortSignal and the call it answers.
 */
export function toolCallArguments(tool: unknown): unknown[] {
  const { calls } = tool as Spy;
  for (const [, context] of calls) {
    expect(context, 'the tool context').to.have.property('signal').that.is.instanceOf(AbortSignal);
    expect((context as { toolCall: ToolCall }).toolCall.type).to.equal('function');
  }
  return calls.map(([args]) => args);
}

/** One event, with the fields a reader needs to follow the step. */
function describeEvent(event: AgentEvent): string {
  switch (event.type) {
    case 'llm_stream':
      return `llm_stream ${clip(JSON.stringify(event.chunk), 100)}`;
    case 'llm_result':
      return `llm_result "${clip(event.result.content, 120)}"${event.result.tool_calls.length ? ` calls ${event.result.tool_calls.map((call) => `${call.function.name}(${clip(call.function.arguments, 60)})`).join(', ')}` : ''}`;
    case 'tool_result':
      return `tool_result ${event.id}: ${clip(JSON.stringify(event.result) ?? 'undefined', 120)}`;
    case 'human_approve_required':
      return `human_approve_required ${event.pendingToolsCalling.map((call) => call.function.name).join(', ')}`;
    case 'human_prompt_required':
    case 'human_select_required':
      return `${event.type} "${clip(event.prompt, 100)}"`;
    case 'done':
      return `done${event.reason ? ` (${clip(event.reason, 80)})` : ''}, final status ${event.finalState.status}`;
    case 'error':
      return `error: ${clip(event.error.message, 160)}`;
    default:
      return event.type;
  }
}
