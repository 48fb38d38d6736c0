import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { AgentRuntime, builtinExecutors, createToolApprovalAgent } from '../src';
import { RuntimeContext, toolCall, toolCallArguments } from './support/runtime-context';
import { spy } from './support/spy';
import type { SynapseWorld } from './support/world';

const ctx = (world: SynapseWorld) => world.use(RuntimeContext);
const BUILTINS = Object.keys(builtinExecutors);

// --- Agent Runtime 初始化和配置 -------------------------------------------------------------

Given('我有一个基本的 Agent 实现', function (this: SynapseWorld) {
  ctx(this).returns({ type: 'finish' });
});

When('我创建一个不带配置的 AgentRuntime', function (this: SynapseWorld) {
  ctx(this).config = {};
  expect(ctx(this).runtime).to.be.instanceOf(AgentRuntime);
});

Then('运行时应该包含所有内置执行器', function (this: SynapseWorld) {
  for (const name of BUILTINS) expect(ctx(this).runtime.executors[name], name).to.equal(builtinExecutors[name]);
});

Then(/^执行器应该包括: (.+)$/, function (this: SynapseWorld, list: string) {
  const names = list.split(',').map((name) => name.trim());
  expect(Object.keys(ctx(this).runtime.executors)).to.include.members(names);
  for (const name of names) expect(ctx(this).runtime.executors[name], name).to.be.a('function');
});

Given('我有一个自定义的 finish 执行器', function (this: SynapseWorld) {
  ctx(this).layerExecutor('config');
});

When('我在配置中提供自定义执行器创建 AgentRuntime', async function (this: SynapseWorld) {
  const c = ctx(this);
  c.config = { executors: { finish: c.layerExecutors.config as never } };
  await c.step();
});

Then('自定义执行器应该覆盖对应的内置执行器', function (this: SynapseWorld) {
  const c = ctx(this);
  expect(c.runtime.executors.finish).to.equal(c.layerExecutors.config);
  expect(c.layerExecutors.config!.calls).to.have.length(1);
  expect(c.events).to.deep.equal([{ type: 'custom', layer: 'config' }]);
});

Then('其他内置执行器应该保持不变', function (this: SynapseWorld) {
  for (const name of BUILTINS.filter((name) => name !== 'finish')) {
    expect(ctx(this).runtime.executors[name], name).to.equal(builtinExecutors[name]);
  }
});

Given('我有一个带有自定义执行器的 Agent', function (this: SynapseWorld) {
  ctx(this).provideAt('agent', 'finish');
});

Given('我在配置中也提供了同名的执行器', function (this: SynapseWorld) {
  ctx(this).provideAt('config', 'finish');
});

When('我创建 AgentRuntime', async function (this: SynapseWorld) {
  await ctx(this).step();
});

Then('Agent 的执行器应该被使用', function (this: SynapseWorld) {
  const c = ctx(this);
  expect(c.runtime.executors.finish).to.equal(c.layerExecutors.agent);
  expect(c.layerExecutors.agent!.calls).to.have.length(1);
});

Then('配置中的执行器应该被忽略', function (this: SynapseWorld) {
  expect(ctx(this).layerExecutors.config!.calls).to.have.length(0);
  expect(ctx(this).events).to.deep.equal([{ type: 'custom', layer: 'agent' }]);
});

// --- 步骤执行 ----------------------------------------------------------------------------------

Given('我有一个配置了工具的 Agent', function (this: SynapseWorld) {
  const c = ctx(this);
  c.toolReturn = { result: 'success' };
  c.agent.tools = { test_tool: spy(async () => c.toolReturn) };
});

Given('我有一个有效的工具调用请求', function (this: SynapseWorld) {
  ctx(this).toolCall = toolCall('test_tool', '{"input": "test"}');
});

When('我使用工具调用参数执行步骤', async function (this: SynapseWorld) {
  await ctx(this).step(ctx(this).toolCall);
});

Then('工具应该被直接执行', function (this: SynapseWorld) {
  const c = ctx(this);
  expect(toolCallArguments(c.agent.tools!.test_tool)).to.deep.equal([{ input: 'test' }]);
  expect(c.runner.calls, 'agent.runner must not be asked').to.have.length(0);
});

