import { readFile, writeFile } from 'node:fs/promises';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import type { Usage } from '../src/llm';
import { UsageContext } from './support/usage-context';
import type { SynapseWorld } from './support/world';

const ctx = (world: SynapseWorld) => world.use(UsageContext);
const reported = new WeakMap<SynapseWorld, Usage[]>();
const lines = (text: string) => text.split('\n').filter((line) => line.trim());

// --- what servers report

Given('模型回复 {string}，最后的用量块是 {string}', function (this: SynapseWorld, text: string, usage: string) {
  // As the server sends it: a chunk with no choices and the usage object, written verbatim.
  this.llm.reply({ content: text, raw: [JSON.stringify({ id: 'chatcmpl-usage', object: 'chat.completion.chunk', created: 0, model: 'test-model', choices: [], usage: JSON.parse(usage) })] });
});

When('通过模型运行时读完这个回复', async function (this: SynapseWorld) {
  const usages: Usage[] = [];
  for await (const chunk of this.llm.modelRuntime()({ messages: [{ role: 'user', content: 'hi' }] })) if (chunk.usage) usages.push(chunk.usage);
  reported.set(this, usages);
});

Then('运行时给出的用量应该是 {string}', function (this: SynapseWorld, expected: string) {
  expect(reported.get(this)).to.deep.equal([JSON.parse(expected)]);
});

// --- session files, old and new

Given(
  '会话目录里有一个旧版本写下的会话，两轮用量分别是 {string} 的 {int} 与 {int}、{string} 的 {int} 与 {int} 个 token',
  async function (this: SynapseWorld, model1: string, in1: number, out1: number, model2: string, in2: number, out2: number) {
    const c = ctx(this);
    c.session = await (await c.store()).create();
    // Files as the version before cache tokens and per-model totals wrote them.
    const round = (model: string, input: number, output: number) =>
      JSON.stringify({ model, usage: { prompt_tokens: input, completion_tokens: output, total_tokens: input + output }, at: '2025-01-01T00:00:00.000Z' });
    await writeFile(await c.sessionFile('usage.jsonl'), `${round(model1, in1, out1)}\n${round(model2, in2, out2)}\n`);
    const total = { prompt_tokens: in1 + in2, completion_tokens: out1 + out2, total_tokens: in1 + in2 + out1 + out2 };
    const index = {
      version: 1,
      id: c.session.id,
      title: null,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
      messageCount: 0,
      usage: { total, roundCount: 2 },
      context: null,
    };
    await writeFile(await c.sessionFile('index.json'), JSON.stringify(index));
  },
);

When('打开这个会话并按今天的价格计算它的用量', async function (this: SynapseWorld) {
  await ctx(this).reread();
});

Then(
  '会话用量应该是 {int} 次调用、{int} 个输入 token、{int} 个输出 token，其中 {string} {int} 次',
  async function (this: SynapseWorld, calls: number, input: number, output: number, model: string, modelCalls: number) {
    const c = ctx(this);
    const session = await (await c.store()).open(c.session!.id);
    expect(session.warnings).to.deep.equal([]);
    expect(session.usage.byModel[model]!.rounds).to.equal(modelCalls);
    expect(c.fromDisk).to.deep.include({ roundCount: calls, totalInputOther: input, totalOutput: output, totalCost: null });
  },
);

When('这个会话再记下 {string} 的一轮 {int} 与 {int} 个 token', async function (this: SynapseWorld, model: string, input: number, output: number) {
  const c = ctx(this);
  const session = await (await c.store()).open(c.session!.id);
  await session.recordUsage({ prompt_tokens: input, completion_tokens: output, total_tokens: input + output }, model);
});

Then('会话的 index.json 应该记着 {string} {int} 次、{string} {int} 次', async function (this: SynapseWorld, model1: string, rounds1: number, model2: string, rounds2: number) {
  const index = JSON.parse(await readFile(await ctx(this).sessionFile('index.json'), 'utf8'));
  expect(index.usage.roundCount).to.equal(rounds1 + rounds2);
  expect(Object.fromEntries(Object.entries(index.usage.byModel as Record<string, { rounds: number }>).map(([model, { rounds }]) => [model, rounds]))).to.deep.equal({
    [model1]: rounds1,
    [model2]: rounds2,
  });
});

// --- bounded rounds in memory, every round on disk

Given('环境变量 SYNAPSE_MAX_ROUNDS_KEPT 为 {string}', function (this: SynapseWorld, value: string) {
  this.setEnv('SYNAPSE_MAX_ROUNDS_KEPT', value);
});

Given('一个会话记下了 {int} 轮用量，输出 token 依次是 1、2、3、4、5', async function (this: SynapseWorld, count: number) {
  for (let i = 1; i <= count; i++) await ctx(this).accumulate({ prompt_tokens: 10, completion_tokens: i });
});

Given('这个会话的 usage.jsonl 第 {int} 行被换成无法读取的字节', async function (this: SynapseWorld, line: number) {
  const c = ctx(this);
  await c.session!.flush();
  const path = await c.sessionFile('usage.jsonl');
  const all = lines(await readFile(path, 'utf8'));
  all[line - 1] = '{"model": "torn';
  await writeFile(path, `${all.join('\n')}\n`);
});

When('重新打开这个会话并修复它', async function (this: SynapseWorld) {
  const c = ctx(this);
  c.session = await (await c.store()).open(c.session!.id);
  await c.session.repair();
});

Then('会话内存里的用量轮次应该只有输出为 4、5 的两轮，合计 {int} 次调用、{int} 个输出 token', function (this: SynapseWorld, calls: number, output: number) {
  const { rounds, roundCount, total } = ctx(this).session!.usage;
  expect(rounds.map((round) => round.usage.completion_tokens)).to.deep.equal([4, 5]);
  expect({ roundCount, output: total.completion_tokens }).to.deep.equal({ roundCount: calls, output });
});

Then('会话的 usage.jsonl 应该依次记着输出为 1、3、4、5 的轮次', async function (this: SynapseWorld) {
  const recorded = lines(await readFile(await ctx(this).sessionFile('usage.jsonl'), 'utf8')).map((line) => JSON.parse(line).usage.completion_tokens);
  expect(recorded).to.deep.equal([1, 3, 4, 5]);
  // The torn line is kept too, in quarantine.
  expect(await readFile(await ctx(this).sessionFile('usage.quarantine.jsonl'), 'utf8')).to.include('torn');
});
