import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { SessionStore } from '../src/session';
import { longConversation } from './support/context-context';
import { CliContext } from './support/cli-context';
import type { SynapseWorld } from './support/world';

const cli = (world: SynapseWorld) => world.use(CliContext);

Given('CLI 会话目录中有一个读过 {int} 个日志的长会话，记下它的 id 为 {string}', async function (this: SynapseWorld, count: number, name: string) {
  const session = await new SessionStore(await cli(this).dir('sessions')).create();
  await session.append(longConversation(count, 300));
  await session.flush();
  cli(this).saved.set(name, session.id);
});

Given('CLI 写摘要的请求会得到摘要 {string}', async function (this: SynapseWorld, summary: string) {
  (await cli(this).model()).reply({ when: 'Summarize the conversation transcript', content: summary, usage: { prompt_tokens: 900, completion_tokens: 20 } });
});

Given('CLI 放行模型的回复', async function (this: SynapseWorld) {
  // A held request of a process that is gone is answered (into a closed connection) before the scenario goes on.
  await (await cli(this).model()).releaseHeld();
});

When('CLI 记下 JSON 输出中 run_started 的 sessionId 为 {string}', function (this: SynapseWorld, name: string) {
  const started = cli(this).jsonLines.find((line) => line.type === 'run_started');
  expect(started?.sessionId).to.match(/^session-/);
  cli(this).saved.set(name, started!.sessionId);
});

Then('CLI 模型收到的最后一个请求不应包含 {string}', async function (this: SynapseWorld, text: string) {
  const last = (await cli(this).model()).received.at(-1);
  expect(last, 'a request').not.to.equal(undefined);
  expect(JSON.stringify(last!.body.messages)).not.to.contain(text);
});

Then('CLI 模型收到的第 {int} 次请求中应有摘要 {string}', async function (this: SynapseWorld, n: number, summary: string) {
  const messages = (await cli(this).model()).received[n - 1]?.body.messages ?? [];
  expect(messages.map((message) => message.content)).to.include(`[Compressed History]\n\n${summary}`);
});