Then('应该产生工具结果事件', function (this: SynapseWorld) {
  const c = ctx(this);
  expect(c.events[0]).to.deep.include({ type: 'tool_result', id: c.toolCall!.id, result: c.toolReturn });
});

Then(/^工具消息应该被添加到状态(?:的消息列表)?中$/, function (this: SynapseWorld) {
  const c = ctx(this);
  expect(c.newState.messages).to.deep.include({ role: 'tool', tool_call_id: c.toolCall!.id, content: JSON.stringify(c.toolReturn) });
});

Given('我有一个 Agent 和初始状态', function (this: SynapseWorld) {
  ctx(this).returns({ type: 'finish' });
});

When(/^(?:我执行步骤(?:而不提供工具调用)?|(?:人工批准|人工提示|人工选择|完成)执行器被调用)$/, async function (this: SynapseWorld) {
  await ctx(this).step();
});

Then('Agent 的 runner 方法应该被调用', function (this: SynapseWorld) {
  const c = ctx(this);
  expect(c.runner.calls).to.have.length(1);
  expect(c.runner.calls[0][0]).to.deep.equal(c.state);
});

Then('返回的指令应该被相应的执行器处理', function (this: SynapseWorld) {
  expect(ctx(this).events.map((event) => event.type)).to.deep.equal(['done']);
  expect(ctx(this).newState.status).to.equal('done');
});

Then('产生的事件应该被添加到状态历史中', function (this: SynapseWorld) {
  const c = ctx(this);
  expect(c.events).to.have.length(1);
  expect(c.newState.events).to.include(c.events[0]);
});

Given('我有一个会抛出错误的 Agent', function (this: SynapseWorld) {
  ctx(this).runner = spy(() => Promise.reject(new Error('Agent error')));
});

Then('错误应该被捕获', function (this: SynapseWorld) {
  // The runner's rejection reached the runtime, which turned it into the step's only event.
  expect(ctx(this).runner.calls).to.have.length(1);
  expect(ctx(this).events.map((event) => event.type)).to.deep.equal(['error']);
});

Then('应该产生错误事件', function (this: SynapseWorld) {
  const [event] = ctx(this).events;
  expect(event.type).to.equal('error');
  expect((event as { error: unknown }).error).to.be.instanceOf(Error);
});

// The document's code shows what "throws" means here: the executor's error comes back as the step's
// error event (step() itself never rejects), and the model is never asked.
Then('应该抛出错误', function (this: SynapseWorld) {
  expect(ctx(this).events.map((event) => event.type)).to.deep.equal(['error']);
  expect(ctx(this).event('error').error).to.be.instanceOf(Error);
  expect(this.llm.requests, 'no model request without a modelRuntime').to.have.length(0);
});

Then('状态应该被设置为错误状态', function (this: SynapseWorld) {
  expect(ctx(this).newState.status).to.equal('error');
});

Then('错误信息应该被保存在状态中', function (this: SynapseWorld) {
  expect(ctx(this).newState.error).to.deep.equal({ name: 'Error', message: 'Agent error' });
});

// --- LLM 调用执行器 ----------------------------------------------------------------------------

Given('我有一个会返回 call_llm 指令的 Agent', function (this: SynapseWorld) {
  ctx(this).returns({ type: 'call_llm' });
});

Given('我没有配置 modelRuntime', function (this: SynapseWorld) {
  delete ctx(this).config.modelRuntime;
});

Then('错误消息应该提示需要 LLM provider', function (this: SynapseWorld) {
  expect(ctx(this).event('error').error.message).to.contain('LLM provider is required');
});

Given('我有一个配置了 modelRuntime 的运行时', function (this: SynapseWorld) {
  ctx(this).useModel();
});

Given('modelRuntime 会产生流式响应', function (this: SynapseWorld) {
  this.llm.reply({ content: ['Hello', ' world', '!'] });
});

Given('modelRuntime 会返回工具调用', function (this: SynapseWorld) {
  this.llm.reply({
    content: 'I need to use a tool',
    toolCalls: [{ id: 'call_123', name: 'test_tool', arguments: ['{"inp', 'ut": ', '"x"}'] }],
  });
});

