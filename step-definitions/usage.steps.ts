import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { cacheHitRate, calculateCost, createEmptyUsageAccount, formatCostOutput, resetSessionUsage, tokenUsageOf } from '../src/usage';
import { PRICE, PRICED_MODEL, UsageContext, WIRE_ROUNDS } from './support/usage-context';
import type { SynapseWorld } from './support/world';

const ctx = (world: SynapseWorld) => world.use(UsageContext);
const TOTALS = ['totalInputOther', 'totalOutput', 'totalCacheRead', 'totalCacheCreation'] as const;

// --- accumulation, truncation, reset

Given('初始 usage 为空结构', function (this: SynapseWorld) {
  ctx(this).account = createEmptyUsageAccount(PRICED_MODEL);
});

When('调用一次 `accumulateUsage`', async function (this: SynapseWorld) {
  const c = ctx(this);
  c.before = c.account;
  await c.accumulate(WIRE_ROUNDS[0]!);
});

Then('`totalInputOther\\/totalOutput\\/totalCache*` 应按本轮增加', function (this: SynapseWorld) {
  const { account, before } = ctx(this);
  // 1200 in, of which 700 read from the cache; 80 out.
  expect({ ...account, rounds: [] }).to.deep.include({
    totalInputOther: before!.totalInputOther + 500,
    totalOutput: before!.totalOutput + 80,
    totalCacheRead: before!.totalCacheRead + 700,
    totalCacheCreation: 0,
  });
});

Then('`rounds` 长度应增加 1', function (this: SynapseWorld) {
  const { account, before } = ctx(this);
  expect(account.rounds).to.have.length(before!.rounds.length + 1);
  expect(account.rounds.at(-1)).to.deep.include({ model: PRICED_MODEL, inputOther: 500, output: 80, inputCacheRead: 700, inputCacheCreation: 0 });
});

Given('连续调用多次 `accumulateUsage`', async function (this: SynapseWorld) {
  for (const wire of WIRE_ROUNDS) await ctx(this).accumulate(wire);
});

When('读取最终 usage', async function (this: SynapseWorld) {
  await ctx(this).reread();
});

Then('totals 应等于全部轮次求和', function (this: SynapseWorld) {
  const c = ctx(this);
  expect(c.sums()).to.deep.equal({ totalInputOther: 950, totalOutput: 145, totalCacheRead: 1200, totalCacheCreation: 300 });
  for (const account of [c.account, c.fromDisk!]) for (const key of TOTALS) expect(account[key], key).to.equal(c.sums()[key]);
});

Then('不应只保留最近一轮', function (this: SynapseWorld) {
  const c = ctx(this);
  for (const account of [c.account, c.fromDisk!]) {
    expect(account.rounds.map((round) => round.output)).to.deep.equal([80, 40, 25]);
    expect(account.roundCount).to.equal(3);
  }
});

Given('连续累积轮次数量超过 `SYNAPSE_MAX_ROUNDS_KEPT`', async function (this: SynapseWorld) {
  this.setEnv('SYNAPSE_MAX_ROUNDS_KEPT', '2');
  // Seven calls, each with its own output count (10, 11, ... 16), so which ones were kept shows.
  for (let i = 0; i < 7; i++) await ctx(this).accumulate({ prompt_tokens: 100, completion_tokens: 10 + i, prompt_tokens_details: { cached_tokens: 30 } });
});

When('读取 usage', async function (this: SynapseWorld) {
  await ctx(this).reread();
});

Then('`rounds` 仅保留最近 N 轮', function (this: SynapseWorld) {
  const c = ctx(this);
  for (const account of [c.account, c.fromDisk!]) expect(account.rounds.map((round) => round.output)).to.deep.equal([15, 16]);
});

Then('totals 仍应反映完整历史累计', function (this: SynapseWorld) {
  const c = ctx(this);
  for (const account of [c.account, c.fromDisk!]) {
    expect({ ...account, rounds: [] }).to.deep.include({ totalInputOther: 490, totalOutput: 91, totalCacheRead: 210, totalCacheCreation: 0, roundCount: 7 });
  }
});

Given('usage 已有累计值且 model 已设置', async function (this: SynapseWorld) {
  const c = ctx(this);
  await c.writePricing({ [PRICED_MODEL]: PRICE });
  for (const wire of WIRE_ROUNDS) await c.accumulate(wire);
});

When('执行 `resetSessionUsage`', function (this: SynapseWorld) {
  const c = ctx(this);
  c.before = c.account;
  c.account = resetSessionUsage(c.account);
});

Then('各 totals 与 rounds 应归零\\/清空', function (this: SynapseWorld) {
  const { account, before } = ctx(this);
  expect(before!.totalCost).to.be.greaterThan(0);
  expect(account).to.deep.include({ totalInputOther: 0, totalOutput: 0, totalCacheRead: 0, totalCacheCreation: 0, totalCost: null, rounds: [], roundCount: 0 });
});

Then('model 字段应保持不变', function (this: SynapseWorld) {
  expect(ctx(this).account.model).to.equal(PRICED_MODEL);
});

// --- cost

