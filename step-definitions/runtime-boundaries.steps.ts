// AgentRuntime at its boundaries (features/agent-runtime-boundaries.feature).
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { AgentRuntime, builtinExecutors, type AgentState } from '../src';
import { RuntimeContext, toolCallArguments } from './support/runtime-context';
import { spy } from './support/spy';
import type { SynapseWorld } from './support/world';

const ctx = (world: SynapseWorld) => world.use(RuntimeContext);

Given(/^Agent 返回的指令是 `(.+)`$/, function (this: SynapseWorld, json: string) {
  ctx(this).returns(JSON.parse(json));
});

Given(/^Agent 的 runner 会抛出 `(.+)`$/, function (this: SynapseWorld, json: string) {
  const thrown: unknown = JSON.parse(json);
  ctx(this).runner = spy(() => {
    throw thrown;
  });
});

Given('当前状态不是一个对象', function (this: SynapseWorld) {
  ctx(this).state = 'not a state' as unknown as AgentState;
});

Then('错误事件的 sessionId 应该为空字符串', function (this: SynapseWorld) {
  expect(ctx(this).event('error').sessionId).to.equal('');
  expect(ctx(this).newState, 'the caller gets its own value back').to.equal(ctx(this).state);
});

Given('{string} 执行器什么也不返回', function (this: SynapseWorld, instruction: string) {
  ctx(this).config.executors = { [instruction]: () => ({}) as never };
});

const attempted = new WeakMap<SynapseWorld, unknown>();

When(/^我用会话 ID (.+) 调用 createInitialState$/, function (this: SynapseWorld, sessionId: string) {
  try {
    // JSON: a caller in plain JavaScript may pass anything.
    AgentRuntime.createInitialState({ sessionId: JSON.parse(sessionId) });
  } catch (error) {
    attempted.set(this, error);
  }
});

Then('应该抛出 TypeError，消息包含 {string}', function (this: SynapseWorld, message: string) {
  expect(attempted.get(this)).to.be.instanceOf(TypeError).with.property('message').that.contains(message);
});

Then('本步应该再次请求批准调用 {string}', function (this: SynapseWorld, id: string) {
  const { events, newState } = ctx(this);
  expect(events.map((event) => event.type)).to.deep.equal(['human_approve_required', 'tool_pending']);
  expect(newState.status).to.equal('waiting_for_human_input');
  expect(newState.pendingToolsCalling!.map((call) => call.id)).to.deep.equal([id]);
});

Then('拒绝调用 {string} 应该失败，消息包含 {string}', function (this: SynapseWorld, id: string, message: string) {
  const before = JSON.stringify(ctx(this).state);
  expect(() => AgentRuntime.rejectToolCall(ctx(this).state, id)).to.throw(message);
  expect(JSON.stringify(ctx(this).state), 'the state is untouched').to.equal(before);
});

Then('在初始状态上回答 {string} 应该失败，消息包含 {string}', function (this: SynapseWorld, answer: string, message: string) {
  expect(() => AgentRuntime.answerPrompt(ctx(this).state, answer)).to.throw(message);
});

Then('事件应该是只带提示 {string} 的 human_prompt_required', function (this: SynapseWorld, prompt: string) {
  const { events, newState } = ctx(this);
  expect(events).to.deep.equal([{ type: 'human_prompt_required', sessionId: 'test-session', prompt }]);
  expect(newState.pendingHumanPrompt).to.deep.equal({ prompt });
});

Given('Agent 有一个什么也不返回的工具 {string}', function (this: SynapseWorld, name: string) {
  ctx(this).agent.tools = { [name]: spy(() => undefined), calculator: spy() };
});

When('用这个已批准的调用执行步骤', async function (this: SynapseWorld) {
  const c = ctx(this);
  await c.step({ ...c.toolCall!, function: { ...c.toolCall!.function, name: 'noop' } });
});

Then(/^工具 "(\w+)" 应该收到 `(.+)`，工具消息的内容是 "(.+)"$/, function (this: SynapseWorld, name: string, args: string, content: string) {
  const c = ctx(this);
  expect(toolCallArguments(c.agent.tools![name])).to.deep.equal([JSON.parse(args)]);
  expect(c.newState.messages.at(-1)).to.deep.equal({ role: 'tool', tool_call_id: c.toolCall!.id, content });
});

Then('在初始状态上选择 {string} 应该失败，消息包含 {string}', function (this: SynapseWorld, value: string, message: string) {
  expect(() => AgentRuntime.answerSelect(ctx(this).state, [value])).to.throw(message);
});

When('人工不说理由拒绝待处理的工具调用', function (this: SynapseWorld) {
  const c = ctx(this);
  c.state = AgentRuntime.rejectToolCall(c.state, c.state.pendingToolsCalling![0].id);
});