When('Agent 返回 call_llm 指令时', async function (this: SynapseWorld) {
  ctx(this).returns({ type: 'call_llm' });
  await ctx(this).step();
});

Then('应该产生 llm_start 事件', function (this: SynapseWorld) {
  expect(ctx(this).events[0].type).to.equal('llm_start');
});

Then('应该为每个流式块产生 llm_stream 事件', function (this: SynapseWorld) {
  const streamed = ctx(this).events.filter((event) => event.type === 'llm_stream');
  expect(streamed.map((event) => (event as { chunk: { content?: string } }).chunk.content)).to.deep.equal(['Hello', ' world', '!']);
});

Then('应该产生包含完整内容的 llm_result 事件', function (this: SynapseWorld) {
  const events = ctx(this).events;
  expect(events).to.have.length(5);
  expect(events[4]).to.deep.include({ type: 'llm_result', result: { content: 'Hello world!', tool_calls: [] } });
});

Then('内容应该从所有流式块中累积', function (this: SynapseWorld) {
  const pieces = ctx(this).events.flatMap((event) => (event.type === 'llm_stream' ? [(event.chunk as { content: string }).content] : []));
  expect(ctx(this).event('llm_result').result.content).to.equal(pieces.join(''));
});

Then('应该产生包含工具调用的 llm_result 事件', function (this: SynapseWorld) {
  const { result } = ctx(this).event('llm_result');
  expect(result.content).to.equal('I need to use a tool');
  expect(result.tool_calls.map((call) => call.id)).to.include('call_123');
});

Then('工具调用信息应该被正确解析', function (this: SynapseWorld) {
  const [call] = ctx(this).event('llm_result').result.tool_calls;
  expect(call).to.deep.equal(toolCall('test_tool', '{"input": "x"}'));
  expect(JSON.parse(call.function.arguments)).to.deep.equal({ input: 'x' });
});

// --- 工具调用执行器 ----------------------------------------------------------------------------

Given('我有一个注册了工具的 Agent', function (this: SynapseWorld) {
  const c = ctx(this);
  c.toolReturn = { result: 42 };
  c.agent.tools = { calculator: spy(async () => c.toolReturn) };
});

Given('我有一个有效的工具调用指令', function (this: SynapseWorld) {
  ctx(this).toolCall = toolCall('calculator', '{"expression": "2+2"}');
});

Given('我有一个没有注册特定工具的 Agent', function (this: SynapseWorld) {
  ctx(this).agent.tools = { calculator: spy() };
});

Given('我有一个调用未知工具的指令', function (this: SynapseWorld) {
  ctx(this).toolCall = toolCall('unknown_tool', '{}');
});

When('工具执行器被调用', async function (this: SynapseWorld) {
  await ctx(this).step(ctx(this).toolCall);
});

Then('工具应该被执行并传入正确的参数', function (this: SynapseWorld) {
  expect(toolCallArguments(ctx(this).agent.tools!.calculator)).to.deep.equal([{ expression: '2+2' }]);
});

Then('错误消息应该指出工具未找到', function (this: SynapseWorld) {
  expect(ctx(this).event('error').error.message).to.contain('Tool not found: unknown_tool');
});

// --- 人机交互执行器 ----------------------------------------------------------------------------

Given(/^我有一个返回 (request_human_\w+|finish) 指令的 Agent$/, function (this: SynapseWorld, type: string) {
  ctx(this).returns({ type, ...(type === 'finish' ? { reason: 'Task completed' } : {}) });
});

Given('指令包含待批准的工具调用列表', function (this: SynapseWorld) {
  ctx(this).returns({ type: 'request_human_approve', pendingToolsCalling: [toolCall('test_tool', '{}')] });
});

Given('指令包含提示消息和元数据', function (this: SynapseWorld) {
  ctx(this).returns({ type: 'request_human_prompt', prompt: 'Please provide input', metadata: { key: 'value' } });
});

Given('指令包含选项列表和选择配置', function (this: SynapseWorld) {
  const options = [
    { label: 'Option 1', value: 'opt1' },
    { label: 'Option 2', value: 'opt2' },
  ];
  ctx(this).returns({ type: 'request_human_select', prompt: 'Choose an option', options, multi: false });
});

