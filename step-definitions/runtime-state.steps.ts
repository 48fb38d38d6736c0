import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { inspect } from 'node:util';
import { AgentRuntime, AGENT_STATE_VERSION, agentStateSchema, parseAgentState, type AgentState } from '../src';
import { RuntimeContext } from './support/runtime-context';
import { RuntimeRunContext } from './support/runtime-run-context';
import { spy } from './support/spy';
import type { SynapseWorld } from './support/world';

// AgentRuntime at its boundaries: what step() accepts, what a state must be to load, how big it may grow.

const ctx = (world: SynapseWorld) => world.use(RuntimeContext);
const run = (world: SynapseWorld) => world.use(RuntimeRunContext);

// --- step() at its boundaries

const hostile: Record<string, () => unknown> = {
  '一个 BigInt': () => 10n,
  一个循环引用的对象: () => {
    const value: Record<string, unknown> = { name: 'loop' };
    value.self = value;
    return value;
  },
  '读取 message 会抛出的错误': () => {
    const error = new Error('hidden');
    Object.defineProperty(error, 'message', {
      get() {
        throw new Error('no message for you');
      },
    });
    return error;
  },
  'message 是数字的错误': () => Object.assign(new Error(), { message: 42 }),
  'message 是 undefined 的错误': () => Object.assign(new Error(), { message: undefined }),
  名字为空的错误: () => Object.assign(new Error('nameless'), { name: '' }),
  两千个元素的数组: () => new Array(2000).fill(0),
  'message 是对象的错误': () => Object.assign(new Error(), { message: { code: 7 } }),
  '带 getter 和自定义 inspect 的循环对象': () => {
    const value: Record<string, unknown> = {
      name: 'loop',
      get secret() {
        return 'read';
      },
    };
    value.self = value;
    Object.defineProperty(value, inspect.custom, { value: () => 'custom inspection' });
    return value;
  },
  // {"a":"xxx…"}: 6 + n + 2 characters of JSON.
  '描述正好 1000 个字符的对象': () => ({ a: 'x'.repeat(992) }),
  '描述有 1001 个字符的对象': () => ({ a: 'x'.repeat(993) }),
  '任何操作都会抛出的 Proxy': () =>
    new Proxy(
      {},
      new Proxy(
        {},
        {
          get: () => () => {
            throw new Error('trap');
          },
        },
      ),
    ),
};

