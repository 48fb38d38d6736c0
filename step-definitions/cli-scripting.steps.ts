import { mkdir, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { SessionStore } from '../src/session';
import { CliContext } from './support/cli-context';
import type { SynapseWorld } from './support/world';

const cli = (world: SynapseWorld) => world.use(CliContext);
const fail = (world: SynapseWorld) => `\n${cli(world).describe()}`;
const received = async (world: SynapseWorld) => (await cli(world).model()).received;
const systemPrompt = async (world: SynapseWorld) => (await received(world))[0]?.body.messages.find((message) => message.role === 'system')?.content ?? '';

When('CLI 以 {int} KiB 的标准输入运行 synapse {string}', async function (this: SynapseWorld, kib: number, commandLine: string) {
  await cli(this).run(commandLine, { stdin: 'x'.repeat(kib * 1024) });
});

Given('CLI 工作目录中有一个 {int} KiB 的文件 {string}', async function (this: SynapseWorld, kib: number, name: string) {
  await writeFile(join(await cli(this).dir('work'), name), `${'instruction line\n'.repeat(Math.ceil((kib * 1024) / 17))}`.slice(0, kib * 1024));
});

Given(/^CLI 工作目录中的 "(.+)" (是一个目录|是指向自己的符号链接)$/, async function (this: SynapseWorld, name: string, kind: string) {
  const path = join(await cli(this).dir('work'), name);
  if (kind === '是一个目录') await mkdir(path);
  else await symlink(name, path);
});

When('CLI 删除会话 {string} 的 index.json', async function (this: SynapseWorld, id: string) {
  const [sessionId] = await cli(this).parseArgs(id);
  await rm(join(await cli(this).dir('sessions'), sessionId!, 'index.json'));
});

Then('CLI 模型收到的首条 user 消息应该是:', async function (this: SynapseWorld, text: string) {
  const first = (await received(this))[0]?.body.messages.find((message) => message.role === 'user');
  expect(first?.content, fail(this)).to.equal(text);
});

Then('CLI 模型收到的消息都不应该带有 synapse 自己的 meta 字段', async function (this: SynapseWorld) {
  const messages = (await received(this)).flatMap((request) => request.body.messages);
  expect(messages.length, fail(this)).to.be.greaterThan(0);
  for (const message of messages) expect(message, fail(this)).not.to.have.property('meta');
});

Then('CLI 会话目录中应该只有 {int} 个会话', async function (this: SynapseWorld, count: number) {
  expect(await readdir(await cli(this).dir('sessions'))).to.have.length(count);
});

Then('CLI 会话目录中最近的会话标题应该是 {string}', async function (this: SynapseWorld, title: string) {
  const [latest] = await new SessionStore(await cli(this).dir('sessions')).list();
  expect(latest?.title, fail(this)).to.equal(title);
});

Then('CLI 标准错误应该是空的', function (this: SynapseWorld) {
  expect(cli(this).result.stderr, fail(this)).to.equal('');
});

Then('CLI 标准错误的最后一行应该是汇总 {string} 加上用时', function (this: SynapseWorld, figures: string) {
  const last = cli(this).result.stderr.trimEnd().split('\n').at(-1)!;
  expect(last, fail(this)).to.match(new RegExp(`^${figures.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} · \\d+\\.\\ds$`));
});

Then(
  'CLI JSON 结果的汇总应该是 {int} 次模型调用、{int} 次工具调用、输入 {int} 输出 {int} 个 token',
  function (this: SynapseWorld, modelCalls: number, toolCalls: number, inputTokens: number, outputTokens: number) {
    const result = cli(this).jsonLines.at(-1)!;
    expect(result.type, fail(this)).to.equal('result');
    expect(result.summary, fail(this)).to.deep.include({ modelCalls, toolCalls, inputTokens, outputTokens });
    expect(result.summary.durationMs, fail(this)).to.be.a('number').and.at.least(0);
    expect(result.usage, fail(this)).to.deep.equal({ prompt_tokens: inputTokens, completion_tokens: outputTokens, total_tokens: inputTokens + outputTokens });
  },
);

Then('CLI 模型收到的系统提示应该包含 {string}', async function (this: SynapseWorld, text: string) {
  expect(await systemPrompt(this), fail(this)).to.include(text);
});

Then('CLI 模型收到的系统提示应该以 {string} 结尾', async function (this: SynapseWorld, text: string) {
  expect(await systemPrompt(this), fail(this)).to.match(new RegExp(`${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
});

Then('CLI 模型收到的系统提示应该是 {string}', async function (this: SynapseWorld, text: string) {
  expect(await systemPrompt(this), fail(this)).to.equal(text);
});

Then('CLI 会话 {string} 的首条消息应该保存用户的话 {string} 并标出注入的 {string}', async function (this: SynapseWorld, id: string, words: string, injected: string) {
  const [sessionId] = await cli(this).parseArgs(id);
  const session = await new SessionStore(await cli(this).dir('sessions')).open(sessionId!);
  const [first] = session.messages;
  expect(first?.content, 'the model read the block and the request').to.include('Skill Search Priority').and.include(words);
  expect(first?.meta).to.deep.equal({ userText: words, injected: [injected] });
  expect(session.title).to.equal(words);
});
