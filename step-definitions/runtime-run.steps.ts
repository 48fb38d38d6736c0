import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { AgentRuntime, createToolApprovalAgent, parseAgentState, type AgentState, type ModelRuntime } from '../src';
import { RuntimeContext, toolCallArguments } from './support/runtime-context';
import { RuntimeRunContext } from './support/runtime-run-context';
import { spy, type Spy } from './support/spy';
import type { SynapseWorld } from './support/world';

const ctx = (world: SynapseWorld) => world.use(RuntimeContext);
const run = (world: SynapseWorld) => world.use(RuntimeRunContext);
const weatherTool = (world: SynapseWorld) => ctx(world).agent.tools!.get_weather as Spy;
const question = (text: string) => AgentRuntime.createInitialState({ sessionId: 'test-session', messages: [{ role: 'user', content: text }] });

// --- the model, the agent and the human

Given('模型会调用天气工具查询 {string}', function (this: SynapseWorld, city: string) {
  this.llm.reply({ content: '', toolCalls: [{ id: 'call_weather', name: 'get_weather', arguments: JSON.stringify({ city }) }] });
});

Given('模型会回答 {string}', function (this: SynapseWorld, text: string) {
  this.llm.reply({ content: text });
});

Given('模型要 {int} 毫秒后才回答 {string}', function (this: SynapseWorld, delayMs: number, text: string) {
  this.llm.reply({ content: text, delayMs });
});

Given('一个先问 {string}、得到回答后结束的 Agent', function (this: SynapseWorld, prompt: string) {
  ctx(this).runner = spy((state: AgentState) => (state.messages.length > 1 ? { type: 'finish', reason: 'answered' } : { type: 'request_human_prompt', prompt }));
});

Given('一个总是调用模型的 Agent', function (this: SynapseWorld) {
  ctx(this).returns({ type: 'call_llm' });
});

Given('模型运行时流出 {string} 后一直等到中止信号', function (this: SynapseWorld, text: string) {
  const r = run(this);
  ctx(this).config.modelRuntime = async function* ({ signal }) {
    r.seenSignal = signal;
    yield { content: text };
    await new Promise((resolve) => signal?.addEventListener('abort', resolve, { once: true }));
  };
});

Given('模型运行时流出 {string} 后流出块 {}', function (this: SynapseWorld, text: string, chunk: string) {
  const bad: unknown = JSON.parse(chunk);
  ctx(this).config.modelRuntime = async function* () {
    yield { content: text };
    yield bad;
  } as unknown as ModelRuntime;
});

Given('天气工具永远不结束，也不理会中止信号', function (this: SynapseWorld) {
  const r = run(this);
  ctx(this).agent.tools!.get_weather = spy((_args: unknown, context: { signal: AbortSignal }) => {
    r.seenSignal = context.signal;
    return new Promise(() => {});
  });
});

Given('人会批准所有工具调用', function (this: SynapseWorld) {
  run(this).human = { ...run(this).human, approve: () => true };
});

Given('人会拒绝所有工具调用', function (this: SynapseWorld) {
  run(this).human = { ...run(this).human, approve: () => false };
});

Given('人会回答 {string}', function (this: SynapseWorld, answer: string) {
  run(this).human = { ...run(this).human, answer: () => answer };
});

Given('run 的事件监听器每次都会抛出异常', function (this: SynapseWorld) {
  run(this).listenerThrows = true;
});

Given('第 {int} 次保存状态会失败，原因是 {string}', function (this: SynapseWorld, at: number, reason: string) {
  run(this).failingSave = { at, reason };
});

// --- running

When('用户问 {string} 并用 run 驱动', async function (this: SynapseWorld, text: string) {
  await run(this).run(question(text));
});

When('用户问 {string} 并用 run 驱动，最多 {int} 步', async function (this: SynapseWorld, text: string, maxSteps: number) {
  await run(this).run(question(text), { maxSteps });
});

When('用户问 {string} 并用 run 驱动，{int} 毫秒后中止', async function (this: SynapseWorld, text: string, ms: number) {
  await run(this).run(question(text), { signal: AbortSignal.timeout(ms) });
});

When('用户问 {string} 并用 run 驱动，收到第一个流式块后中止', async function (this: SynapseWorld, text: string) {
  const controller = new AbortController();
  const r = run(this);
  await r.run(question(text), {
    signal: controller.signal,
    onEvent: (event) => {
      r.events.push(event);
      if (event.type === 'llm_stream') controller.abort();
    },
  });
});

When('用户问 {string} 并用 run 驱动，天气工具开始后中止', async function (this: SynapseWorld, text: string) {
  const controller = new AbortController();
  const tool = weatherTool(this);
  ctx(this).agent.tools!.get_weather = (args: unknown, context: unknown) => {
    setTimeout(() => controller.abort(), 20);
    return tool(args, context);
  };
  await run(this).run(question(text), { signal: controller.signal });
});

