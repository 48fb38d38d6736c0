import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { STOP_HOOK_MARKER, StopHookExecutor } from '../src';
import { RunnerContext } from './support/runner-context';
import { StopHooksContext } from './support/stop-hooks-context';
import type { SynapseWorld } from './support/world';

const hooks = (world: SynapseWorld) => world.use(StopHooksContext);
const runner = (world: SynapseWorld) => world.use(RunnerContext);

// --- Triggering in a run (part09) ---------------------------------------------------------------------

Given('本轮模型仅返回文本响应且无工具调用', function (this: SynapseWorld) {
  hooks(this).register('recorder', { message: 'recorded' });
  hooks(this).useInRunner();
  runner(this).reply('All done.');
});

When('Agent 完成 `run\\(\\)`', async function (this: SynapseWorld) {
  await runner(this).run();
});

Then('StopHookRegistry 应被触发 {int} 次', function (this: SynapseWorld, times: number) {
  expect(hooks(this).executeAllCalls).to.have.length(times);
});

Then('Hook 回调应收到完整上下文对象', async function (this: SynapseWorld) {
  const [{ context }] = hooks(this).invocations;
  expect(context).to.have.all.keys('cwd', 'messages', 'finalResponse', 'sessionId');
  expect(context.finalResponse).to.equal('All done.');
  expect(context.messages).to.deep.equal(await runner(this).history());
  expect(context.cwd).to.equal(await this.tempDir());
});

Given('首轮产生工具调用且后续轮次收敛为最终文本', function (this: SynapseWorld) {
  hooks(this).register('recorder');
  hooks(this).useInRunner();
  runner(this).reply(['echo first round']);
  runner(this).reply('Finished after one tool round.');
});

When('Agent 循环结束', async function (this: SynapseWorld) {
  await runner(this).run();
});

Then('StopHookRegistry 应在最终结束时触发', function (this: SynapseWorld) {
  const c = runner(this);
  const [call] = hooks(this).executeAllCalls;
  expect(call.context.finalResponse).to.equal('Finished after one tool round.');
  // After the final answer, before the run is reported finished.
  const finalAnswer = c.events.findIndex(({ event }) => event.type === 'assistant_message' && event.toolCalls.length === 0);
  expect(call.eventsBefore).to.be.greaterThan(finalAnswer);
  expect(c.events.slice(call.eventsBefore).map(({ event }) => event.type)).to.deep.equal(['run_finished']);
});

Then('不应在中间工具轮次重复触发', function (this: SynapseWorld) {
  expect(hooks(this).executeAllCalls).to.have.length(1);
  expect(hooks(this).invocations).to.have.length(1);
  expect(runner(this).of('tool_call_finished')).to.have.length(1);
});

Given('本轮因保护机制提前终止（非正常完成）', function (this: SynapseWorld) {
  hooks(this).register('reporter', { message: 'HOOK OUTPUT' });
  hooks(this).useInRunner();
  runner(this).options.maxIterations = 1;
  runner(this).reply(['echo never finishes']);
});

When('Agent 返回终止说明', async function (this: SynapseWorld) {
  await runner(this).run();
  expect(runner(this).of('run_finished')[0].stopReason).to.equal('max_iterations');
});

Then('StopHookRegistry 不应执行', function (this: SynapseWorld) {
  expect(hooks(this).executeAllCalls).to.have.length(0);
  expect(hooks(this).invocations).to.have.length(0);
});

Then('最终响应不应拼接 Hook 输出', function (this: SynapseWorld) {
  expect(runner(this).result).to.contain('Reached the limit of 1 model requests');
  expect(runner(this).result).not.to.contain(STOP_HOOK_MARKER);
  expect(runner(this).result).not.to.contain('HOOK OUTPUT');
});

// --- Order and isolation ------------------------------------------------------------------------------

Given('已注册 `hook-first`、`hook-second`、`hook-third`', function (this: SynapseWorld) {
  for (const name of ['hook-first', 'hook-second', 'hook-third']) hooks(this).register(name, { message: `message of ${name}` });
});

When('调用 `executeAll\\(context)`', async function (this: SynapseWorld) {
  hooks(this).outcomes = await hooks(this).registry.executeAll(hooks(this).sampleContext());
});

When('执行 `executeAll\\(context)`', async function (this: SynapseWorld) {
  hooks(this).outcomes = await hooks(this).registry.executeAll(hooks(this).sampleContext());
});

Then('执行顺序应为 `third -> second -> first`', function (this: SynapseWorld) {
  expect(hooks(this).invocations.map(({ name }) => name)).to.deep.equal(['hook-third', 'hook-second', 'hook-first']);
});

