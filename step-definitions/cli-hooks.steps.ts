import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Given, Then } from '@cucumber/cucumber';
import { expect } from 'chai';
import { CliContext } from './support/cli-context';
import { HooksContext } from './support/hooks-context';
import type { SynapseWorld } from './support/world';

const cli = (world: SynapseWorld) => world.use(CliContext);
const fail = (world: SynapseWorld) => `\n${cli(world).describe()}`;

/** `echo a`（id call_a）、`rm -r build`（id call_rm）: one round of Bash calls with the ids a later step names. */
Given(/^CLI 模型会在一轮里调用 Bash 执行 (.+)$/, async function (this: SynapseWorld, list: string) {
  const toolCalls = [...list.matchAll(/`([^`]+)`（id (\w+)）/g)].map(([, command, id]) => ({ id: id!, name: 'Bash', arguments: { command: command! } }));
  expect(toolCalls, `no calls in ${list}`).to.not.be.empty;
  (await cli(this).model()).reply({ toolCalls, usage: { prompt_tokens: 10, completion_tokens: 5 } });
});

/** The hooks configured since the last such step, written as the `hooks` of a settings file: the user's, or the project's. */
Given(/^CLI 的(用户|项目)设置文件里是这些钩子$/, async function (this: SynapseWorld, scope: string) {
  const path = scope === '用户' ? join(await cli(this).dir('home'), '.synapse', 'settings.json') : join(await cli(this).dir('work'), '.synapse', 'settings.json');
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, JSON.stringify({ hooks: this.use(HooksContext).take() }, null, 2));
});

const pendingApproval = async (world: SynapseWorld, id: string) => {
  const [sessionId] = await cli(world).parseArgs(id);
  return join(await cli(world).dir('sessions'), sessionId!, 'pending-approval.json');
};

Then('CLI 会话 {string} 应该有等待批准的调用 {string}', async function (this: SynapseWorld, id: string, callId: string) {
  const saved = JSON.parse(await readFile(await pendingApproval(this, id), 'utf8')) as { pending: Array<{ toolCallId: string }> };
  expect(saved.pending.map((call) => call.toolCallId)).to.deep.equal([callId]);
});

Then('CLI 会话 {string} 不应该再有等待批准的调用', async function (this: SynapseWorld, id: string) {
  expect(existsSync(await pendingApproval(this, id)), fail(this)).to.equal(false);
});

Then('CLI JSON 结果里等待批准的应该是 {string} 的 {string}', function (this: SynapseWorld, callId: string, command: string) {
  const { pending } = cli(this).jsonLines.at(-1)!;
  expect(
    pending?.map((call: { toolCallId: string; command: string }) => [call.toolCallId, call.command]),
    fail(this),
  ).to.deep.equal([[callId, command]]);
});

/** `|` separates the results; `\n` is a line break. */
Then('CLI 模型收到的第 {int} 次请求里的工具结果依次应该是 {string}', async function (this: SynapseWorld, n: number, list: string) {
  const messages = (await cli(this).model()).received[n - 1]?.body.messages ?? [];
  const results = messages.filter((message) => message.role === 'tool').map((message) => message.content);
  expect(results, fail(this)).to.deep.equal(list.split('|').map((text) => text.replace(/\\n/g, '\n')));
});

Then('CLI JSON 输出的最后一行应该是 result', function (this: SynapseWorld) {
  expect(cli(this).jsonLines.at(-1)?.type, fail(this)).to.equal('result');
});