Then(/^应该产生 (human_\w+_required|tool_pending|done) 事件$/, function (this: SynapseWorld, type: string) {
  const event = ctx(this).event(type as never);
  expect(event).to.have.property('sessionId', 'test-session');
  if (type === 'done') expect(event).to.have.property('reason', 'Task completed'); // the finish instruction's reason
});

Then('状态应该被设置为 waiting_for_human_input', function (this: SynapseWorld) {
  expect(ctx(this).newState.status).to.equal('waiting_for_human_input');
});

Then('待批准的工具调用应该被保存在状态中', function (this: SynapseWorld) {
  const c = ctx(this);
  expect(c.events.map((event) => event.type)).to.deep.equal(['human_approve_required', 'tool_pending']);
  expect(c.newState.pendingToolsCalling).to.deep.equal([toolCall('test_tool', '{}')]);
});

Then('事件应该包含会话 ID、提示消息和元数据', function (this: SynapseWorld) {
  expect(ctx(this).events[0]).to.deep.equal({
    type: 'human_prompt_required',
    sessionId: 'test-session',
    prompt: 'Please provide input',
    metadata: { key: 'value' },
  });
  // The question waits on the state, with its metadata, for the answer a later call brings.
  expect(ctx(this).newState.pendingHumanPrompt).to.deep.equal({ prompt: 'Please provide input', metadata: { key: 'value' } });
});

Then('事件应该包含所有选项和配置信息', function (this: SynapseWorld) {
  expect(ctx(this).events[0]).to.deep.equal({
    type: 'human_select_required',
    sessionId: 'test-session',
    prompt: 'Choose an option',
    options: [
      { label: 'Option 1', value: 'opt1' },
      { label: 'Option 2', value: 'opt2' },
    ],
    multi: false,
  });
});

// --- 完成执行器 --------------------------------------------------------------------------------

Then('事件应该包含最终状态', function (this: SynapseWorld) {
  const { finalState } = ctx(this).event('done');
  // The state the step ends in, field by field, less its event log (which holds this very event) and
  // the modification stamp the step adds when it commits; the messages are summarized as their count.
  const { events: _log, messages, lastModified, ...expected } = ctx(this).newState;
  const { lastModified: finalModified, ...final } = finalState;
  expect(final).to.deep.equal({ ...expected, messageCount: messages.length });
  expect(Date.parse(finalModified)).to.be.at.most(Date.parse(lastModified));
});

Then('状态应该被设置为 done', function (this: SynapseWorld) {
  expect(ctx(this).newState.status).to.equal('done');
});

// --- 状态创建 ----------------------------------------------------------------------------------

Given('我提供一个会话 ID', function (this: SynapseWorld) {
  ctx(this).initialOptions = { sessionId: 'test-session' };
});

Given('我提供一个会话 ID 和初始消息', function (this: SynapseWorld) {
  ctx(this).initialOptions = { sessionId: 'test-session', messages: [{ role: 'user', content: 'Hello world' }] };
});

When('我调用 createInitialState', function (this: SynapseWorld) {
  ctx(this).state = AgentRuntime.createInitialState(ctx(this).initialOptions);
});

Then(/^应该返回包含(?:会话 ID 的|指定消息的)初始状态$/, function (this: SynapseWorld) {
  const { state, initialOptions } = ctx(this);
  expect(state.sessionId).to.equal('test-session');
  expect(state.messages).to.have.length(initialOptions.messages?.length ?? 0);
  expect(state.events).to.deep.equal([]);
});

Then('消息列表应该为空', function (this: SynapseWorld) {
  expect(ctx(this).state.messages).to.deep.equal([]);
});

Then('状态应该为 idle', function (this: SynapseWorld) {
  expect(ctx(this).state.status).to.equal('idle');
});

Then('应该设置创建时间和最后修改时间', function (this: SynapseWorld) {
  const { createdAt, lastModified } = ctx(this).state;
  for (const stamp of [createdAt, lastModified]) expect(new Date(stamp).toISOString()).to.equal(stamp);
});