Then('状态应该回到 running，最后一条消息是拒绝 {string} 的工具消息，理由为 {string}', function (this: SynapseWorld, id: string, reason: string) {
  const { state } = ctx(this);
  expect(state.status).to.equal('running');
  expect(state.pendingToolsCalling).to.equal(undefined);
  expect(state.messages.at(-1)).to.deep.equal({ role: 'tool', tool_call_id: id, content: JSON.stringify({ rejected: true, reason }) });
});

// --- what executors, tools, model runtimes and listeners hand back

Given('当前状态读取任何字段都会抛出', function (this: SynapseWorld) {
  ctx(this).state = new Proxy(
    {},
    {
      get: () => {
        throw new Error('unreadable');
      },
      ownKeys: () => {
        throw new Error('unreadable');
      },
    },
  ) as AgentState;
});

When('我用已经中止的 signal 执行步骤', async function (this: SynapseWorld) {
  const c = ctx(this);
  c.result = await c.runtime.step(c.state, undefined, { signal: AbortSignal.abort() });
});

When('我用这个读不出的状态执行步骤', async function (this: SynapseWorld) {
  const c = ctx(this);
  c.result = await c.runtime.step(c.state);
});

Given(/^"(\w+)" 执行器返回 `(.+)`$/, function (this: SynapseWorld, instruction: string, json: string) {
  const returned: unknown = JSON.parse(json);
  ctx(this).config.executors = { [instruction]: () => returned as never };
});

Given('{string} 执行器交回的事件中有一个 BigInt', function (this: SynapseWorld, instruction: string) {
  ctx(this).config.executors = { [instruction]: (_instruction, state) => ({ events: [{ type: 'custom', size: 10n }], newState: state }) as never };
});

Given('当前状态有一个值为 BigInt 的字段', function (this: SynapseWorld) {
  ctx(this).state = { ...ctx(this).state, counter: 10n } as unknown as AgentState;
});

Given('Agent 没有任何工具', function (this: SynapseWorld) {
  delete ctx(this).agent.tools;
});

Given('Agent 有一个返回 BigInt 的工具 {string}', function (this: SynapseWorld, name: string) {
  ctx(this).agent.tools = { [name]: () => 10n };
});

Given('模型运行时返回的不是异步可迭代的流', function (this: SynapseWorld) {
  ctx(this).config.modelRuntime = (() => [{ content: 'hi' }]) as never;
});

Given('模型运行时流出 {string} 和不带 total_tokens 的用量 {int}+{int}', function (this: SynapseWorld, text: string, prompt: number, completion: number) {
  ctx(this).config.modelRuntime = async function* () {
    yield { content: text };
    yield { usage: { prompt_tokens: prompt, completion_tokens: completion } } as never;
  };
});

When('我执行步骤，事件监听器每次都会抛出异常', async function (this: SynapseWorld) {
  const c = ctx(this);
  const heard: string[] = [];
  c.result = await c.runtime.step(c.state, undefined, {
    onEvent: (event) => {
      heard.push(event.type);
      throw new Error('listener broke');
    },
  });
  attemptedEvents.set(this, heard);
});

const attemptedEvents = new WeakMap<SynapseWorld, string[]>();

Then('监听器应该依次收到过 {string}', function (this: SynapseWorld, list: string) {
  expect(attemptedEvents.get(this)).to.deep.equal(list.split(',').map((type) => type.trim()));
});

Then('步骤的事件类型应该依次是 {string}', function (this: SynapseWorld, list: string) {
  expect(ctx(this).events.map((event) => event.type)).to.deep.equal(list.split(',').map((type) => type.trim()));
});

Then('llm_start 事件应该带着模型 {string}，llm_result 的用量应该是 {}', function (this: SynapseWorld, model: string, usage: string) {
  expect(ctx(this).event('llm_start').payload).to.deep.include({ model });
  expect(ctx(this).event('llm_result').result.usage).to.deep.equal(JSON.parse(usage));
});

Then('新状态应该与步骤前的状态相同，只是时间戳和步数更新了', function (this: SynapseWorld) {
  const { lastModified: _after, ...after } = ctx(this).newState;
  const { lastModified: _before, ...before } = ctx(this).state;
  expect(after).to.deep.equal({ ...before, stepCount: before.stepCount + 1, events: [...before.events, ...ctx(this).events] });
});

Then('错误事件的 sessionId 应该是 {string}', function (this: SynapseWorld, sessionId: string) {
  expect(ctx(this).event('error').sessionId).to.equal(sessionId);
});

Then('llm_start 事件应该说明发出 {int} 条消息，列出工具 {string}', function (this: SynapseWorld, messageCount: number, tools: string) {
  expect(ctx(this).event('llm_start').payload).to.deep.equal({ messageCount, tools: tools.split(',').map((name) => name.trim()) });
});

When('直接用 null 指令调用内置的 {string} 执行器', async function (this: SynapseWorld, type: string) {
  const c = ctx(this);
  try {
    await builtinExecutors[type]!(null, c.state, { agent: c.agent, config: {}, signal: new AbortController().signal, emit: () => {} });
  } catch (error) {
    attempted.set(this, error);
  }
});
