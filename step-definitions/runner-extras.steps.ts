import { access, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { HISTORY_FILE } from '../src/session/session-files';
import { RunnerContext } from './support/runner-context';
import type { SynapseWorld } from './support/world';

const ctx = (world: SynapseWorld) => world.use(RunnerContext);
const historyFile = async (world: SynapseWorld) => join(await ctx(world).sessionsDir(), (await ctx(world).runner()).getSessionId()!, HISTORY_FILE);

Given('Runner 的 maxIterations 为 {int}', function (this: SynapseWorld, limit: number) {
  ctx(this).options.maxIterations = limit;
});

Given('模型每一轮都调用工具 `echo again`', function (this: SynapseWorld) {
  // As many rounds as the limit allows: a request beyond it finds no reply and fails the run.
  for (let i = 0; i < (ctx(this).options.maxIterations ?? 1); i++) ctx(this).reply(['echo again']);
});

When('执行一次运行', async function (this: SynapseWorld) {
  await ctx(this)
    .run()
    .catch(() => undefined);
});

Then('运行应以 {string} 结束', async function (this: SynapseWorld, text: string) {
  const c = ctx(this);
  expect(c.error).to.equal(undefined);
  expect(c.result).to.contain(text);
  expect((await c.history()).at(-1)).to.deep.equal({ role: 'assistant', content: c.result });
});

Then('模型应该恰好被请求 {int} 次', function (this: SynapseWorld, count: number) {
  expect(this.llm.requests).to.have.length(count);
});

Given('模型每一轮都调用 Bash，参数却是 JSON 数组 `["ls"]`', function (this: SynapseWorld) {
  // As many rounds as the failure threshold allows: a request beyond it finds no reply and fails the run.
  for (let i = 0; i < Number(process.env.SYNAPSE_MAX_CONSECUTIVE_TOOL_FAILURES); i++) ctx(this).reply([{ name: 'Bash', arguments: '["ls"]' }]);
});

Given('模型第一轮调用一个不存在的命令', function (this: SynapseWorld) {
  ctx(this).reply(['no-such-command-abc']);
});

Given('使用临时会话目录创建 Runner', async function (this: SynapseWorld) {
  await ctx(this).sessionsDir();
});

Given('模型第一轮调用工具 `echo one`，第二轮以 HTTP {int} {string} 失败', function (this: SynapseWorld, status: number, message: string) {
  ctx(this).reply(['echo one']);
  this.llm.reply({ when: ctx(this).input, error: { status, message } });
});

Given('模型第一轮用同一个 id 调用 `echo a` 与 `echo b`，第二轮回复 {string}', function (this: SynapseWorld, text: string) {
  const toolCalls = ['echo a', 'echo b'].map((command) => ({ id: 'call_same', name: 'Bash', arguments: { command } }));
  this.llm.reply({ when: ctx(this).input, toolCalls });
  ctx(this).reply(text);
});

Then('Runner 应报告从历史中移除了 {int} 条消息、补上了 {int} 条', function (this: SynapseWorld, removed: number, added: number) {
  const reports = ctx(this).of('history_sanitized');
  expect(reports).to.have.length(1);
  expect(reports[0]).to.deep.include({ removed, added });
});

Then('模型第二次收到的消息角色应依次为 {string}', function (this: SynapseWorld, roles: string) {
  expect(this.llm.requests[1].messages.map((m) => m.role).join(', ')).to.equal(roles);
});

Then('运行应以包含 {string} 的错误失败', function (this: SynapseWorld, message: string) {
  expect(ctx(this).error).to.be.instanceOf(Error);
  expect((ctx(this).error as Error).message).to.contain(message);
});

Then('落盘历史的角色应依次为 {string}', async function (this: SynapseWorld, roles: string) {
  expect((await ctx(this).persistedHistory()).map((m) => m.role).join(', ')).to.equal(roles);
});

Given('模型发起一个 `task:explore` 子代理，子代理尝试 `write secret.txt leaked`', function (this: SynapseWorld) {
  const c = ctx(this);
  c.reply(['task:explore --description "look around" --prompt "explore the project"']);
  c.subAgentReply('explore the project', { toolCalls: [{ name: 'Bash', arguments: { command: 'write secret.txt leaked' } }] });
  c.subAgentReply('explore the project', { content: 'Nothing written; I am read-only.' });
  c.reply('Explored.');
});

Then('工作目录中不应出现 {string}', async function (this: SynapseWorld, name: string) {
  const exists = await access(join(await this.tempDir(), name)).then(
    () => true,
    () => false,
  );
  expect(exists).to.equal(false);
});

Then('子代理收到的工具结果应说明 {string}', function (this: SynapseWorld, text: string) {
  const subAgent = this.llm.requests.filter((r) => r.messages.some((m) => m.role === 'user' && m.content === 'explore the project'));
  expect(subAgent).to.have.length(2);
  expect(subAgent[1].messages.at(-1)!.role).to.equal('tool');
  expect(subAgent[1].messages.at(-1)!.content).to.contain(text);
});

Given('主代理两轮各用 15 与 5 个 token，其间一个 `task:general` 子代理用 5 个 token', function (this: SynapseWorld) {
  const c = ctx(this);
  this.llm.reply({
    when: c.input,
    toolCalls: [{ name: 'Bash', arguments: { command: 'task:general --description "count" --prompt "count things"' } }],
    usage: { prompt_tokens: 10, completion_tokens: 5 },
  });
  c.subAgentReply('count things', { content: 'Counted.', usage: { prompt_tokens: 3, completion_tokens: 2 } });
  this.llm.reply({ when: c.input, content: 'All counted.', usage: { prompt_tokens: 4, completion_tokens: 1 } });
});

Then('主会话 usage 的 total_tokens 应为 {int}，rounds 为 {int}', async function (this: SynapseWorld, total: number, rounds: number) {
  const usage = (await (await ctx(this).runner()).getSessionUsage())!;
  expect(usage.total.total_tokens).to.equal(total);
  expect(usage.rounds).to.have.length(rounds);
});

Then('主代理收到的子代理结果应恰好是 {string}', function (this: SynapseWorld, text: string) {
  const [task] = ctx(this).of('tool_call_finished');
  expect(task.result).to.deep.include({ isError: false, output: text });
});

Given('会话历史文件的第 {int} 行被写坏', async function (this: SynapseWorld, line: number) {
  const c = ctx(this);
  const file = join(await c.sessionsDir(), c.options.sessionId!, HISTORY_FILE);
  const lines = (await readFile(file, 'utf8')).split('\n');
  lines[line - 1] = lines[line - 1].slice(0, 12);
  await writeFile(file, lines.join('\n'));
});

Then('上下文统计的消息数应为 {int}', async function (this: SynapseWorld, count: number) {
  expect((await (await ctx(this).runner()).getContextStats()).messageCount).to.equal(count);
});

Then('会话历史文件应只剩 {int} 行且每一行都是合法 JSON', async function (this: SynapseWorld, count: number) {
  await ctx(this).getHistoryReady();
  const lines = (await readFile(await historyFile(this), 'utf8')).split('\n').filter(Boolean);
  expect(lines).to.have.length(count);
  for (const line of lines) expect(() => JSON.parse(line)).not.to.throw();
});

Given('模型的回复要等 {int} 毫秒', function (this: SynapseWorld, ms: number) {
  this.llm.reply({ content: 'Slow but fine.', delayMs: ms });
});

When('同时发起两次运行', async function (this: SynapseWorld) {
  const c = ctx(this);
  const runner = await c.runner();
  const [first, second] = await Promise.allSettled([runner.run('first'), runner.run('second')]);
  c.result = first.status === 'fulfilled' ? first.value : undefined;
  c.error = second.status === 'rejected' ? second.reason : undefined;
});

Then('第二次运行应以 {string} 失败', function (this: SynapseWorld, message: string) {
  expect((ctx(this).error as Error | undefined)?.message).to.contain(message);
});

Then('第一次运行应正常完成', function (this: SynapseWorld) {
  expect(ctx(this).result).to.equal('Slow but fine.');
});
