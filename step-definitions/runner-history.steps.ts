import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { AgentRunner } from '../src';
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
  expect(first!.meta).to.deep.equal({ userText: text, injected: [injected] });
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
