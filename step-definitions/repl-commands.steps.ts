import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { ChatContext } from './support/chat-context';
import { filler } from './support/context-context';
import type { SynapseWorld } from './support/world';

// features/repl-commands.feature: the command layer's own behaviour (no terminal).

const chat = (world: SynapseWorld) => world.use(ChatContext);
const remembered = new WeakMap<SynapseWorld, string>();
const approvals = new WeakMap<SynapseWorld, string>();

Given('会话目录里有两个以 {string} 开头的会话', async function (this: SynapseWorld, prefix: string) {
  for (const suffix of ['a', 'b']) await chat(this).saveSession({ id: `${prefix}-${suffix}`, messages: [{ role: 'user', content: suffix }] });
});

When('在聊天里输入 {string}', async function (this: SynapseWorld, line: string) {
  chat(this).lastOutput = await chat(this).enter(line);
});

When('记下聊天当前的会话', async function (this: SynapseWorld) {
  remembered.set(this, (await chat(this).chat()).sessionId!);
});

When('在聊天里输入记下的会话的短 id 作为 {string} 的参数', async function (this: SynapseWorld, command: string) {
  chat(this).lastOutput = await chat(this).enter(`${command} ${remembered.get(this)!.slice(-8)}`);
});

When('审批问题得到回答 {string}', async function (this: SynapseWorld, answer: string) {
  const c = chat(this);
  const controller = await c.controller();
  const decision = controller.approve({ command: 'touch x', rule: 'ask rule "touch *"', cwd: await c.cwd() });
  await c.until(() => c.calls.at(-1)?.kind === 'prompt', 'the question');
  await controller.submit(answer);
  approvals.set(this, await decision);
});

Then('聊天应该显示 {string}', function (this: SynapseWorld, text: string) {
  expect(chat(this).lastOutput).to.contain(text);
});

Then('聊天显示的最后一行应该是 {string}', function (this: SynapseWorld, line: string) {
  expect(chat(this).lastOutput?.split('\n').at(-1)).to.equal(line);
});

Then('聊天应该显示记下的会话的短 id', function (this: SynapseWorld) {
  expect(chat(this).lastOutput).to.contain(remembered.get(this)!.slice(-8));
});

Then('聊天当前的会话应该是记下的那个', async function (this: SynapseWorld) {
  expect((await chat(this).chat()).sessionId).to.equal(remembered.get(this));
});

Then('聊天应该清过屏并显示 {string}', function (this: SynapseWorld, text: string) {
  expect(chat(this).count('clearScreen')).to.equal(1);
  expect(chat(this).lastOutput).to.contain(text);
});

Then('模型收到的请求里应该有用户运行的命令 {string} 和它的输出 {string}', function (this: SynapseWorld, command: string, output: string) {
  const messages = this.llm.requests[0]!.messages.map((message) => String(message.content));
  const note = messages.find((content) => content.includes('<user-shell-command>'));
  expect(note).to.contain(`<user-shell-command>${command}</user-shell-command>`);
  expect(note).to.contain(output);
  expect(note).to.contain('status="exit code 0"');
});

Then('模型收到的第 {int} 次请求应该用模型 {string} 并带着第一轮的回答 {string}', function (this: SynapseWorld, n: number, model: string, answer: string) {
  const request = this.llm.requests[n - 1]!;
  expect(request.model).to.equal(model);
  expect(request.messages.map((message) => message.content)).to.include(answer);
});

Then('审批的结果应该是 {string}', function (this: SynapseWorld, expected: string) {
  expect(approvals.get(this)).to.equal(expected);
});

Given('模型会依次回复 {int} 个各 {int} 词的回答', function (this: SynapseWorld, count: number, words: number) {
  for (let i = 1; i <= count; i++) this.llm.reply({ content: filler(words, `answer ${i}`) });
});

When('在聊天里依次输入 {int} 个问题', async function (this: SynapseWorld, count: number) {
  for (let i = 1; i <= count; i++) chat(this).lastOutput = await chat(this).enter(`question ${i}`);
});

Then('聊天应该显示压缩前后的 token 数，压缩后更少', function (this: SynapseWorld) {
  const [, before, after] = /Compacted: ([\d,]+) -> ([\d,]+) tokens\./.exec(chat(this).lastOutput ?? '') ?? [];
  expect(before, chat(this).lastOutput).to.be.a('string');
  expect(Number(after!.replaceAll(',', ''))).to.be.lessThan(Number(before!.replaceAll(',', '')));
});

Then('模型收到的最后一个请求应该带着摘要 {string} 而没有第 {int} 个回答', function (this: SynapseWorld, summary: string, n: number) {
  const contents = this.llm.requests.at(-1)!.messages.map((message) => String(message.content));
  expect(contents.some((content) => content.startsWith('[Compressed History]') && content.includes(summary))).to.equal(true);
  expect(contents.some((content) => content.includes(`[answer ${n}]`))).to.equal(false);
});