Then('返回结果顺序应与执行顺序一致', function (this: SynapseWorld) {
  expect(hooks(this).outcomes!.map(({ name, message }) => `${name}: ${message}`)).to.deep.equal([
    'hook-third: message of hook-third',
    'hook-second: message of hook-second',
    'hook-first: message of hook-first',
  ]);
});

Given('三个 Hook 中间一个执行时抛出异常', function (this: SynapseWorld) {
  hooks(this).register('hook-a', { message: 'a ran' });
  hooks(this).register('hook-b', { failure: 'hook-b broke' });
  hooks(this).register('hook-c', { message: 'c ran' });
});

Then('失败 Hook 应被隔离处理', function (this: SynapseWorld) {
  expect(hooks(this).outcomes!.find(({ name }) => name === 'hook-b')).to.deep.equal({ name: 'hook-b', error: 'hook-b broke' });
});

Then('其余 Hook 结果仍应正常返回', function (this: SynapseWorld) {
  expect(hooks(this).invocations.map(({ name }) => name)).to.deep.equal(['hook-c', 'hook-b', 'hook-a']);
  expect(hooks(this).outcomes!.filter(({ error }) => !error)).to.deep.equal([
    { name: 'hook-c', message: 'c ran' },
    { name: 'hook-a', message: 'a ran' },
  ]);
});

Given('连续两次以同名注册不同 Hook 函数', function (this: SynapseWorld) {
  hooks(this).register('same-name', { message: 'old implementation' });
  hooks(this).register('same-name', { message: 'new implementation' });
});

Then('仅最新注册的 Hook 实现应生效', function (this: SynapseWorld) {
  expect(hooks(this).outcomes).to.deep.equal([{ name: 'same-name', message: 'new implementation' }]);
});

Then('旧实现不应再被调用', function (this: SynapseWorld) {
  expect(hooks(this).invocations).to.have.length(1);
});

// --- The context a hook gets ---------------------------------------------------------------------------

Given('Agent 正常完成一次对话', function (this: SynapseWorld) {
  hooks(this).register('recorder');
  hooks(this).useInRunner();
  // No cwd given: the runner works in the process's directory (no tool runs, so nothing is touched there).
  runner(this).options.cwd = undefined;
  runner(this).reply('Conversation complete.');
});

When('Hook 接收上下文', async function (this: SynapseWorld) {
  await runner(this).run();
});

Then('`cwd` 应等于当前进程目录', function (this: SynapseWorld) {
  expect(hooks(this).invocations[0].context.cwd).to.equal(process.cwd());
});

Then('`messages` 与 `finalResponse` 应与本次对话结果一致', async function (this: SynapseWorld) {
  const { context } = hooks(this).invocations[0];
  expect(context.finalResponse).to.equal('Conversation complete.');
  expect(runner(this).result).to.equal('Conversation complete.');
  expect(context.messages).to.deep.equal(await runner(this).history());
  expect(context.messages.at(-1)).to.deep.equal({ role: 'assistant', content: 'Conversation complete.' });
});

Given('Runner 未配置 `session\\/sessionId\\/sessionsDir`', function (this: SynapseWorld) {
  hooks(this).register('recorder');
  hooks(this).useInRunner();
  runner(this).reply('No session here.');
});

When('Hook 被触发', async function (this: SynapseWorld) {
  await runner(this).run();
});

Then('`sessionId` 应为 `null`', function (this: SynapseWorld) {
  expect(hooks(this).invocations[0].context.sessionId).to.equal(null);
});

Then('上下文其余字段仍应完整可用', async function (this: SynapseWorld) {
  const { context } = hooks(this).invocations[0];
  expect(context.cwd).to.equal(await this.tempDir());
  expect(context.finalResponse).to.equal('No session here.');
  expect(context.messages.map((message) => message.role)).to.deep.equal(['user', 'assistant']);
});

// --- The executor (part03) -----------------------------------------------------------------------------

Given('`StopHookExecutor.enabled=false`', function (this: SynapseWorld) {
  const h = hooks(this);
  h.executor = new StopHookExecutor({
    enabled: false,
    registry: h.registry,
    load: (registry) => {
      h.loaderCalls++;
      registry.register('loaded', () => ({ message: 'LOADED HOOK OUTPUT' }));
    },
  });
  h.useInRunner();
  runner(this).reply('Plain answer.');
});

When('执行 `init\\(\\)` 与后续 run 收尾', async function (this: SynapseWorld) {
  await hooks(this).executor!.init();
  await runner(this).run();
});

