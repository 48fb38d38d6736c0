import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { AgentRuntime, type AgentState } from '../src';
import { builtinSignature, RuntimeContext, type Layer } from './support/runtime-context';
import type { SynapseWorld } from './support/world';

const ctx = (world: SynapseWorld) => world.use(RuntimeContext);
const outcomeOf = (label: string) => (label === '出错' ? 'error' : 'ok');
/** Where each built-in executor leaves the conversation when it succeeds. */
const STATUS_AFTER: Record<string, string> = {
  call_llm: 'running',
  call_tool: 'running',
  request_human_approve: 'waiting_for_human_input',
  request_human_prompt: 'waiting_for_human_input',
  request_human_select: 'waiting_for_human_input',
  finish: 'done',
};

Given('执行器层 {string} 都提供了 {string} 执行器', function (this: SynapseWorld, layers: string, instruction: string) {
  for (const layer of layers.split(',').filter((name) => name !== '-')) ctx(this).provideAt(layer as Layer, instruction);
});

When(/^Agent 返回 "(\w+)" 指令（(正常|出错)）并执行一步$/, async function (this: SynapseWorld, instruction: string, outcome: string) {
  ctx(this).arrange(instruction, outcomeOf(outcome));
  await ctx(this).step();
});

Then('{string} 指令应该由 {string} 层的执行器处理', function (this: SynapseWorld, instruction: string, winner: string) {
  const c = ctx(this);
  for (const layer of ['agent', 'config'] as Layer[]) {
    expect(c.layerExecutors[layer]?.calls.length ?? 0, `${layer} executor calls`).to.equal(layer === winner ? 1 : 0);
  }
  const expected = winner === '内置' ? builtinSignature[instruction] : 'custom';
  expect(c.events.map((event) => event.type)).to.include(expected);
});

Given('状态中已有之前步骤留下的事件', async function (this: SynapseWorld) {
  const c = ctx(this);
  c.arrange('request_human_prompt', 'ok');
  await c.step();
  c.advance();
});

Then('新状态的事件历史应该等于之前的事件加上本步产生的全部事件', function (this: SynapseWorld) {
  const c = ctx(this);
  c.expectArrangedOutcome();
  expect(c.newState.status, 'the status the step leaves').to.equal(c.outcome === 'error' ? 'error' : STATUS_AFTER[c.instruction!]);
  expect(c.newState.events).to.deep.equal([...c.state.events, ...c.events]);
  for (const [i, event] of c.events.entries()) expect(c.newState.events[c.state.events.length + i]).to.equal(event);
});

Given('我记下了当前状态的深拷贝', function (this: SynapseWorld) {
  ctx(this).rememberState();
});

Then('原状态应该与记下的深拷贝完全相同', function (this: SynapseWorld) {
  const c = ctx(this);
  if (c.outcome) c.expectArrangedOutcome();
  expect(JSON.stringify(c.state)).to.equal(c.stateSnapshot);
});

Then('新状态应该是一个不同的对象且可以被 JSON 无损序列化', function (this: SynapseWorld) {
  const c = ctx(this);
  expect(c.newState).not.to.equal(c.state);
  expect(c.newState.messages).not.to.equal(c.state.messages);
  expect(c.newState.events).not.to.equal(c.state.events);
  const revived = JSON.parse(JSON.stringify(c.newState)) as AgentState;
  const present = Object.keys(c.newState).filter((key) => c.newState[key as keyof AgentState] !== undefined);
  expect(Object.keys(revived).sort(), 'no field lost').to.deep.equal(present.sort());
  expect(revived.messages).to.deep.equal(c.newState.messages);
  expect(revived.status).to.equal(c.newState.status);
  expect(revived.events.map((event) => event.type)).to.deep.equal(c.newState.events.map((event) => event.type));
  c.newState.events.forEach((event, i) => {
    // An error survives as its name and message, not as an empty object.
    if (event.type === 'error') expect(revived.events[i]).to.deep.include({ error: { name: event.error.name, message: event.error.message } });
  });
});

