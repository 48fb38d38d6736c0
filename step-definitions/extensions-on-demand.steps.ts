// When the runner reads its extensions, seen through the warnings it reports (features/extensions-on-demand.feature).
import { Given, Then } from '@cucumber/cucumber';
import { expect } from 'chai';
import { ExtensionsContext } from './support/extensions-context';
import { RunnerContext } from './support/runner-context';
import type { SynapseWorld } from './support/world';

const runner = (world: SynapseWorld) => world.use(RunnerContext);
const events = (world: SynapseWorld) => runner(world).events.map(({ event }) => event);

Given('Runner 使用本场景的扩展层，系统提示为 {string}', async function (this: SynapseWorld, prompt: string) {
  Object.assign(runner(this).options, { extensions: await this.use(ExtensionsContext).extensions(), systemPrompt: prompt });
});

Given(/^模型的前两轮都调用 Bash 执行 `(.+)`，第三轮回复 "(.*)"$/, function (this: SynapseWorld, command: string, text: string) {
  runner(this).reply([command]);
  runner(this).reply([command]);
  runner(this).reply(text);
});

Then('运行事件中不应有警告', function (this: SynapseWorld) {
  expect(events(this).filter((event) => event.type === 'warning')).to.deep.equal([]);
});

Then(/^运行事件中应恰好有 1 条包含 "(.+)" 的警告，在(第 1 个工具调用结束之后|模型的第 1 条回答之前)$/, function (this: SynapseWorld, text: string, when: string) {
  const all = events(this);
  const warnings = all.flatMap((event, at) => (event.type === 'warning' && event.message.includes(text) ? [at] : []));
  expect(warnings, JSON.stringify(all.filter((event) => event.type === 'warning'))).to.have.length(1);
  const landmark = all.findIndex((event) => event.type === (when.includes('工具') ? 'tool_call_finished' : 'assistant_message'));
  expect(landmark).to.be.greaterThan(-1);
  if (when.includes('工具')) expect(warnings[0]).to.be.greaterThan(landmark);
  else expect(warnings[0]).to.be.lessThan(landmark);
});
