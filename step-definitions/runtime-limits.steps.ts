import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { AGENT_STATE_VERSION, AgentRuntime, createToolApprovalAgent, parseAgentState, type StepResult } from '../src';
import { RuntimeContext } from './support/runtime-context';
import { RuntimeRunContext } from './support/runtime-run-context';
import { spy, type Spy } from './support/spy';
import type { SynapseWorld } from './support/world';

const ctx = (world: SynapseWorld) => world.use(RuntimeContext);
const run = (world: SynapseWorld) => world.use(RuntimeRunContext);
const finalState = (world: SynapseWorld) => run(world).outcome.state;
const question = (text: string, limits: { maxSteps?: number; maxCostUsd?: number; onCostLimit?: 'stop' | 'interrupt' } = {}) =>
  AgentRuntime.createInitialState({ sessionId: 'test-session', messages: [{ role: 'user', content: text }], ...limits });

/** What an interrupt or a resume handed back, and how often the agent had been asked before it. */
class InterruptionContext {
  result?: StepResult;
  runnerCallsBefore = 0;
}
const interruption = (world: SynapseWorld) => world.use(InterruptionContext);

// --- steps and the step limit

Then('结果中的状态的步数应该是 {int}', function (this: SynapseWorld, steps: number) {
  expect(finalState(this).stepCount).to.equal(steps);
});

Then('天气工具收到的 toolCallId 应该是 {string}', function (this: SynapseWorld, id: string) {
  const calls = (ctx(this).agent.tools!.get_weather as Spy).calls;
  expect(calls.map((call) => (call[1] as { toolCallId: string }).toolCallId)).to.deep.equal([id]);
});

Given('模型会回答 {string} 并且仍然调用天气工具', function (this: SynapseWorld, text: string) {
  this.llm.reply({ content: text, toolCalls: [{ id: 'call_again', name: 'get_weather', arguments: { city: 'Paris' } }] });
});

When('用户问 {string} 并用 run 驱动，状态的 maxSteps 是 {int}', async function (this: SynapseWorld, text: string, maxSteps: number) {
  await run(this).run(question(text, { maxSteps }));
});

Then('结果中的状态里 {string} 的工具结果应该是跳过', function (this: SynapseWorld, id: string) {
  const rows = finalState(this).messages.filter((message) => message.role === 'tool' && message.tool_call_id === id);
  expect(rows).to.have.length(1);
  expect(JSON.parse(rows[0]!.content!)).to.deep.equal({ skipped: true, reason: 'The step limit was reached before this call ran' });
});

Then('模型第 {int} 次请求不应该提供工具', function (this: SynapseWorld, n: number) {
  expect(this.llm.requests[n - 1]!.tools ?? []).to.deep.equal([]);
});

// --- usage and cost

Given(
  /^价格表中 "(.+)" 每百万输入 (\d+) 美元、输出 (\d+) 美元(?:，运行时的默认模型是 "(.+)"|(，但运行时没有价格表))?$/,
  function (this: SynapseWorld, model: string, input: string, output: string, defaultModel: string | undefined, noPricing: string | undefined) {
    const config = ctx(this).config;
    if (!noPricing) config.pricing = { [model]: { inputPerMillion: Number(input), outputPerMillion: Number(output) } };
    if (defaultModel) config.model = defaultModel;
  },
);

Given(/^一个用模型 (?:"(.*)"|未指定) 的天气 Agent$/, function (this: SynapseWorld, model: string | undefined) {
  const c = ctx(this);
  const agent = createToolApprovalAgent({ tools: { get_weather: spy(async () => ({ forecast: 'sunny' })) }, ...(model ? { model } : {}) });
  Object.assign(c.agent, { tools: agent.tools });
  c.runner = spy((state) => agent.runner(state));
  c.useModel();
});

Given('模型会调用天气工具查询 {string}，用量为输入 {int}、输出 {int}', function (this: SynapseWorld, city: string, prompt_tokens: number, completion_tokens: number) {
  this.llm.reply({ content: '', toolCalls: [{ id: 'call_weather', name: 'get_weather', arguments: { city } }], usage: { prompt_tokens, completion_tokens } });
});

Given('模型会回答 {string}，用量为输入 {int}、输出 {int}', function (this: SynapseWorld, text: string, prompt_tokens: number, completion_tokens: number) {
  this.llm.reply({ content: text, usage: { prompt_tokens, completion_tokens } });
});