Then('步骤应该只产生一个错误事件，错误消息包含 {string}', function (this: SynapseWorld, message: string) {
  const c = ctx(this);
  expect(c.events.map((event) => event.type)).to.deep.equal(['error']);
  const { error } = c.event('error');
  expect(error).to.be.instanceOf(Error);
  expect(error.message).to.contain(message);
});

Then('新状态应该为 error 并保存同样的错误信息', function (this: SynapseWorld) {
  const c = ctx(this);
  expect(c.newState.status).to.equal('error');
  expect(c.newState.error?.message).to.equal(c.event('error').error.message);
  expect(c.newState.events.at(-1)).to.equal(c.events[0]);
});

Given('{string} 执行器会抛出 {string}', function (this: SynapseWorld, instruction: string, message: string) {
  ctx(this).config.executors = {
    [instruction]: async () => {
      throw new Error(message);
    },
  };
});

// --- 会话隔离 ---------------------------------------------------------------------------------

const sessions = new WeakMap<SynapseWorld, { states: AgentState[]; results: Awaited<ReturnType<AgentRuntime['step']>>[] }>();

Given('两个会话 {string} 与 {string} 共用同一个运行时', function (this: SynapseWorld, a: string, b: string) {
  const states = [a, b].map((sessionId) => AgentRuntime.createInitialState({ sessionId, messages: [{ role: 'user', content: `hello from ${sessionId}` }] }));
  sessions.set(this, { states, results: [] });
});

When('两个会话同时执行 {string} 指令', async function (this: SynapseWorld, instruction: string) {
  const c = ctx(this);
  const pair = sessions.get(this)!;
  c.arrange(instruction, 'ok');
  if (instruction === 'call_llm') {
    // arrange() queued one reply; each session gets its own, matched by its opening message.
    this.llm.reset();
    for (const state of pair.states) this.llm.reply({ when: state.messages[0].content!, content: `reply for ${state.sessionId}`, delayMs: 20 });
  }
  pair.results = await Promise.all(pair.states.map((state) => c.runtime.step(state)));
});

Then('每个会话的新状态和事件都只带有自己的 sessionId 和消息', function (this: SynapseWorld) {
  const { states, results } = sessions.get(this)!;
  results.forEach(({ events, newState }, i) => {
    const own = states[i].sessionId;
    const other = states[1 - i].sessionId;
    expect(newState.sessionId).to.equal(own);
    ctx(this).expectArrangedOutcome(events);
    const result = events.find((event) => event.type === 'llm_result');
    if (result) expect(result.result.content).to.equal(`reply for ${own}`);
    for (const event of events) expect(event.sessionId, event.type).to.equal(own);
    expect(JSON.stringify(newState)).not.to.contain(other);
  });
});

When('我不指定会话 ID 创建 {int} 个初始状态', function (this: SynapseWorld, count: number) {
  const states = Array.from({ length: count }, () => AgentRuntime.createInitialState());
  sessions.set(this, { states, results: [] });
});

Then('它们的 sessionId 应该互不相同且形如 {string}', function (this: SynapseWorld, shape: string) {
  const ids = sessions.get(this)!.states.map((state) => state.sessionId);
  expect(new Set(ids).size).to.equal(ids.length);
  const pattern = new RegExp(`^${shape.replace('<时间>', '\\d{13}').replace('<随机>', '[0-9a-f]{8}')}$`);
  for (const id of ids) expect(id).to.match(pattern);
});

Given('当前状态的 sessionId 为空', function (this: SynapseWorld) {
  ctx(this).state = { ...ctx(this).state, sessionId: '' };
});

Then('Agent 的 runner 方法不应该被调用', function (this: SynapseWorld) {
  expect(ctx(this).runner.calls).to.have.length(0);
});
