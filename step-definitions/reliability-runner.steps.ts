import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import type { Tool } from '../src';
import { runPool } from '../src/runner/task-pool';
import { RunnerContext } from './support/runner-context';
import { SubAgentContext } from './support/subagent-context';
import type { SynapseWorld } from './support/world';

const ctx = (world: SynapseWorld) => world.use(RunnerContext);

// --- aborts

When('用一个已经中止的 signal 执行一次运行', async function (this: SynapseWorld) {
  await ctx(this)
    .run(undefined, AbortSignal.abort())
    .catch(() => undefined);
});

Then('运行应以 AbortError 拒绝', function (this: SynapseWorld) {
  expect(ctx(this).error).to.be.instanceOf(Error);
  expect((ctx(this).error as Error).name, String(ctx(this).error)).to.equal('AbortError');
});

Then('会话目录中不应有任何会话', async function (this: SynapseWorld) {
  const dirs = await ctx(this)
    .sessionDirectories()
    .catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)));
  expect(dirs).to.deep.equal([]);
});

Given('模型的回复先输出 {string} 然后停顿 {int} 毫秒', function (this: SynapseWorld, text: string, ms: number) {
  this.llm.reply({ when: ctx(this).input, content: [text, 'and the rest'], pauseMs: ms });
});

When('在收到第一段文本后中止这次运行', async function (this: SynapseWorld) {
  const c = ctx(this);
  const controller = new AbortController();
  const running = c.run(c.input, controller.signal).catch(() => undefined);
  await c.waitFor((event) => event.type === 'assistant_delta');
  controller.abort();
  await running;
});

Given('模型会回复 {string}', function (this: SynapseWorld, text: string) {
  this.llm.reply({ content: text });
});

When('以输入 {string} 再执行一次运行', async function (this: SynapseWorld, input: string) {
  await ctx(this).run(input);
});

Then('模型收到的最后一个请求中只有一条用户消息 {string}', function (this: SynapseWorld, text: string) {
  const users = this.llm.requests.at(-1)!.messages.filter((message) => message.role === 'user');
  expect(users, 'the aborted run left its input behind').to.have.length(1);
  expect(String(users[0]!.content).endsWith(text), String(users[0]!.content)).to.equal(true);
});

Then('Runner 的历史为空', async function (this: SynapseWorld) {
  expect(await ctx(this).history()).to.deep.equal([]);
});

When('直接用模型运行时请求，并在收到第一段文本后中止', async function (this: SynapseWorld) {
  const controller = new AbortController();
  const state = { error: undefined as unknown };
  try {
    for await (const chunk of this.llm.modelRuntime()({ messages: [{ role: 'user', content: ctx(this).input }], signal: controller.signal })) {
      if (chunk.content) controller.abort();
    }
  } catch (error) {
    state.error = error;
  }
  ctx(this).error = state.error;
});

Then('模型运行时应以 AbortError 结束', function (this: SynapseWorld) {
  expect((ctx(this).error as Error | undefined)?.name, String(ctx(this).error)).to.equal('AbortError');
});

// --- tools and listeners that throw

Given('Runner 的工具 {string} 在被调用时同步抛出 {string}，事件监听器每次都抛错', function (this: SynapseWorld, name: string, message: string) {
  const c = ctx(this);
  const tool: Tool = {
    name,
    definition: { type: 'function', function: { name, parameters: { type: 'object', properties: {} } } },
    execute() {
      throw new Error(message);
    },
  };
  const failures: unknown[] = [];
  c.options.toolset = [tool];
  c.options.onListenerError = (error) => failures.push(error);
  // RunnerContext records events through its own onEvent; this one wraps it and then throws.
  c.listenerFailures = failures;
  c.throwingListener = true;
});

Given(/^Runner 唯一的工具 "(\w+)" (返回 undefined|抛出一个转不成文字的值)$/, function (this: SynapseWorld, name: string, behaviour: string) {
  ctx(this).options.toolset = [
    {
      name,
      definition: { type: 'function', function: { name, parameters: { type: 'object', properties: {} } } },
      execute() {
        // An object without a prototype has no toString: even String(value) throws on it.
        if (behaviour !== '返回 undefined') throw Object.create(null);
        return undefined as never;
      },
    },
  ];
});