Then('结果中的状态的用量应该是输入 {int}、输出 {int}、共 {int}', function (this: SynapseWorld, prompt: number, completion: number, total: number) {
  expect(finalState(this).usage).to.deep.equal({ prompt_tokens: prompt, completion_tokens: completion, total_tokens: total });
});

Then('结果中的状态的费用应该是 {float} 美元', function (this: SynapseWorld, usd: number) {
  expect(finalState(this).costUsd).to.be.closeTo(usd, 1e-12);
});

When(/^用户问 "(.*)" 并用 run 驱动，费用上限 ([\d.]+) 美元(，到了就中断)?$/, async function (this: SynapseWorld, text: string, limit: string, interrupting?: string) {
  await run(this).run(question(text, { maxCostUsd: Number(limit), onCostLimit: interrupting ? 'interrupt' : 'stop' }));
});

Then('结果中的状态应该因 {string} 而中断', function (this: SynapseWorld, reason: string) {
  expect(finalState(this).status).to.equal('interrupted');
  expect(finalState(this).interruption).to.deep.equal({ reason, resumeStatus: 'running' });
});

When('费用上限提高到 {int} 美元后恢复结果中的状态', function (this: SynapseWorld, usd: number) {
  ctx(this).state = AgentRuntime.resume({ ...finalState(this), maxCostUsd: usd }).newState;
});

// --- interrupt and resume

When('以原因 {string} 中断结果中的状态', function (this: SynapseWorld, reason: string) {
  const result = AgentRuntime.interrupt(finalState(this), reason);
  interruption(this).result = result;
  ctx(this).state = result.newState;
});

Then('中断应该产生一个 {string} 事件，原因是 {string}', function (this: SynapseWorld, type: string, reason: string) {
  const { events, newState } = interruption(this).result!;
  expect(events).to.deep.equal([{ type, sessionId: 'test-session', reason }]);
  expect(newState.status).to.equal('interrupted');
  expect(newState.events.at(-1)).to.deep.equal(events[0]);
});

When('对中断的状态执行一步', async function (this: SynapseWorld) {
  interruption(this).runnerCallsBefore = ctx(this).runner.calls.length;
  await ctx(this).step();
});

Then('这一步应该没有事件，状态不变，Agent 没有被再次询问', function (this: SynapseWorld) {
  const c = ctx(this);
  expect(c.events).to.deep.equal([]);
  expect(c.newState).to.deep.equal(c.state);
  expect(c.runner.calls).to.have.length(interruption(this).runnerCallsBefore);
});

When('恢复中断的状态', function (this: SynapseWorld) {
  const result = AgentRuntime.resume(ctx(this).state);
  interruption(this).result = result;
  ctx(this).state = result.newState;
});

Then('恢复后的状态应该在等待批准，事件是 {string}', function (this: SynapseWorld, type: string) {
  const { events, newState } = interruption(this).result!;
  expect(events).to.deep.equal([{ type, sessionId: 'test-session' }]);
  expect(newState.status).to.equal('waiting_for_human_input');
  expect(newState.interruption).to.equal(undefined);
  expect(newState.pendingToolsCalling?.map((call) => call.id)).to.deep.equal(['call_weather']);
});

Then(/^(中断|恢复)这个状态应该失败，错误是 "(.*)"$/, function (this: SynapseWorld, operation: string, message: string) {
  const act = operation === '中断' ? () => AgentRuntime.interrupt(ctx(this).state) : () => AgentRuntime.resume(ctx(this).state);
  expect(act).to.throw(message);
});

When('以原因 {string} 中断这个状态再恢复', function (this: SynapseWorld, reason: string) {
  const interrupted = AgentRuntime.interrupt(ctx(this).state, reason).newState;
  expect(interrupted.interruption).to.deep.equal({ reason, resumeStatus: 'running' });
  interruption(this).result = AgentRuntime.resume(interrupted);
});

Then('恢复后的状态应该是 {string}', function (this: SynapseWorld, status: string) {
  expect(interruption(this).result!.newState.status).to.equal(status);
});

// --- versions

Then('载入的状态应该是当前版本，步数 0，用量和费用都是 0', function (this: SynapseWorld) {
  const loaded = parseAgentState(JSON.parse(JSON.stringify(ctx(this).state)));
  expect(loaded.schemaVersion).to.equal(AGENT_STATE_VERSION);
  expect(loaded.stepCount).to.equal(0);
  expect(loaded.usage).to.deep.equal({ prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 });
  expect(loaded.costUsd).to.equal(0);
});
