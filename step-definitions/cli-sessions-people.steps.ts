import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { SessionStore } from '../src';
import { CliContext } from './support/cli-context';
import type { SynapseWorld } from './support/world';

const cli = (world: SynapseWorld) => world.use(CliContext);

Given('CLI 记下会话 {string} 的最后 8 位为 {string}', async function (this: SynapseWorld, ref: string, name: string) {
  const [id] = await cli(this).parseArgs(ref);
  cli(this).saved.set(name, id!.slice(-8));
});

When('CLI 在会话目录只读时运行 synapse {string}', async function (this: SynapseWorld, commandLine: string) {
  // A read-only mount: even root cannot write there (a chmod would not stop root).
  const sessions = await cli(this).dir('sessions');
  await cli(this).run(commandLine, { wrapper: ['bwrap', '--bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--ro-bind', sessions, sessions, '--'] });
});

When('CLI 以二进制标准输入运行 synapse {string}', async function (this: SynapseWorld, commandLine: string) {
  await cli(this).run(commandLine, { stdin: Buffer.from([0x00, 0x01, 0xfe, 0xff]) });
});

Then('CLI 汇总行与这个会话的 sessions stats 应该数出同样的模型调用和 token', async function (this: SynapseWorld) {
  const summary = /(\d+) model calls? · ([\d,]+) tokens in \/ ([\d,]+) out/.exec(cli(this).result.stderr);
  expect(summary, cli(this).describe()).to.not.equal(null);
  const [, calls, input, output] = summary!.map((value) => Number(value.replace(/,/g, '')));
  const stats = await cli(this).run('sessions stats latest --json --sessions-dir <sessions>');
  const { usage } = JSON.parse(stats.stdout) as { usage: { total: { prompt_tokens: number; completion_tokens: number }; rounds: number } };
  expect({ calls, input, output }).to.deep.equal({ calls: usage.rounds, input: usage.total.prompt_tokens, output: usage.total.completion_tokens });
  expect(usage.rounds, 'sub-agents made model calls of their own').to.be.greaterThan(2);
});

Then('CLI 会话目录中唯一的会话应该只有用户的话 {string} 和一条中断说明 {string}', async function (this: SynapseWorld, words: string, note: string) {
  const store = new SessionStore(await cli(this).dir('sessions'));
  const [only, ...others] = await store.list();
  expect(others, 'one session').to.deep.equal([]);
  const session = await store.open(only!.id);
  expect(session.messages.map((message) => message.role)).to.deep.equal(['user', 'user']);
  expect(session.messages[0]!.meta?.userText ?? session.messages[0]!.content).to.equal(words);
  expect(session.messages[1]!.content)
    .to.match(/^\[The user interrupted the previous request /)
    .and.to.contain(note);
});