Given('模型第一轮调用工具 {string}，第二轮回复 {string}', function (this: SynapseWorld, name: string, text: string) {
  ctx(this).reply([{ name, arguments: '{}' }]);
  ctx(this).reply(text);
});

Then('工具 {string} 的结果应是错误 {string}', function (this: SynapseWorld, name: string, message: string) {
  const finished = ctx(this)
    .of('tool_call_finished')
    .filter((event) => event.name === name);
  expect(finished).to.have.length(1);
  expect(finished[0]!.result).to.include({ isError: true, message });
});

Then('监听器的失败应只被报告 {int} 次', function (this: SynapseWorld, count: number) {
  const c = ctx(this);
  expect(c.listenerFailures).to.have.length(count);
  // It did fail on every event: the run saw many, and reported only the first.
  expect(c.events.length).to.be.greaterThan(count);
});

// --- the task pool

interface PoolOutcome {
  started: number;
  error?: unknown;
}
const pools = new WeakMap<SynapseWorld, PoolOutcome>();

When('任务池以并发上限 {int} 运行 {int} 个任务，其中第 {int} 个很快失败', async function (this: SynapseWorld, limit: number, count: number, failing: number) {
  const outcome: PoolOutcome = { started: 0 };
  pools.set(this, outcome);
  const jobs = Array.from({ length: count }, (_, i) => async () => {
    outcome.started += 1;
    // The failing job ends first; the others are still running when it does.
    await new Promise((resolve) => setTimeout(resolve, i + 1 === failing ? 5 : 40));
    if (i + 1 === failing) throw new Error(`job ${i + 1} failed`);
    return i;
  });
  await runPool(jobs, limit).catch((error: unknown) => (outcome.error = error));
  await new Promise((resolve) => setTimeout(resolve, 150)); // a worker that went on would have started more by now
});

Then('任务池应以第 {int} 个任务的错误失败', function (this: SynapseWorld, n: number) {
  expect((pools.get(this)!.error as Error).message).to.equal(`job ${n} failed`);
});

Then('任务池应只启动了 {int} 个任务', function (this: SynapseWorld, count: number) {
  expect(pools.get(this)!.started).to.equal(count);
});

// --- sub-agents and their todo list

const TODO_PROMPT = 'todo work';

Given('子代理先用 TodoWrite 记下一项待办，然后不完成它就收尾', function (this: SynapseWorld) {
  const todo = (status: string) => JSON.stringify({ todos: [{ content: 'write the report', activeForm: 'Writing the report', status }] });
  this.llm.reply({ when: TODO_PROMPT, toolCalls: [{ name: 'Bash', arguments: { command: `TodoWrite '${todo('pending')}'` } }] });
  this.llm.reply({ when: TODO_PROMPT, content: 'I stop here.' });
  this.llm.reply({ when: TODO_PROMPT, toolCalls: [{ name: 'Bash', arguments: { command: `TodoWrite '${todo('completed')}'` } }] });
});

Given('子代理被提醒后完成待办并回复 {string}', function (this: SynapseWorld, text: string) {
  this.llm.reply({ when: TODO_PROMPT, content: text });
});

When('主代理执行子代理任务 {string}', async function (this: SynapseWorld, command: string) {
  await this.use(SubAgentContext).runTask(command);
});

Then('子代理任务的结果应包含 {string}', function (this: SynapseWorld, text: string) {
  const result = this.use(SubAgentContext).result!;
  expect(result.isError, result.message).to.equal(false);
  expect(result.output).to.include(text);
  expect(this.llm.remaining, 'every scripted sub-agent reply was consumed').to.equal(0);
});

Then('子代理收到的请求中应有一条 {string} 用户消息', function (this: SynapseWorld, marker: string) {
  const last = this.llm.requests.at(-1)!.messages;
  expect(last.filter((message) => message.role === 'user' && String(message.content).startsWith(marker))).to.have.length(1);
});