Given(/^Agent 的 runner 会抛出(?!\s*`)(.+)$/, function (this: SynapseWorld, what: string) {
  const make = hostile[what];
  if (!make) throw new Error(`No hostile value "${what}"`);
  ctx(this).runner = spy(() => {
    throw make();
  });
});

When('我用已批准的工具调用 {} 执行步骤', async function (this: SynapseWorld, call: string) {
  await ctx(this).step(JSON.parse(call));
});

When('我用已批准的天气工具调用执行步骤，{int} 毫秒后中止', async function (this: SynapseWorld, ms: number) {
  const c = ctx(this);
  const call = { id: 'call_weather', type: 'function' as const, function: { name: 'get_weather', arguments: '{"city":"Beijing"}' } };
  c.state = { ...AgentRuntime.createInitialState({ sessionId: 'test-session' }), status: 'waiting_for_human_input', pendingToolsCalling: [call] };
  const started = performance.now();
  c.result = await c.runtime.step(c.state, call, { signal: AbortSignal.timeout(ms) });
  run(this).durationMs = performance.now() - started;
});

Then('错误事件的错误名应该是 {string}', function (this: SynapseWorld, name: string) {
  expect(ctx(this).event('error').error.name).to.equal(name);
  expect(ctx(this).newState.error?.name).to.equal(name);
});

Then('步骤应该在 {int} 毫秒内结束', function (this: SynapseWorld, ms: number) {
  expect(run(this).durationMs).to.be.below(ms);
});

Then('新状态的消息应该与步骤前的相同', function (this: SynapseWorld) {
  expect(ctx(this).newState.messages).to.deep.equal(ctx(this).state.messages);
});

Then('新状态可以被 parseAgentState 载入', function (this: SynapseWorld) {
  const revived = JSON.parse(JSON.stringify(ctx(this).newState)) as unknown;
  expect(parseAgentState(revived)).to.deep.equal(revived);
});

Given('{string} 执行器会交回一个 waiting_for_human_input 但什么都不等的状态', function (this: SynapseWorld, instruction: string) {
  ctx(this).config.executors = {
    [instruction]: (_instruction: unknown, state: AgentState) => ({ events: [], newState: { ...state, status: 'waiting_for_human_input' } }),
  };
});

// --- loading states

Given('一个合法的状态被改为 {}', function (this: SynapseWorld, patch: string) {
  const state: Record<string, unknown> = { ...AgentRuntime.createInitialState({ sessionId: 'test-session' }) };
  for (const [key, value] of Object.entries(JSON.parse(patch) as Record<string, unknown>)) {
    if (value === null) delete state[key];
    else state[key] = value;
  }
  ctx(this).state = state as unknown as AgentState;
});

When('用 parseAgentState 载入它', function (this: SynapseWorld) {
  const r = run(this) as RuntimeRunContext & { loadError?: Error };
  try {
    parseAgentState(JSON.parse(JSON.stringify(ctx(this).state)));
  } catch (error) {
    r.loadError = error as Error;
  }
});

Then('载入应该失败，错误包含 {string}', function (this: SynapseWorld, message: string) {
  const { loadError } = run(this) as RuntimeRunContext & { loadError?: Error };
  expect(loadError, 'parseAgentState accepted the state').to.be.instanceOf(Error);
  expect(loadError!.name).to.equal('InvalidStateError');
  expect(loadError!.message).to.contain(message);
});

Then('用这个状态执行步骤应该只产生一个错误事件，错误消息包含 {string}', async function (this: SynapseWorld, message: string) {
  const c = ctx(this);
  await c.step();
  expect(c.events.map((event) => event.type)).to.deep.equal(['error']);
  expect(c.event('error').error.message).to.contain(message);
  expect(c.runner.calls, 'the agent is not asked about a state it cannot trust').to.have.length(0);
});

Then('状态的 schemaVersion 应该是当前版本', function (this: SynapseWorld) {
  expect(AGENT_STATE_VERSION).to.equal(2);
  expect(ctx(this).state.schemaVersion).to.equal(AGENT_STATE_VERSION);
});

Then('新创建的状态可以被 parseAgentState 载入', function (this: SynapseWorld) {
  const revived = JSON.parse(JSON.stringify(ctx(this).state)) as unknown;
  expect(parseAgentState(revived)).to.deep.equal(ctx(this).state);
});

// --- bounded state

Given('一个每次都调用模型、攒够 {int} 条回复才结束的 Agent，模型每次流出 {int} 块', function (this: SynapseWorld, replies: number, chunks: number) {
  const c = ctx(this);
  c.runner = spy((state: AgentState) => (state.messages.length > replies ? { type: 'finish', reason: 'counted' } : { type: 'call_llm' }));
  let reply = 0;
  c.config.modelRuntime = async function* () {
    reply += 1;
    // 20 pieces of 10 characters: a 200-character reply, streamed.
    for (let i = 0; i < chunks; i++) yield { content: `r${String(reply).padStart(4, '0')}-c${String(i).padStart(2, '0')} ` };
  };
});

Then('最后保存的状态中不应该有 llm_stream 事件', function (this: SynapseWorld) {
  const saved = run(this).lastSaved;
  expect(saved.events.length).to.be.greaterThan(0);
  expect(saved.events.filter((event) => event.type === 'llm_stream')).to.have.length(0);
  expect(saved.events.filter((event) => event.type === 'llm_result')).to.have.length(1000);
});

Then('最后保存的状态的大小应该不超过其消息大小的 {int} 倍', function (this: SynapseWorld, factor: number) {
  const saved = run(this).lastSavedJson!;
  const messages = JSON.stringify(run(this).lastSaved.messages).length;
  expect(saved.length, `${saved.length} bytes of state for ${messages} bytes of messages`).to.be.at.most(factor * messages);
});

Then('done 事件的最终状态中不应该有对话的副本', function (this: SynapseWorld) {
  const done = run(this).lastSaved.events.findLast((event) => event.type === 'done');
  expect(done?.type).to.equal('done');
  const finalState = (done as { finalState: Record<string, unknown> }).finalState;
  expect(finalState).to.include({ status: 'done', messageCount: 1001 });
  expect(finalState).not.to.have.any.keys('messages', 'events');
});

// --- what loading shares and what it freezes

const loaded = new WeakMap<SynapseWorld, AgentState>();

/** Every object reachable from `value`, itself included. */
function objectsIn(value: unknown): object[] {
  if (value === null || typeof value !== 'object') return [];
  return [value, ...Object.values(value).flatMap(objectsIn)];
}

When('用 parseAgentState 载入这个状态对象本身', function (this: SynapseWorld) {
  loaded.set(this, parseAgentState(ctx(this).state));
});

Then('载入的状态中的消息和事件连同其中的对象都应该是冻结的', function (this: SynapseWorld) {
  const state = loaded.get(this)!;
  // The arrays are the state's own (a step appends to them); their elements are shared, so frozen.
  const inside = [...state.messages, ...state.events].flatMap(objectsIn);
  expect(inside.length).to.be.greaterThan(3);
  expect(inside.filter((object) => !Object.isFrozen(object))).to.deep.equal([]);
});

Then('调用者自己的消息和事件应该仍可修改', function (this: SynapseWorld) {
  const { messages, events } = ctx(this).state;
  expect([...messages, ...events].flatMap(objectsIn).filter((object) => Object.isFrozen(object))).to.deep.equal([]);
});

Then('这个状态可以被 parseAgentState 原样载入', function (this: SynapseWorld) {
  const revived = JSON.parse(JSON.stringify(ctx(this).state)) as unknown;
  expect(parseAgentState(revived)).to.deep.equal(revived);
});

Then(/^公开的 agentStateSchema 应该(接受|拒绝)这个状态(?:，问题在 "([^"]+)"(?:，代码是 "(\w+)")?)?$/, function (this: SynapseWorld, verdict: string, path?: string, code?: string) {
  const parsed = agentStateSchema.safeParse(JSON.parse(JSON.stringify(ctx(this).state)));
  expect(parsed.success, inspect(parsed.error?.issues)).to.equal(verdict === '接受');
  if (path) expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).to.deep.equal([path]);
  if (code) expect(parsed.error?.issues.map((issue) => issue.code)).to.deep.equal([code]);
});

Then(/^错误事件的错误应该是 "(\w+)"，消息正好是 "(.*)"$/, function (this: SynapseWorld, name: string, message: string) {
  expect(ctx(this).event('error').error).to.deep.include({ name, message });
});

Then(/^错误事件的消息应该是 "(.+?)" 加上 (\d+) 个字符的描述，以 "(.*)" 结尾$/, function (this: SynapseWorld, prefix: string, length: number, end: string) {
  const { message } = ctx(this).event('error').error;
  expect(message.startsWith(prefix), message).to.equal(true);
  expect(message.length - prefix.length).to.equal(length);
  expect(message.endsWith(end), message.slice(-20)).to.equal(true);
});
