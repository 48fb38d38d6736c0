import { getEventListeners } from 'node:events';
import { type DataTable, Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { AbortError, type Tool } from '../src';
import { poll, RunnerContext } from './support/runner-context';
import type { SynapseWorld } from './support/world';

const ctx = (world: SynapseWorld) => world.use(RunnerContext);

Given('模型第一轮先调用一个长时间运行的命令，再调用 `{}`', function (this: SynapseWorld, command: string) {
  ctx(this).reply([ctx(this).sleepCommand, command]);
});

When('在长时间运行的命令启动后中止这次运行', async function (this: SynapseWorld) {
  await ctx(this).runAndAbortWhenToolStarts(ctx(this).sleepCommand);
});

Given('模型第一轮调用两个任务，第一个任务的子代理要 {int} 毫秒才回答', function (this: SynapseWorld, ms: number) {
  const c = ctx(this);
  c.reply(['task:general --description "first" --prompt "slow job"', 'task:general --description "second" --prompt "queued job"']);
  c.subAgentReply('slow job', { content: 'too late', delayMs: ms });
});

When('在第一个任务的子代理请求模型后中止这次运行', async function (this: SynapseWorld) {
  const c = ctx(this);
  const controller = new AbortController();
  const running = c.run(c.input, controller.signal).catch(() => undefined);
  await poll(() => this.llm.requests.length === 2, 'the sub-agent to ask the model');
  controller.abort();
  await running;
});

Then('被中止的调用结束后，这一轮不应再启动任何调用', async function (this: SynapseWorld) {
  const c = ctx(this);
  await c.waitFor((event) => event.type === 'tool_call_finished');
  // Whatever the round would start next, it starts at once: a few timer turns are plenty to see it.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(c.of('tool_call_started').map((event) => event.command)).to.have.length(1);
});

/** What a tool that ignores its signal and its cancel() saw. */
const stubborn = new WeakMap<SynapseWorld, { cancels: number; signal?: AbortSignal }>();

Given('Runner 唯一的工具 {string} 永不结束，只记下 cancel\\(\\) 的调用和它拿到的 signal', function (this: SynapseWorld, name: string) {
  const seen = { cancels: 0, signal: undefined as AbortSignal | undefined };
  stubborn.set(this, seen);
  const tool: Tool = {
    name,
    definition: { type: 'function', function: { name, parameters: { type: 'object', properties: {} } } },
    execute(_args, options) {
      seen.signal = options?.signal;
      return Object.assign(new Promise<never>(() => {}), { cancel: () => void seen.cancels++ });
    },
  };
  ctx(this).options.toolset = [tool];
});

Given('模型第一轮调用工具 {string}', function (this: SynapseWorld, name: string) {
  ctx(this).reply([{ name, arguments: '{}' }]);
});

When('在工具 {string} 启动后中止这次运行', async function (this: SynapseWorld, name: string) {
  const c = ctx(this);
  const controller = new AbortController();
  const running = c.run(c.input, controller.signal).catch(() => undefined);
  await c.waitFor((event) => event.type === 'tool_call_started' && event.name === name);
  controller.abort();
  await running;
});

Then('运行应以消息为 {string} 的 AbortError 拒绝', function (this: SynapseWorld, message: string) {
  expect(ctx(this).error).to.be.instanceOf(AbortError).with.property('message', message);
});

Then('工具 {string} 的 cancel\\(\\) 应被调用 {int} 次，它拿到的 signal 应已中止', function (this: SynapseWorld, _name: string, count: number) {
  const seen = stubborn.get(this)!;
  expect(seen.cancels).to.equal(count);
  expect(seen.signal?.aborted).to.equal(true);
});

Given('模型第一轮调用命令 `{}`，第二轮回复 {string}', function (this: SynapseWorld, command: string, text: string) {
  ctx(this).reply([command]);
  ctx(this).reply(text);
});

const heldSignals = new WeakMap<SynapseWorld, AbortSignal>();

When('用一个调用方长期持有的 signal 执行一次运行', async function (this: SynapseWorld) {
  const signal = new AbortController().signal;
  heldSignals.set(this, signal);
  await ctx(this).run(undefined, signal);
});

Then('这个 signal 上不应留有任何 abort 监听器', function (this: SynapseWorld) {
  expect(getEventListeners(heldSignals.get(this)!, 'abort')).to.have.length(0);
});

Then('命令 `{}` 的结束事件报告的用时应不少于 {int} 毫秒、不超过 {int} 秒', function (this: SynapseWorld, command: string, min: number, maxSeconds: number) {
  const [finished] = ctx(this)
    .of('tool_call_finished')
    .filter((event) => event.command === command);
  expect(finished!.durationMs)
    .to.be.at.least(min)
    .and.at.most(maxSeconds * 1000);
});

Given('模型第一轮调用一个子代理要 {int} 毫秒才回答的任务，第二轮回复 {string}', function (this: SynapseWorld, ms: number, text: string) {
  const c = ctx(this);
  c.reply(['task:general --description "slow" --prompt "slow job"']);
  c.subAgentReply('slow job', { content: 'too late', delayMs: ms });
  c.reply(text);
});

Then('这个任务的结果应是 {word} 错误 {string}，并标记为超时', function (this: SynapseWorld, category: string, message: string) {
  const [finished] = ctx(this).of('tool_call_finished');
  expect(finished!.result).to.include({ isError: true, message: message.replaceAll('\\"', '"') });
  expect(finished!.result.extras).to.include({ failureCategory: category, timedOut: true });
});

Then('这个任务的结果应是子代理的回答 {string}', function (this: SynapseWorld, answer: string) {
  const [finished] = ctx(this).of('tool_call_finished');
  expect(finished!.result).to.include({ isError: false });
  expect(JSON.stringify(finished!.result)).to.include(answer);
});

Given(/^模型第一轮调用命令 `([^`]*)`$/, function (this: SynapseWorld, command: string) {
  ctx(this).reply([command]);
});

When('执行一次运行，事件监听器在收到模型要求调用工具的回复时中止它', async function (this: SynapseWorld) {
  const c = ctx(this);
  const controller = new AbortController();
  c.onEvent = (event) => {
    if (event.type === 'assistant_message' && event.toolCalls.length) controller.abort();
  };
  await c.run(c.input, controller.signal).catch(() => undefined);
});

Then('不应有任何工具调用开始', function (this: SynapseWorld) {
  expect(ctx(this).of('tool_call_started')).to.deep.equal([]);
});

// --- arguments and descriptions

const bashThenAnswer = (world: SynapseWorld, args: string, text: string) => {
  ctx(world).reply([{ name: 'Bash', arguments: args }]);
  ctx(world).reply(text);
};

Given('模型第一轮调用 Bash，参数是 `{}`，第二轮回复 {string}', function (this: SynapseWorld, args: string, text: string) {
  bashThenAnswer(this, args, text);
});

Given(/^模型第一轮调用 Bash，参数(是空字符串|只有空白)，第二轮回复 "(.*)"$/, function (this: SynapseWorld, kind: string, text: string) {
  bashThenAnswer(this, kind === '只有空白' ? '  \n ' : '', text);
});

Then('Runner 应报告丢弃了这一轮，原因是 {string}', function (this: SynapseWorld, reason: string) {
  expect(
    ctx(this)
      .of('round_discarded')
      .map((event) => event.reason),
  ).to.deep.equal([reason]);
});

Then('模型第二次收到的最后一条消息应是用户消息 {string}', function (this: SynapseWorld, content: string) {
  expect(this.llm.requests[1]!.messages.at(-1)).to.deep.equal({ role: 'user', content });
});

Then('不应有一轮被丢弃', function (this: SynapseWorld) {
  expect(ctx(this).of('round_discarded')).to.deep.equal([]);
});

Then('Bash 调用的结果应是说明缺少命令的错误', function (this: SynapseWorld) {
  const [finished] = ctx(this).of('tool_call_finished');
  expect(finished!.result).to.include({ isError: true, message: 'Invalid usage: "command" must be a string (got nothing). Call it as Bash(command="ls -la").' });
});

Given('模型第一轮调用这些命令，第二轮回复 {string}：', function (this: SynapseWorld, text: string, table: DataTable) {
  const rows = table.hashes();
  ctx(this).reply(rows.map((row) => row['命令']!));
  for (const [i, row] of rows.entries()) if (row['子代理的回答']) ctx(this).subAgentReply(`p${i + 1}`, { content: row['子代理的回答'] });
  ctx(this).reply(text);
});

Then('各调用开始事件中的说明应依次为 {string}', function (this: SynapseWorld, descriptions: string) {
  const seen = ctx(this)
    .of('tool_call_started')
    .map((event) => event.description ?? '(无)');
  expect(seen.join(', ')).to.equal(descriptions);
});

// --- consecutive failures

Given(/^模型第一轮调用命令 `([^`]*)` 和 `([^`]*)`$/, function (this: SynapseWorld, first: string, second: string) {
  ctx(this).reply([first, second]);
});

Given('Runner 唯一的工具 {string} 返回不带 extras 的错误结果 {string}', function (this: SynapseWorld, name: string, message: string) {
  const tool: Tool = {
    name,
    definition: { type: 'function', function: { name, parameters: { type: 'object', properties: {} } } },
    execute: () => Object.assign(Promise.resolve({ isError: true, output: '', message }), { cancel: () => {} }),
  };
  ctx(this).options.toolset = [tool];
});

// --- tools that give something other than a result, and which calls get cancelled

const toolNamed = (name: string, execute: Tool['execute']): Tool => ({
  name,
  definition: { type: 'function', function: { name, parameters: { type: 'object', properties: {} } } },
  execute,
});

Given('Runner 唯一的工具 {string} 的结果是 `{}`', function (this: SynapseWorld, name: string, json: string) {
  ctx(this).options.toolset = [toolNamed(name, () => Object.assign(Promise.resolve(JSON.parse(json)), { cancel: () => {} }))];
});

Given('Runner 唯一的工具 {string} 抛出两行的错误 {string} 与 {string}', function (this: SynapseWorld, name: string, first: string, second: string) {
  ctx(this).options.toolset = [
    toolNamed(name, () => {
      throw new Error(`${first}\n${second}`);
    }),
  ];
});

Given('Runner 的工具是 {string} 与 {string}', function (this: SynapseWorld, first: string, second: string) {
  const never = () => Object.assign(new Promise<never>(() => {}), { cancel: () => {} });
  ctx(this).options.toolset = [toolNamed(first, never), toolNamed(second, never)];
});

/** The one result tool `name` got: an error of `category` with `message`, a `brief`, and no output. */
function expectErrorResult(world: SynapseWorld, name: string, category: string, message: string, brief: string): void {
  const results = ctx(world)
    .of('tool_call_finished')
    .filter((event) => event.name === name)
    .map((event) => event.result);
  expect(results).to.deep.equal([{ isError: true, output: '', message, brief, extras: { failureCategory: category } }]);
}
const withNewlines = (text: string) => text.replaceAll('\\n', '\n');

Then('工具 {string} 的结果应恰好是 {word} 错误 {string}，摘要相同', function (this: SynapseWorld, name: string, category: string, message: string) {
  expectErrorResult(this, name, category, withNewlines(message), withNewlines(message));
});

Then('工具 {string} 的结果应恰好是 {word} 错误 {string}，摘要为 {string}', function (this: SynapseWorld, name: string, category: string, message: string, brief: string) {
  expectErrorResult(this, name, category, withNewlines(message), brief);
});

Given('Runner 唯一的工具 {string} 返回一个永不结束、没有 cancel\\(\\) 的 promise', function (this: SynapseWorld, name: string) {
  ctx(this).options.toolset = [toolNamed(name, () => new Promise<never>(() => {}) as never)];
});

/** Which calls (1-based, in call order) of the recording tool had cancel() called. */
const cancelled = new WeakMap<SynapseWorld, number[]>();

Given('Runner 唯一的工具 {string} 对参数 \\{"hang": true} 的调用永不结束，其余调用立即完成，并记下每个调用的 cancel\\(\\)', function (this: SynapseWorld, name: string) {
  const calls: number[] = [];
  cancelled.set(this, calls);
  let count = 0;
  ctx(this).options.toolset = [
    toolNamed(name, (args) => {
      const call = ++count;
      const settles = (args as { hang?: boolean }).hang ? new Promise<never>(() => {}) : Promise.resolve({ isError: false, output: 'ok', message: 'ok' });
      return Object.assign(settles, { cancel: () => void calls.push(call) });
    }),
  ];
});

Given('模型第一轮调用工具 {string} 两次，参数依次为 {} 与 {}', function (this: SynapseWorld, name: string, first: string, second: string) {
  ctx(this).reply([
    { name, arguments: first },
    { name, arguments: second },
  ]);
});

When('在工具 {string} 的第 {int} 个调用启动后中止这次运行', async function (this: SynapseWorld, name: string, n: number) {
  const c = ctx(this);
  const controller = new AbortController();
  const running = c.run(c.input, controller.signal).catch(() => undefined);
  await c.waitFor(() => c.of('tool_call_started').filter((event) => event.name === name).length === n);
  controller.abort();
  await running;
});

Then('被取消的调用应只有第 {int} 个', function (this: SynapseWorld, n: number) {
  expect(cancelled.get(this)).to.deep.equal([n]);
});

When('等待 {int} 毫秒', async function (this: SynapseWorld, ms: number) {
  await new Promise((resolve) => setTimeout(resolve, ms));
});

Then('不应有调用被取消', function (this: SynapseWorld) {
  expect(cancelled.get(this)).to.deep.equal([]);
});

Then('各调用开始事件中的命令应依次为 {string}', function (this: SynapseWorld, commands: string) {
  const seen = ctx(this)
    .of('tool_call_started')
    .map((event) => event.command ?? '(无)');
  expect(seen.join(', ')).to.equal(commands);
});
