import { Given, Then, When, type DataTable } from '@cucumber/cucumber';
import { expect } from 'chai';
import { contextSettings, resolveContextWindow, type ContextSettings, type ResolvedContextWindow } from '../src';
import { RunnerContext } from './support/runner-context';
import type { SynapseWorld } from './support/world';

/** The last window looked up, or why the lookup failed. */
class WindowLookup {
  result?: ResolvedContextWindow;
  error?: Error;
}

const lookup = (world: SynapseWorld) => world.use(WindowLookup);

function resolveInto(world: SynapseWorld, model: string, explicit?: number): void {
  const l = lookup(world);
  Object.assign(l, { result: undefined, error: undefined });
  try {
    l.result = resolveContextWindow(model, explicit);
  } catch (error) {
    l.error = error as Error;
  }
}

When('查询模型 {string} 的上下文窗口', function (this: SynapseWorld, model: string) {
  resolveInto(this, model);
});

When('以显式窗口 {int} 查询模型 {string} 的上下文窗口', function (this: SynapseWorld, tokens: number, model: string) {
  resolveInto(this, model, tokens);
});

Then('上下文窗口应为 {int} 个 token，来自 {string}', function (this: SynapseWorld, tokens: number, source: string) {
  expect(lookup(this).result).to.deep.equal({ tokens, source });
});

Then('查询应以 {string} 失败', function (this: SynapseWorld, message: string) {
  expect(lookup(this).error).to.be.instanceOf(RangeError);
  expect(lookup(this).error!.message).to.equal(message);
});

Then('{int} token 窗口的默认设置应为:', function (this: SynapseWorld, window: number, table: DataTable) {
  const settings = contextSettings(window);
  for (const row of table.hashes()) expect(settings[row['设置'] as keyof ContextSettings], row['设置']).to.equal(Number(row['值']));
});

Then('{int} token 窗口的 summaryTokens 应为 {int}，{int} token 窗口的应为 {int}', function (this: SynapseWorld, large: number, most: number, small: number, least: number) {
  expect(contextSettings(large).summaryTokens).to.equal(most);
  expect(contextSettings(small).summaryTokens).to.equal(least);
});

Given('Runner 的模型为 {string}', function (this: SynapseWorld, model: string) {
  this.use(RunnerContext).options.model = model;
});

Then('Runner 的上下文窗口应为 {int} 个 token', async function (this: SynapseWorld, tokens: number) {
  expect((await this.use(RunnerContext).runner()).contextWindow).to.equal(tokens);
});