Then('消息应该被正确设置', function (this: SynapseWorld) {
  const { messages } = ctx(this).state;
  expect(messages).to.deep.equal([{ role: 'user', content: 'Hello world' }]);
  expect(messages, 'a copy, not the caller’s array').not.to.equal(ctx(this).initialOptions.messages);
});

// --- 完整对话流程 ------------------------------------------------------------------------------

const weatherDefinition = {
  type: 'function' as const,
  function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};

Given('我有一个配置了天气工具的 Agent', function (this: SynapseWorld) {
  ctx(this).toolReturn = { city: 'Beijing', forecast: '25°C and sunny' };
});

Given('Agent 能够根据状态做出智能决策', function (this: SynapseWorld) {
  const c = ctx(this);
  const agent = createToolApprovalAgent({ tools: { get_weather: spy(async () => c.toolReturn) }, toolDefinitions: [weatherDefinition] });
  Object.assign(c.agent, agent);
  c.runner = spy((state) => agent.runner(state));
});

const weatherCalls = (world: SynapseWorld) => (ctx(world).agent.tools!.get_weather as ReturnType<typeof spy>).calls;
/** How often get_weather had run when the runtime asked for approval. */
const callsAtApprovalRequest = new WeakMap<SynapseWorld, number>();

// The whole conversation runs here, as the document's code does: ask, get the tool call, request approval,
// run the approved call (the human approves what is pending), answer. The Then steps only inspect it.
When('用户询问天气信息', async function (this: SynapseWorld) {
  const c = ctx(this);
  c.askForWeather();
  await c.step();
  await c.step(undefined, c.advance());
  callsAtApprovalRequest.set(this, weatherCalls(this).length);
  for (const approved of c.advance().pendingToolsCalling ?? []) await c.step(approved);
  await c.step(undefined, c.advance());
});

Then('系统应该调用 LLM 处理用户问题', function (this: SynapseWorld) {
  expect(this.llm.requests[0].messages).to.deep.equal([{ role: 'user', content: "What's the weather in Beijing?" }]);
  expect(this.llm.requests[0].tools).to.deep.equal([weatherDefinition]);
  expect(ctx(this).results[0].newState.status).to.equal('running');
});

Then('LLM 应该返回需要调用天气工具的响应', function (this: SynapseWorld) {
  const result = ctx(this).results[0].events.find((event) => event.type === 'llm_result');
  expect(result?.type === 'llm_result' && result.result.tool_calls.map((call) => call.function)).to.deep.equal([{ name: 'get_weather', arguments: '{"city":"Beijing"}' }]);
});

Then('Agent 应该请求人工批准工具调用', function (this: SynapseWorld) {
  const { results } = ctx(this);
  expect(results[1].newState.status).to.equal('waiting_for_human_input');
  expect(results[1].newState.pendingToolsCalling).to.deep.equal([toolCall('get_weather', '{"city":"Beijing"}', 'call_weather')]);
  expect(results[1].events.map((event) => event.type)).to.include('human_approve_required');
  expect(callsAtApprovalRequest.get(this), 'not before approval').to.equal(0);
});

Then('在人工批准后应该执行天气工具', function (this: SynapseWorld) {
  const { results } = ctx(this);
  expect(results, 'ask, approval request, the approved call, the answer').to.have.length(4);
  expect(toolCallArguments(ctx(this).agent.tools!.get_weather)).to.deep.equal([{ city: 'Beijing' }]);
  expect(results[2].events[0]).to.deep.include({ type: 'tool_result', id: 'call_weather', result: ctx(this).toolReturn });
  expect(results[2].newState.pendingToolsCalling).to.equal(undefined);
});

Then('最后应该调用 LLM 生成包含天气信息的最终响应', function (this: SynapseWorld) {
  const c = ctx(this);
  expect(this.llm.requests).to.have.length(2);
  expect(this.llm.requests[1].messages.at(-1)).to.deep.include({ role: 'tool', tool_call_id: 'call_weather', content: JSON.stringify(c.toolReturn) });
  const answer = ctx(this).results[3].events.find((event) => event.type === 'llm_result');
  expect(answer?.type === 'llm_result' && answer.result.content).to.contain('25°C and sunny');
});