Then('不应加载 stop hooks', function (this: SynapseWorld) {
  expect(hooks(this).loaderCalls).to.equal(0);
  expect(hooks(this).registry.size).to.equal(0);
});

Then('最终响应不应追加 hook 内容', function (this: SynapseWorld) {
  expect(runner(this).result).to.equal('Plain answer.');
  expect(hooks(this).executeAllCalls).to.have.length(0);
});

Given('`stopHookRegistry.executeAll` 返回非空 message 列表', function (this: SynapseWorld) {
  hooks(this).register('lint-check', { message: 'Lint: 0 problems.' });
  hooks(this).register('test-check', { message: 'Tests: 12 passed.' });
  hooks(this).executor = new StopHookExecutor({ registry: hooks(this).registry, onWarning: (message) => hooks(this).warnings.push(message) });
});

When('调用 `executeAndAppend\\(finalResponse, context)`', async function (this: SynapseWorld) {
  hooks(this).appended = await hooks(this).executor!.executeAndAppend('Done.', hooks(this).sampleContext());
});

Then('最终文本应包含 `STOP_HOOK_MARKER`', function (this: SynapseWorld) {
  expect(hooks(this).appended!.startsWith('Done.')).to.equal(true);
  expect(hooks(this).appended).to.contain(STOP_HOOK_MARKER);
});

Then('marker 后应包含 hook 消息正文', function (this: SynapseWorld) {
  const after = hooks(this).appended!.split(STOP_HOOK_MARKER)[1];
  // LIFO: the later registration speaks first.
  expect(after.trim()).to.equal('Tests: 12 passed.\n\nLint: 0 problems.');
});

Given('hook 返回空或全空白 message', function (this: SynapseWorld) {
  hooks(this).register('empty', { message: '' });
  hooks(this).register('blank', { message: '  \n\t ' });
  hooks(this).executor = new StopHookExecutor({ registry: hooks(this).registry });
});

When('调用 `executeAndAppend\\(...)`', async function (this: SynapseWorld) {
  hooks(this).appended = await hooks(this).executor!.executeAndAppend('Done.', hooks(this).sampleContext());
});

Then('应返回原始 `finalResponse` 不变', function (this: SynapseWorld) {
  expect(hooks(this).invocations.map(({ name }) => name)).to.deep.equal(['blank', 'empty']);
  expect(hooks(this).appended).to.equal('Done.');
});

Given('onMessagePart 回调抛出异常', function (this: SynapseWorld) {
  const h = hooks(this);
  h.executor = new StopHookExecutor({
    registry: h.registry,
    onMessagePart: () => {
      throw new Error('the screen is gone');
    },
    onWarning: (message) => h.warnings.push(message),
  });
  h.registry.register('progressive', (_context, { emitProgress }) => {
    emitProgress('checking...');
    h.invocations.push({ name: 'progressive:after-progress', context: _context });
    return { message: 'Checked.' };
  });
});

When('hook 执行中调用 `emitProgress`', async function (this: SynapseWorld) {
  hooks(this).appended = await hooks(this).executor!.executeAndAppend('Done.', hooks(this).sampleContext());
});

Then('异常应被捕获并记录 warning', function (this: SynapseWorld) {
  expect(hooks(this).warnings).to.deep.equal(['a stop hook progress callback failed: the screen is gone']);
});

Then('主流程继续执行', function (this: SynapseWorld) {
  expect(hooks(this).invocations.map(({ name }) => name)).to.deep.equal(['progressive:after-progress']);
  expect(hooks(this).appended).to.equal(`Done.\n\n${STOP_HOOK_MARKER}\nChecked.`);
});

// --- Stop hooks in a runner (own) -------------------------------------------------------------------------

Given('Runner 注册了 stop hook {string}（回复 {string}）与 {string}（抛出 {string}）', function (this: SynapseWorld, name: string, message: string, broken: string, failure: string) {
  hooks(this).register(name, { message });
  hooks(this).register(broken, { failure });
  hooks(this).useInRunner();
});

Given('Runner 注册了 stop hook {string}（回复 {string}）', function (this: SynapseWorld, name: string, message: string) {
  hooks(this).register(name, { message });
  hooks(this).useInRunner();
});

Given('Runner 注册了一个会报告进度 {string} 与 {string} 的 stop hook {string}', function (this: SynapseWorld, first: string, second: string, name: string) {
  hooks(this).registry.register(name, (_context, { emitProgress }) => {
    emitProgress(first);
    emitProgress(second);
    return { message: `${name}: ok` };
  });
  hooks(this).useInRunner();
});