Given('当前 model 在 pricing 配置中可匹配', async function (this: SynapseWorld) {
  await ctx(this).writePricing({ 'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6 }, [PRICED_MODEL]: PRICE });
});

Given('当前 model 未配置 pricing', async function (this: SynapseWorld) {
  await ctx(this).writePricing({ 'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6 } });
});

When('执行 `accumulateUsage`', async function (this: SynapseWorld) {
  const c = ctx(this);
  c.before = c.account;
  for (const wire of WIRE_ROUNDS.slice(0, 2)) await c.accumulate(wire);
  c.output = formatCostOutput(c.account);
});

Then('`totalCost` 应按 token 计价增长', function (this: SynapseWorld) {
  const { account } = ctx(this);
  // Round 1: 500 uncached in, 80 out, 700 read; round 2: 100 uncached in, 40 out, 500 read, 300 written.
  const expected = (600 * 2.5 + 120 * 10 + 1200 * 1.25 + 300 * 3.125) / 1e6;
  expect(account.totalCost).to.be.closeTo(expected, 1e-12);
  expect(account.rounds.map((round) => round.costUsd)).to.deep.equal(account.rounds.map((round) => calculateCost(round, PRICE)));
});

Then('`formatCostOutput` 应输出美元金额', function (this: SynapseWorld) {
  expect(ctx(this).output).to.match(/\| Cost: \$0\.0051$/);
});

Then('`totalCost` 应保持 `null`', function (this: SynapseWorld) {
  const { account } = ctx(this);
  expect(account.roundCount).to.equal(2);
  expect(account.totalCost).to.equal(null);
  expect(account.rounds.map((round) => round.costUsd)).to.deep.equal([null, null]);
});

Then('不应错误显示为具体金额', function (this: SynapseWorld) {
  expect(ctx(this).output)
    .to.match(/\| Cost: N\/A$/)
    .and.not.match(/\$/);
});

Given('usage 为初始空会话状态', function (this: SynapseWorld) {
  ctx(this).account = createEmptyUsageAccount(PRICED_MODEL);
});

Given('usage 非空但 model 无定价', async function (this: SynapseWorld) {
  for (const wire of WIRE_ROUNDS) await ctx(this).accumulate(wire);
});

When('调用 `formatCostOutput`', function (this: SynapseWorld) {
  ctx(this).output = formatCostOutput(ctx(this).account);
});

When('生成成本摘要', function (this: SynapseWorld) {
  ctx(this).output = formatCostOutput(ctx(this).account);
});

Then(/^Cost 字段应显示 `(.+)`$/, function (this: SynapseWorld, shown: string) {
  expect(ctx(this).output).to.match(/\| Cost: [^|]+$/);
  expect(ctx(this).output!.split('| Cost: ')[1]).to.equal(shown);
});

Then('不应显示 `N\\/A`', function (this: SynapseWorld) {
  expect(ctx(this).output).to.not.include('N/A');
});

Then('token\\/cache 统计仍应正常显示', function (this: SynapseWorld) {
  expect(ctx(this).output).to.equal('Token: 2,450 in / 145 out | Cache: 1,200 read / 300 write (49% hit) | Cost: N/A');
});

// --- number formatting and the cache hit rate

Given('usage 包含较大的 token\\/cache 数值', async function (this: SynapseWorld) {
  await ctx(this).accumulate({ prompt_tokens: 11_123_455, completion_tokens: 89_012, cache_read_input_tokens: 9_876_543, cache_creation_input_tokens: 12_345 });
});

Then('输出中的数字应使用 `en-US` 千分位格式', function (this: SynapseWorld) {
  expect(ctx(this).output).to.match(/^Token: 11,123,455 in \/ 89,012 out \| Cache: 9,876,543 read \/ 12,345 write \(89% hit\) \| /);
});

Then('不应出现难读的长整数字符串', function (this: SynapseWorld) {
  expect(ctx(this).output).to.not.match(/\d{4}/);
});

Given('有 `inputOther\\/cacheRead\\/cacheCreation` 三类输入', async function (this: SynapseWorld) {
  // 1,000 in: 300 uncached, 600 read from the cache, 100 written to it.
  await ctx(this).accumulate({ prompt_tokens: 1000, completion_tokens: 7, cache_read_input_tokens: 600, cache_creation_input_tokens: 100 });
});

Then('命中率应等于 `cacheRead \\/ totalInput` 的百分比', function (this: SynapseWorld) {
  expect(tokenUsageOf(ctx(this).calls[0]!)).to.deep.equal({ inputOther: 300, output: 7, inputCacheRead: 600, inputCacheCreation: 100 });
  expect(cacheHitRate(ctx(this).account)).to.equal(60);
  expect(ctx(this).output).to.include('Cache: 600 read / 100 write (60% hit)');
});

Then('`totalInput=0` 时命中率应稳定显示为 `0%`', async function (this: SynapseWorld) {
  const c = ctx(this);
  c.account = createEmptyUsageAccount(PRICED_MODEL);
  await c.accumulate({ prompt_tokens: 0, completion_tokens: 12 });
  expect(cacheHitRate(c.account)).to.equal(0);
  expect(formatCostOutput(c.account)).to.equal('Token: 0 in / 12 out | Cache: 0 read / 0 write (0% hit) | Cost: N/A');
});
