// AgentRuntime at its boundaries (features/agent-runtime-boundaries.feature).
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { AgentRuntime, type AgentState } from '../src';
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

When('我用会话 ID {string} 调用 createInitialState', function (this: SynapseWorld, sessionId: string) {
  try {
    AgentRuntime.createInitialState({ sessionId });
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
