import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { AgentRunner, SessionStore } from '../src';
import { LLM_MODEL } from './support/llm-mock';
import { RunnerContext } from './support/runner-context';
import type { SynapseWorld } from './support/world';

const ctx = (world: SynapseWorld) => world.use(RunnerContext);

/** Process warnings emitted while a scenario ran, and what a runner built without a listener answered. */
const seen = new WeakMap<SynapseWorld, { warnings: Error[]; answer?: string }>();
const observed = (world: SynapseWorld) => seen.get(world) ?? seen.set(world, { warnings: [] }).get(world)!;

/** Records the process warnings emitted from now until the scenario ends. */
function recordWarnings(world: SynapseWorld): void {
  const record = (warning: Error) => observed(world).warnings.push(warning);
  process.on('warning', record);
  world.onCleanup(() => process.off('warning', record));
}

Then('落盘的首条用户消息应记下用户的原话 {string}，并标明注入了 {string}', async function (this: SynapseWorld, text: string, injected: string) {
  const [first] = await ctx(this).persistedHistory();
  expect(first!.role).to.equal('user');
  expect(first!.meta).to.deep.equal({ userText: text, injected: injected.split(', ') });
});

When('关闭 Runner 后执行一次运行', async function (this: SynapseWorld) {
  await (await ctx(this).runner()).close();
  await ctx(this)
    .run()
    .catch(() => undefined);
});

Then('运行应以 {string} 失败', async function (this: SynapseWorld, message: string) {
  const id = (await ctx(this).runner()).getSessionId()!;
  expect(ctx(this).error).to.be.instanceOf(Error).with.property('message', message.replace('<会话 id>', id));
});

When('不带事件监听器执行一次运行', async function (this: SynapseWorld) {
  recordWarnings(this);
  const runner = new AgentRunner({ model: LLM_MODEL, client: this.llm.client(), cwd: await this.tempDir() });
  this.onCleanup(() => runner.close());
  observed(this).answer = await runner.run('Please do the work.');
});

Then('这次运行应返回 {string}', function (this: SynapseWorld, text: string) {
  expect(observed(this).answer).to.equal(text);
});

Then('不应有进程警告', async function (this: SynapseWorld) {
  // A warning is emitted on the next tick: give it one before looking.
  await new Promise((resolve) => setImmediate(resolve));
  expect(observed(this).warnings.map(String)).to.deep.equal([]);
});

Given('事件监听器每次都返回被拒绝的 promise', function (this: SynapseWorld) {
  const c = ctx(this);
  c.rejectingListener = true;
  c.options.onListenerError = (error) => c.listenerFailures.push(error);
});

Given('事件监听器每次都抛错，且没有给失败回调', function (this: SynapseWorld) {
  recordWarnings(this);
  ctx(this).throwingListener = true;
});

Then('进程应只收到一条 {word} 警告 {string}', async function (this: SynapseWorld, code: string, message: string) {
  await new Promise((resolve) => setImmediate(resolve));
  const warnings = observed(this).warnings.map((warning) => ({ code: (warning as NodeJS.ErrnoException).code, message: warning.message }));
  expect(warnings).to.deep.equal([{ code, message }]);
});

// --- events

Then('Runner 报告的事件类型（不含流式文本）应依次为 {string}', function (this: SynapseWorld, types: string) {
  const seenTypes = ctx(this)
    .events.map(({ event }) => event.type)
    .filter((type) => type !== 'assistant_delta');
  expect(seenTypes.join(', ')).to.equal(types);
});

Then('开始事件应带着输入 {string} 和会话 id null', function (this: SynapseWorld, input: string) {
  expect(
    ctx(this)
      .of('run_started')
      .map(({ at: _at, ...event }) => event),
  ).to.deep.equal([{ type: 'run_started', sessionId: null, input }]);
});

Then('第 {int} 个模型回复事件应带着文本 {string}，没有工具调用', function (this: SynapseWorld, n: number, content: string) {
  const { at: _at, ...event } = ctx(this).of('assistant_message')[n - 1]!;
  expect(event).to.deep.equal({ type: 'assistant_message', content, toolCalls: [] });
});

Then('Runner 报告的提醒应恰好是：', function (this: SynapseWorld, text: string) {
  expect(
    ctx(this)
      .of('reminder')
      .map((event) => event.text),
  ).to.deep.equal([text]);
});

Then('模型第二次收到的最后一条消息应是这条提醒', function (this: SynapseWorld) {
  const [reminder] = ctx(this).of('reminder');
  expect(this.llm.requests[1]!.messages.at(-1)).to.deep.equal({ role: 'user', content: reminder!.text });
});

Given('工作目录的 {string} 没有 frontmatter', async function (this: SynapseWorld, path: string) {
  const file = join(await this.tempDir(), path);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, 'Just some text, no front matter.\n');
});

Then('Runner 应只报告 {int} 条警告，它以 {string} 开头并指出 {string}', function (this: SynapseWorld, count: number, start: string, detail: string) {
  const messages = ctx(this)
    .of('warning')
    .map((event) => event.message);
  expect(messages).to.have.length(count);
  expect(messages[0]!.startsWith(start), messages[0]).to.equal(true);
  expect(messages[0]).to.contain(detail);
});

When('Runner 重启后以输入 {string} 再执行一次运行', async function (this: SynapseWorld, input: string) {
  await ctx(this).restart();
  await ctx(this).run(input);
});

Then('落盘会话的标题应为 {string}', async function (this: SynapseWorld, title: string) {
  const c = ctx(this);
  const session = await new SessionStore(await c.sessionsDir()).open((await c.runner()).getSessionId()!);
  expect(session.title).to.equal(title);
});

Then('Runner 应报告 {int} 条会话警告：第 {int} 行被隔离，以及 {string}', function (this: SynapseWorld, count: number, line: number, message: string) {
  const warnings = ctx(this).of('session_warning');
  expect(warnings).to.have.length(count);
  expect(warnings[0]).to.include({ file: 'history.jsonl', line });
  expect(warnings[0]!.message).to.contain('kept in');
  expect(warnings[1]).to.deep.include({ file: 'history.jsonl', message });
  expect(warnings[1]!.line).to.equal(undefined);
});

Given('事件监听器正常返回，且没有给失败回调', function (this: SynapseWorld) {
  // The scenario's listener records each event and returns nothing; no onListenerError is given.
  recordWarnings(this);
});

Then('模型不应收到任何请求', function (this: SynapseWorld) {
  expect(this.llm.requests).to.have.length(0);
});
