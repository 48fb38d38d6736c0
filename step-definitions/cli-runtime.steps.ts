import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { CliContext } from './support/cli-context';
import type { SynapseWorld } from './support/world';

const cli = (world: SynapseWorld) => world.use(CliContext);
const fail = (world: SynapseWorld) => `\n${cli(world).describe()}`;

/** A dotted path into a JSON value, as text (undefined when absent). */
function pick(value: unknown, path: string): string | undefined {
  const found = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);
  return found === undefined ? undefined : typeof found === 'string' ? found : JSON.stringify(found);
}

Given('CLI 工作目录中有工具模块 {string}，其中 add 工具返回两数之和', async function (this: SynapseWorld, name: string) {
  const module = [
    'export const tools = {',
    '  add: {',
    "    description: 'Add two numbers',",
    "    parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },",
    '    run: ({ a, b }) => ({ sum: a + b }),',
    '  },',
    '};',
  ].join('\n');
  await writeFile(join(await cli(this).dir('work'), name), module);
});

Given('CLI 模型会调用工具 {string}，参数为 {string}', async function (this: SynapseWorld, name: string, args: string) {
  (await cli(this).model()).reply({ toolCalls: [{ id: `call_${name}`, name, arguments: args }] });
});

Given('CLI 模型会在 {int} 毫秒后回复 {string}', async function (this: SynapseWorld, delayMs: number, text: string) {
  (await cli(this).model()).reply({ content: text, delayMs });
});

When('CLI 在模型收到第 {int} 次请求后发送 SIGINT', async function (this: SynapseWorld, n: number) {
  const context = cli(this);
  const model = await context.model();
  const deadline = Date.now() + 10_000;
  while (model.received.length < n) {
    if (Date.now() > deadline) throw new Error(`The model got ${model.received.length} requests, not ${n}${fail(this)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const sentAt = performance.now();
  context.running!.child.kill('SIGINT');
  const run = await context.running!.exited;
  context.last = { ...run, durationMs: performance.now() - sentAt };
});

Then('CLI 模型收到的第 {int} 次请求提供的工具应该是 {string}', async function (this: SynapseWorld, n: number, names: string) {
  const tools = ((await cli(this).model()).received[n - 1]?.body.tools ?? []) as Array<{ function: { name: string } }>;
  expect(tools.map((tool) => tool.function.name).join(', '), fail(this)).to.equal(names);
});

Then('CLI 模型收到的第 {int} 次请求的最后一条消息应该是工具结果 {string}', async function (this: SynapseWorld, n: number, content: string) {
  const last = (await cli(this).model()).received[n - 1]?.body.messages.at(-1);
  expect(last, fail(this)).to.deep.include({ role: 'tool', content });
});

Then('CLI JSON 输出的事件类型应该是 {string}', function (this: SynapseWorld, list: string) {
  expect(
    cli(this)
      .jsonLines.map((line) => line.type)
      .join(', '),
    fail(this),
  ).to.equal(list);
});

Then('CLI JSON 输出中第 {int} 个 {string} 事件应该有字段 {string} 为 {string}', function (this: SynapseWorld, n: number, type: string, path: string, value: string) {
  const event = cli(this).jsonLines.filter((line) => line.type === type)[n - 1];
  expect(pick(event, path), fail(this)).to.equal(value);
});

Then('CLI JSON 输出中第 {int} 个 {string} 事件不应该有字段 {string}', function (this: SynapseWorld, n: number, type: string, path: string) {
  const event = cli(this).jsonLines.filter((line) => line.type === type)[n - 1];
  expect(event, fail(this)).not.to.equal(undefined);
  expect(pick(event, path), fail(this)).to.equal(undefined);
});