When('run 结果中的状态被保存为 JSON 后由一个新的运行时载入', function (this: SynapseWorld) {
  const c = ctx(this);
  const before = c.runtime;
  c.state = parseAgentState(JSON.parse(JSON.stringify(run(this).outcome.state)));
  // A new process: a fresh agent with fresh tool spies, a fresh model client, a fresh runtime.
  const agent = createToolApprovalAgent({ tools: { get_weather: spy(async () => c.toolReturn) } });
  Object.assign(c.agent, { tools: agent.tools });
  c.runner = spy((state) => agent.runner(state));
  c.config = { modelRuntime: this.llm.modelRuntime() };
  expect(c.rebuild()).not.to.equal(before);
});

When('用 run 从载入的状态继续', async function (this: SynapseWorld) {
  await run(this).run(ctx(this).state);
});

// --- how the run ended

// Cucumber hands the (\d+) group over as a number (its int parameter type), or null when absent: 0 steps is checked too.
Then(/^run 的结果应该是 "(\w+)"(?:，共 (\d+) 步)?$/, function (this: SynapseWorld, status: string, steps: number | null) {
  const outcome = run(this).outcome;
  expect(outcome.status, JSON.stringify(outcome.status === 'error' ? outcome.error : outcome.status)).to.equal(status);
  if (typeof steps === 'number') expect(outcome.steps).to.equal(steps);
});

Then('run 中天气工具不应该被执行，最终状态没有待批准的调用', function (this: SynapseWorld) {
  expect(weatherTool(this).calls).to.have.length(0);
  expect(run(this).outcome.state.pendingToolsCalling).to.equal(undefined);
});

Then('run 的结果应该是 {string}，错误包含 {string}', function (this: SynapseWorld, status: string, message: string) {
  const outcome = run(this).outcome;
  expect(outcome.status).to.equal(status);
  expect(outcome.status === 'error' && outcome.error.message).to.contain(message);
});

Then(/^(run |结果中的状态)应该在等待批准工具 "(\w+)"$/, function (this: SynapseWorld, what: string, name: string) {
  const outcome = run(this).outcome;
  if (what === 'run ') {
    expect(outcome.status).to.equal('waiting_for_human_input');
    expect(outcome.status === 'waiting_for_human_input' && outcome.waitingFor).to.deep.include({ kind: 'approval' });
  }
  expect(outcome.state.status).to.equal('waiting_for_human_input');
  expect(outcome.state.pendingToolsCalling?.map((call) => call.function.name)).to.deep.equal([name]);
});

Then('run 应该在 {int} 毫秒内结束', function (this: SynapseWorld, ms: number) {
  expect(run(this).durationMs).to.be.below(ms);
});

Then('最后保存的状态应该就是结果中的状态', function (this: SynapseWorld) {
  expect(run(this).lastSaved).to.deep.equal(JSON.parse(JSON.stringify(run(this).outcome.state)));
});

Then('天气工具应该还没有被执行', function (this: SynapseWorld) {
  expect(weatherTool(this).calls).to.have.length(0);
});

Then('天气工具应该以城市 {string} 被执行一次', function (this: SynapseWorld, city: string) {
  expect(toolCallArguments(weatherTool(this))).to.deep.equal([{ city }]);
});

Then(/^结果中的最后一条消息应该是(助手回答|用户消息) "(.*)"$/, function (this: SynapseWorld, kind: string, text: string) {
  const role = kind === '助手回答' ? 'assistant' : 'user';
  expect(run(this).outcome.state.messages.at(-1)).to.deep.equal({ role, content: text });
});

Then('结果中的状态应该只有用户的问题', function (this: SynapseWorld) {
  const { state } = run(this).outcome;
  expect(state.messages.map((message) => message.role)).to.deep.equal(['user']);
  expect(state.status).to.equal('idle');
});

Then('run 的事件类型应该依次是 {string}', function (this: SynapseWorld, list: string) {
  expect(run(this).events.map((event) => event.type)).to.deep.equal(list.split(',').map((type) => type.trim()));
});

Then('run 的事件中应该有 {string}', function (this: SynapseWorld, type: string) {
  expect(run(this).events.map((event) => event.type)).to.include(type);
});

Then('run 的事件中不应该有 {string}', function (this: SynapseWorld, type: string) {
  expect(run(this).events.map((event) => event.type)).not.to.include(type);
});

Then('模型第 {int} 次收到的最后一条消息应该是对 {string} 的拒绝', function (this: SynapseWorld, n: number, id: string) {
  const last = this.llm.requests[n - 1]!.messages.at(-1)!;
  expect(last).to.deep.include({ role: 'tool', tool_call_id: id });
  expect(JSON.parse(last.content!)).to.deep.equal({ rejected: true, reason: 'Rejected by the user' });
});

Then('模型运行时应该收到了中止信号', function (this: SynapseWorld) {
  expect(run(this).seenSignal?.aborted).to.equal(true);
});

Then('天气工具收到的信号应该已经中止', function (this: SynapseWorld) {
  expect(run(this).seenSignal?.aborted).to.equal(true);
});

// --- the run's own edges: its options, a human who cannot decide, a selection

