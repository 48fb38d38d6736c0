import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { AgentRuntime, createToolApprovalAgent, type AgentState } from '../src';
import { RuntimeContext, toolCall, toolCallArguments } from './support/runtime-context';
import { spy, type Spy } from './support/spy';
import type { SynapseWorld } from './support/world';

const ctx = (world: SynapseWorld) => world.use(RuntimeContext);
const weatherTool = (world: SynapseWorld) => ctx(world).agent.tools!.get_weather as Spy;

When(/^用户询问天气信息(（模型只会要求调用天气工具）)?，运行时推进到等待人工批准$/, async function (this: SynapseWorld, callOnly?: string) {
  const c = ctx(this);
  c.askForWeather({ forecast: !callOnly });
  await c.step();
  await c.step(undefined, c.advance());
  c.advance();
});

When('人工批准待处理的工具调用，运行时继续到最终回答', async function (this: SynapseWorld) {
  const c = ctx(this);
  await c.step(c.state.pendingToolsCalling![0]);
  await c.step(undefined, c.advance());
});

When('运行时再执行一步', async function (this: SynapseWorld) {
  await ctx(this).step();
});

When('状态被保存为 JSON 后由一个新的运行时载入', function (this: SynapseWorld) {
  const c = ctx(this);
  const before = c.runtime;
  c.state = JSON.parse(JSON.stringify(c.state)) as AgentState;
  // A new process: a fresh agent (with fresh tool spies), a fresh model client, a fresh runtime.
  const agent = createToolApprovalAgent({ tools: { get_weather: spy(async () => c.toolReturn) } });
  Object.assign(c.agent, { tools: agent.tools });
  c.runner = spy((state) => agent.runner(state));
  c.config = { modelRuntime: this.llm.modelRuntime() };
  expect(c.rebuild()).not.to.equal(before);
});

Then('新的运行时中的天气工具应该被执行', function (this: SynapseWorld) {
  expect(toolCallArguments(weatherTool(this))).to.deep.equal([{ city: 'Beijing' }]);
});

When('人工以 {string} 为理由拒绝待处理的工具调用', function (this: SynapseWorld, reason: string) {
  const c = ctx(this);
  c.state = AgentRuntime.rejectToolCall(c.state, c.state.pendingToolsCalling![0].id, reason);
});

Then('天气工具不应该被执行', function (this: SynapseWorld) {
  expect(weatherTool(this).calls).to.have.length(0);
  expect(ctx(this).newState.pendingToolsCalling).to.equal(undefined);
});

Then('模型收到的工具消息应该说明调用被拒绝及理由 {string}', function (this: SynapseWorld, reason: string) {
  const lastSent = this.llm.requests.at(-1)!.messages.at(-1)!;
  expect(lastSent).to.deep.include({ role: 'tool', tool_call_id: 'call_weather' });
  expect(JSON.parse(lastSent.content!)).to.deep.equal({ rejected: true, reason });
});

When('人工回答 {string}', function (this: SynapseWorld, answer: string) {
  const c = ctx(this);
  c.state = AgentRuntime.answerPrompt(c.advance(), answer);
});

Then('状态应该回到 running 且不再有待回答的提示', function (this: SynapseWorld) {
  expect(ctx(this).state.status).to.equal('running');
  expect(ctx(this).state.pendingHumanPrompt).to.equal(undefined);
});

Then('最后一条消息应该是用户消息 {string}', function (this: SynapseWorld, text: string) {
  expect(ctx(this).state.messages.at(-1)).to.deep.equal({ role: 'user', content: text });
});

Then('选择 {string} 应该被拒绝并说明可选的值 {string}', function (this: SynapseWorld, value: string, known: string) {
  expect(() => AgentRuntime.answerSelect(ctx(this).newState, [value])).to.throw(`Unknown option: ${value} (expected one of ${known})`);
});

Then('单选时同时选择 {string} 应该被拒绝', function (this: SynapseWorld, values: string) {
  expect(() => AgentRuntime.answerSelect(ctx(this).newState, values.split(','))).to.throw('Exactly one option');
});

Then('选择 {string} 后最后一条消息应该是用户消息 {string}', function (this: SynapseWorld, value: string, text: string) {
  const c = ctx(this);
  c.state = AgentRuntime.answerSelect(c.newState, [value]);
  expect(c.state.pendingHumanSelect).to.equal(undefined);
  expect(c.state.messages.at(-1)).to.deep.equal({ role: 'user', content: text });
});

Given('工具调用的参数是 {string}', function (this: SynapseWorld, args: string) {
  ctx(this).toolCall = toolCall('calculator', args);
});

Then('计算器工具不应该被执行', function (this: SynapseWorld) {
  expect((ctx(this).agent.tools!.calculator as Spy).calls).to.have.length(0);
});

Given('模型的流会在回复完成前断开', function (this: SynapseWorld) {
  this.llm.reply({ content: ['Hel', 'lo'], cut: true });
});

Given('模型会以 HTTP {int} {string} 拒绝请求', function (this: SynapseWorld, status: number, message: string) {
  this.llm.reply({ error: { status, message } });
});