Then('运行的结果应为 {string} 接上 stop hook 的标记与 {string}', function (this: SynapseWorld, answer: string, appended: string) {
  expect(runner(this).result).to.equal(`${answer}\n\n${STOP_HOOK_MARKER}\n${appended}`);
  expect(runner(this).of('run_finished')[0]!.text).to.equal(runner(this).result);
});

Then('Runner 应报告警告 {string}', function (this: SynapseWorld, message: string) {
  expect(
    runner(this)
      .of('warning')
      .map((event) => event.message),
  ).to.deep.equal([message]);
});

Then('会话历史的最后一条应是模型的原话 {string}', async function (this: SynapseWorld, text: string) {
  expect((await runner(this).history()).at(-1)).to.deep.equal({ role: 'assistant', content: text });
});

Then('Runner 应依次报告 stop hook {string} 的进度 {string}、{string}', function (this: SynapseWorld, hook: string, first: string, second: string) {
  expect(
    runner(this)
      .of('stop_hook_progress')
      .map(({ type, hook, text }) => ({ type, hook, text })),
  ).to.deep.equal([
    { type: 'stop_hook_progress', hook, text: first },
    { type: 'stop_hook_progress', hook, text: second },
  ]);
});

Then('stop hook 不应被执行', function (this: SynapseWorld) {
  expect(hooks(this).executeAllCalls).to.have.length(0);
  expect(hooks(this).invocations).to.have.length(0);
});

When('注销 {string} 后调用 executeAll', async function (this: SynapseWorld, name: string) {
  expect(hooks(this).registry.unregister(name)).to.equal(true);
  hooks(this).outcomes = await hooks(this).registry.executeAll(hooks(this).sampleContext());
});

Then('执行顺序应为 {string}', function (this: SynapseWorld, order: string) {
  expect(
    hooks(this)
      .invocations.map(({ name }) => name)
      .join(', '),
  ).to.equal(order);
});

Given('Runner 注册了 stop hook {string}（回复 {string}），执行器是关掉的', function (this: SynapseWorld, name: string, message: string) {
  hooks(this).register(name, { message });
  hooks(this).executor = new StopHookExecutor({ enabled: false, registry: hooks(this).registry });
  hooks(this).useInRunner();
});

Then('运行的结果应为 {string}', function (this: SynapseWorld, text: string) {
  expect(runner(this).result).to.equal(text);
});

Given('一个加载时会抛出 {string} 的 stop hook 执行器，它的 hook 报告进度，进度回调返回被拒的 Promise', function (this: SynapseWorld, failure: string) {
  const h = hooks(this);
  h.executor = new StopHookExecutor({
    registry: h.registry,
    load: (registry) => {
      registry.register('progressive', (_context, { emitProgress }) => emitProgress('half way'));
      throw new Error(failure);
    },
    onMessagePart: () => Promise.reject(new Error('screen closed')),
    onWarning: (message) => {
      h.warnings.push(message);
      throw new Error('the warning sink broke too');
    },
  });
});

Given('一个没有告警接收者的执行器，注册了抛出 {string} 的 hook {string}', function (this: SynapseWorld, failure: string, name: string) {
  hooks(this).register(name, { failure });
  hooks(this).executor = new StopHookExecutor({ registry: hooks(this).registry });
  const seen = hooks(this).processWarnings;
  const listen = (warning: Error) => seen.push(warning);
  process.on('warning', listen);
  this.onCleanup(() => process.off('warning', listen));
});

When('执行器为回答 {string} 执行 hook', async function (this: SynapseWorld, answer: string) {
  hooks(this).appended = await hooks(this).executor!.executeAndAppend(answer, hooks(this).sampleContext());
  // Warnings of rejected callbacks and process warnings arrive on later ticks.
  await new Promise((resolve) => setImmediate(resolve));
});

Then('回答应原样返回', function (this: SynapseWorld) {
  expect(hooks(this).appended).to.equal('Done.');
});

Then('执行器应报告警告 {string}', function (this: SynapseWorld, warning: string) {
  expect(hooks(this).warnings).to.deep.equal([warning, 'a stop hook progress callback failed: screen closed']);
});

Then('进程应收到警告 {string}', function (this: SynapseWorld, warning: string) {
  const ours = hooks(this).processWarnings.filter((entry) => (entry as { code?: string }).code === 'SYNAPSE_STOP_HOOK');
  expect(ours.map((entry) => entry.message)).to.deep.equal([warning]);
});