Given('一个先让人从 {string} 中选一项、选好后结束的 Agent', function (this: SynapseWorld, values: string) {
  const options = values.split(',').map((value) => ({ label: value.trim(), value: value.trim() }));
  ctx(this).runner = spy((state: AgentState) => (state.messages.length > 1 ? { type: 'finish', reason: 'chosen' } : { type: 'request_human_select', prompt: 'Pick one', options, multi: false }));
});

Given('人会选择 {string}', function (this: SynapseWorld, value: string) {
  run(this).human = { ...run(this).human, select: () => [value] };
});

Given('人回答提问时会抛出 {string}', function (this: SynapseWorld, message: string) {
  run(this).human = {
    answer: () => {
      throw new Error(message);
    },
  };
});

Given('人永远不对工具调用做决定', function (this: SynapseWorld) {
  run(this).human = { approve: () => new Promise<boolean>(() => {}) };
});

When('用户问 {string} 并用 run 驱动，signal 已经中止', async function (this: SynapseWorld, text: string) {
  await run(this).run(question(text), { signal: AbortSignal.abort() });
});

When('用户问 {string} 并用 run 驱动，不保存状态', async function (this: SynapseWorld, text: string) {
  await run(this).run(question(text), { saveState: undefined });
});

Given('模型会调用天气工具查询 {string} 和 {string}', function (this: SynapseWorld, first: string, second: string) {
  this.llm.reply({
    toolCalls: [first, second].map((city, i) => ({ id: `call_weather_${i + 1}`, name: 'get_weather', arguments: JSON.stringify({ city }) })),
  });
});

When('用 run 驱动这个状态', async function (this: SynapseWorld) {
  await run(this).run(ctx(this).state);
});

Then(/^run 应该在等待(回答提问|选择) "(.*)"$/, function (this: SynapseWorld, kind: string, prompt: string) {
  const outcome = run(this).outcome;
  expect(outcome.status).to.equal('waiting_for_human_input');
  expect(outcome.status === 'waiting_for_human_input' && outcome.waitingFor).to.deep.include({ kind: kind === '选择' ? 'select' : 'prompt', prompt });
});

Then('run 的结果不应该带完成原因', function (this: SynapseWorld) {
  const outcome = run(this).outcome;
  expect(outcome.status).to.equal('done');
  expect(outcome).not.to.have.property('reason');
});

Then('run 的错误名应该是 {string}', function (this: SynapseWorld, name: string) {
  const outcome = run(this).outcome;
  expect(outcome.status === 'error' && outcome.error.name).to.equal(name);
});

Then('结果中的状态应该在等待人工输入', function (this: SynapseWorld) {
  expect(run(this).outcome.state.status).to.equal('waiting_for_human_input');
});

// --- what a run reports besides its status

When('用户问 {string} 并用 run 驱动，没有事件监听器', async function (this: SynapseWorld, text: string) {
  await run(this).run(question(text), { onEvent: undefined });
});

Then('run 的结果应该带完成原因 {string}', function (this: SynapseWorld, reason: string) {
  expect(run(this).outcome).to.deep.include({ status: 'done', reason });
});

Then('run 应该恰好发出一次进程警告 {string}', function (this: SynapseWorld, message: string) {
  expect(run(this).warnings).to.deep.equal([message]);
});

Then('run 不应该发出进程警告', function (this: SynapseWorld) {
  expect(run(this).warnings).to.deep.equal([]);
});

Then('最后保存的状态中不应该有流式块', function (this: SynapseWorld) {
  expect(run(this).lastSaved.events.map((event) => event.type)).not.to.include('llm_stream');
});

Given('人只批准第一个工具调用，其余的还没决定', function (this: SynapseWorld) {
  let asked = 0;
  run(this).human = { approve: () => (++asked === 1 ? true : undefined) };
});

Then('天气工具应该依次以城市 {string} 被执行', function (this: SynapseWorld, cities: string) {
  expect(toolCallArguments(weatherTool(this))).to.deep.equal(cities.split(',').map((city) => ({ city: city.trim() })));
});

Given('一个先让人从 {string} 中选几项、选好后结束的 Agent', function (this: SynapseWorld, values: string) {
  const options = values.split(',').map((value) => ({ label: value.trim(), value: value.trim() }));
  ctx(this).runner = spy((state: AgentState) => (state.messages.length > 1 ? { type: 'finish', reason: 'chosen' } : { type: 'request_human_select', prompt: 'Pick some', options, multi: true }));
});

Given('人会选择 {string} 这几项', function (this: SynapseWorld, values: string) {
  run(this).human = { ...run(this).human, select: () => values.split(',').map((value) => value.trim()) };
});

Then('run 报告的人的回答应该是 {string}', function (this: SynapseWorld, answer: string) {
  expect(run(this).events.filter((event) => event.type === 'human_answered')).to.deep.equal([{ type: 'human_answered', sessionId: 'test-session', answer }]);
});

When('用户问 {string} 并用 run 驱动，带着一个不会中止的 signal', async function (this: SynapseWorld, text: string) {
  await run(this).run(question(text), { signal: new AbortController().signal });
});
