// Secrets beyond the first patterns, credentials in URLs, and what the model itself writes
// (features/security/secrets.feature): a real router and a real runner over the msw model.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Given, Then } from '@cucumber/cucumber';
import { expect } from 'chai';
import type { RunnerEvent } from '../src';
import { RunnerContext } from './support/runner-context';
import { SecurityContext } from './support/security-context';
import type { SynapseWorld } from './support/world';

const security = (world: SynapseWorld) => world.use(SecurityContext);
const runner = (world: SynapseWorld) => world.use(RunnerContext);

Given(/^环境变量 `(\w+)` 是真实样子的密钥$/, function (this: SynapseWorld, name: string) {
  security(this).plantSecret(name);
});

Given(/^环境变量 `(\w+)` 的值是 "(.+)"$/, function (this: SynapseWorld, name: string, value: string) {
  this.setEnv(name, value);
});

Given(/^模型第一轮在分段的回答里写出 `(\w+)` 的值，并调用命令把这个值写进 `(.+)`$/, function (this: SynapseWorld, name: string, file: string) {
  const value = security(this).secrets.get(name)!;
  // The value is cut in two deltas: neither half is a known secret, only the two together are.
  const content = ['writing ', value.slice(0, 10), `${value.slice(10)} now`];
  this.llm.reply({ when: runner(this).input, content, toolCalls: [{ id: 'call_write', name: 'Bash', arguments: { command: `printf %s ${value} > ${file}` } }] });
});

Given(/^模型第二轮在回答里写出 `(\w+)` 的值$/, function (this: SynapseWorld, name: string) {
  runner(this).reply(`the token is ${security(this).secrets.get(name)}`);
});

Then('运行的回答中不应出现任何一个密钥，而应包含 {string}', function (this: SynapseWorld, text: string) {
  const answer = runner(this).result ?? '';
  security(this).assertNoSecret(answer, 'the answer run() resolved with');
  expect(answer).to.include(text);
});

Then('事件中模型的第 {int} 条回答应是 {string}', function (this: SynapseWorld, n: number, text: string) {
  const events = runner(this).events.map(({ event }) => event);
  const messages = events.filter((event): event is Extract<RunnerEvent, { type: 'assistant_message' }> => event.type === 'assistant_message');
  expect(messages[n - 1]?.content).to.equal(text);
  // The streamed deltas of that reply, joined, say the same: a secret split across two is caught whole.
  const from = n === 1 ? 0 : events.indexOf(messages[n - 2]!);
  const deltas = events.slice(from, events.indexOf(messages[n - 1]!)).flatMap((event) => (event.type === 'assistant_delta' ? [event.text] : []));
  expect(deltas.join('')).to.equal(text);
});

Then(/^工作区文件 `(.+)` 里应是 `(\w+)` 的值$/, async function (this: SynapseWorld, file: string, name: string) {
  expect(await readFile(join(await this.tempDir(), file), 'utf8')).to.equal(security(this).secrets.get(name));
});
