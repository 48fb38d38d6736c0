import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { createEmptyUsageAccount, formatCostOutput, MAX_ROUNDS_KEPT } from '../src/usage';
import { PRICE, PRICED_MODEL, UsageContext } from './support/usage-context';
import type { SynapseWorld } from './support/world';

const ctx = (world: SynapseWorld) => world.use(UsageContext);

// The part03 scenarios of session usage, over the usage layer (src/usage) and a real session's usage.jsonl.

Given('新建空 `SessionUsage`', async function (this: SynapseWorld) {
  await ctx(this).writePricing({ [PRICED_MODEL]: PRICE });
  ctx(this).account = createEmptyUsageAccount(PRICED_MODEL);
});

When('调用 `formatCostOutput\\(usage)`', function (this: SynapseWorld) {
  ctx(this).output = formatCostOutput(ctx(this).account);
});

Then('输出应为 `Token: 0 in \\/ 0 out ... Cost: $0.00`', function (this: SynapseWorld) {
  expect(ctx(this).output).to.match(/^Token: 0 in \/ 0 out \| .+ \| Cost: \$0\.00$/);
});

Given('模型无 pricing 配置且已有 usage round', async function (this: SynapseWorld) {
  // No ~/.synapse/pricing.json at all.
  await ctx(this).accumulate({ prompt_tokens: 1200, completion_tokens: 80 });
});

Then('输出中的 `Cost` 应为 `N\\/A`', function (this: SynapseWorld) {
  expect(ctx(this).output).to.match(/^Token: 1,200 in \/ 80 out \| .+ \| Cost: N\/A$/);
});

Given('连续累积超过 `MAX_ROUNDS_KEPT` 的 usage 轮次', async function (this: SynapseWorld) {
  // The default limit; each call has its own output count, so which ones were kept shows.
  for (let i = 1; i <= MAX_ROUNDS_KEPT + 4; i++) await ctx(this).accumulate({ prompt_tokens: 100, completion_tokens: i });
});

When('调用 `accumulateUsage` 完成累积', async function (this: SynapseWorld) {
  await ctx(this).accumulate({ prompt_tokens: 100, completion_tokens: MAX_ROUNDS_KEPT + 5 });
  await ctx(this).reread();
});

Then('`rounds.length` 应被截断到上限', function (this: SynapseWorld) {
  const c = ctx(this);
  for (const account of [c.account, c.fromDisk!]) {
    expect(account.rounds).to.have.length(MAX_ROUNDS_KEPT);
    expect(account.rounds.at(-1)!.output).to.equal(MAX_ROUNDS_KEPT + 5);
    expect(account.rounds[0]!.output).to.equal(6);
  }
});

Then('total 字段仍保留完整累计值', function (this: SynapseWorld) {
  const c = ctx(this);
  const calls = MAX_ROUNDS_KEPT + 5;
  for (const account of [c.account, c.fromDisk!]) {
    expect(account.roundCount).to.equal(calls);
    expect(account.totalInputOther).to.equal(100 * calls);
    expect(account.totalOutput).to.equal((calls * (calls + 1)) / 2);
  }
});
