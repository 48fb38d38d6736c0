import { readdir, readFile } from 'node:fs/promises';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { messagesTokens } from '../src';
import { countTokens } from '../src/session';
import type { ChatCompletionRequest } from '../src/testing';
import { longConversation } from './support/context-context';
import { RunnerContext } from './support/runner-context';
import type { SynapseWorld } from './support/world';

const runner = (world: SynapseWorld) => world.use(RunnerContext);
const SUMMARY_REQUEST = 'Summarize the conversation transcript';
const WORDS = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima';

/** A shell command printing about `words` words of log lines tagged `log-<n>` (real output, made by the tool). */
function logCommand(n: number, words: number): string {
  return `seq -f 'log-${n} line %g ${WORDS}' 1 ${Math.ceil(words / 15)}`;
}

/** The tokens a request takes (messages, system prompt included, and tool definitions), counted as the runner counts them. */
function requestTokens(request: ChatCompletionRequest): number {
  return messagesTokens(request.messages) + (request.tools ? countTokens(JSON.stringify(request.tools)) : 0);
}

function isSummaryRequest(request: ChatCompletionRequest): boolean {
  return request.messages.find((message) => message.role === 'user')?.content?.startsWith(SUMMARY_REQUEST) ?? false;
}

// --- Arranging the model ------------------------------------------------------------------------------------

Given('Runner 的上下文窗口为 {int} token', async function (this: SynapseWorld, tokens: number) {
  const r = runner(this);
  await r.sessionsDir();
  r.options.contextWindow = tokens;
  r.options.context = { compactRetryDelayMs: 0, ...r.options.context };
});

Given('模型依次用 Bash 读 {int} 个各约 {int} 词的日志，每次先说约 {int} 词，然后回答 {string}', function (this: SynapseWorld, count: number, words: number, said: number, answer: string) {
  for (let n = 1; n <= count; n++) {
    this.llm.reply({
      when: runner(this).input,
      content: `Reading log ${n}: ${WORDS.repeat(Math.ceil(said / 12))}`,
      toolCalls: [{ id: `call_log_${n}`, name: 'Bash', arguments: { command: logCommand(n, words) } }],
    });
  }
  runner(this).reply(answer);
});

Given('写摘要的请求总是得到摘要 {string}', function (this: SynapseWorld, summary: string) {
  this.llm.standingReply({ when: SUMMARY_REQUEST, content: summary });
});

Given('写摘要的请求会得到摘要 {string}', function (this: SynapseWorld, summary: string) {
  this.llm.reply({ when: SUMMARY_REQUEST, content: summary });
});

Given('写摘要的请求会以 HTTP {int} {string} 失败一次', function (this: SynapseWorld, status: number, message: string) {
  this.llm.reply({ when: SUMMARY_REQUEST, error: { status, message } });
});

Given('写摘要的请求都以 HTTP {int} {string} 失败', function (this: SynapseWorld, status: number, message: string) {
  // One first attempt and the default two retries.
  for (let i = 0; i < 3; i++) this.llm.reply({ when: SUMMARY_REQUEST, error: { status, message } });
});

Given('会话里已有一段读过 {int} 个各约 {int} 词日志的对话', async function (this: SynapseWorld, count: number, words: number) {
  await runner(this).resumeSessionWith(longConversation(count, words));
});

Given('模型会以 HTTP {int} {string} 拒绝下一个请求', function (this: SynapseWorld, status: number, message: string) {
  this.llm.reply({ error: { status, message } });
});

Given('模型会以 HTTP {int} {string} 拒绝下一个请求，错误码 {string}', function (this: SynapseWorld, status: number, message: string, code: string) {
  this.llm.reply({ error: { status, message, code } });
});

Given('子代理收到 {string} 后依次用 Bash 读 {int} 个各约 {int} 词的日志，然后回复 {string}', function (this: SynapseWorld, prompt: string, count: number, words: number, text: string) {
  for (let n = 1; n <= count; n++) runner(this).subAgentReply(prompt, { toolCalls: [{ id: `call_sub_${n}`, name: 'Bash', arguments: { command: logCommand(n, words) } }] });
  runner(this).subAgentReply(prompt, { content: text });
});

Given('模型先派出子代理 {string}，然后回复 {string}', function (this: SynapseWorld, prompt: string, text: string) {
  runner(this).reply([`task:general --prompt "${prompt}" --description "read the logs"`]);
  runner(this).reply(text);
});

// --- Outcomes ----------------------------------------------------------------------------------------------

Then('模型收到的每个请求都不超过 {int} 个 token', function (this: SynapseWorld, limit: number) {
  const sizes = this.llm.requests.map(requestTokens);
  expect(sizes.length).to.be.greaterThan(1);
  expect(Math.max(...sizes), `request sizes: ${sizes.join(', ')}`).to.be.at.most(limit);
});

Then('Runner 应报告过卸载与压缩，压缩后的 token 数都比压缩前少', function (this: SynapseWorld) {
  const r = runner(this);
  expect(r.of('context_offloaded').length).to.be.greaterThan(0);
  const compactions = r.of('context_compacted');
  expect(compactions.length).to.be.greaterThan(0);
  for (const event of compactions) expect(event.tokensAfter).to.be.lessThan(event.tokensBefore);
  expect(this.llm.requests.filter(isSummaryRequest)).to.have.length(compactions.length);
});

Then('会话的完整记录应包含全部 {int} 个日志的原文', async function (this: SynapseWorld, count: number) {
  const results = (await runner(this).transcript()).filter((message) => message.role === 'tool').map((message) => message.content ?? '');
  for (let n = 1; n <= count; n++) {
    const lines = results
      .find((content) => content.startsWith(`log-${n} line 1 `))
      ?.trim()
      .split('\n');
    expect(lines, `log ${n}`).to.be.an('array');
    expect(lines!.at(-1)).to.match(new RegExp(`^log-${n} line \\d+ ${WORDS}$`));
  }
});

Then('模型应依次收到对话请求{}', function (this: SynapseWorld, rest: string) {
  const expected = ['对话请求', ...rest.split('、').filter(Boolean)];
  expect(this.llm.requests.map((request) => (isSummaryRequest(request) ? '摘要请求' : '对话请求'))).to.deep.equal(expected);
});

Then('重试的请求应比被拒的请求小，且不超过 {int} 个 token', function (this: SynapseWorld, limit: number) {
  const [refused, , retried] = this.llm.requests;
  expect(requestTokens(retried!)).to.be.lessThan(requestTokens(refused!)).and.at.most(limit);
  expect(retried!.messages).not.to.deep.equal(refused!.messages);
});

Then('Runner 应报告一次原因为 {string} 的压缩', function (this: SynapseWorld, reason: string) {
  expect(
    runner(this)
      .of('context_compacted')
      .map((event) => event.reason),
  ).to.deep.equal([reason]);
});

Then('会话的历史应与运行前相同', async function (this: SynapseWorld) {
  expect(await runner(this).persistedHistory()).to.deep.equal(runner(this).seeded);
  expect(runner(this).of('context_compacted')).to.have.length(0);
});

Then('子代理的卸载目录在任务结束后应已删除', async function (this: SynapseWorld) {
  const r = runner(this);
  // The sub-agent did offload (its later requests carry references), into a directory below the parent's.
  const subAgentRequests = this.llm.requests.filter((request) => request.messages.some((message) => message.role === 'user' && message.content === 'read the logs'));
  expect(subAgentRequests.some((request) => request.messages.some((message) => message.role === 'tool' && message.content?.startsWith('Tool result is at: ')))).to.equal(true);
  const offloadDir = `${await r.sessionsDir()}/${(await r.runner()).getSessionId()}/offload`;
  expect((await readdir(offloadDir).catch(() => [])).filter((name) => name.startsWith('task-'))).to.deep.equal([]);
});

Then('模型最后收到的工具结果应是一个卸载引用，文件里是完整的日志', async function (this: SynapseWorld) {
  const result = this.llm.requests.at(-1)!.messages.findLast((message) => message.role === 'tool')!;
  const path = /^Tool result is at: (\S+)$/.exec(result.content ?? '')?.[1];
  expect(path, String(result.content)).to.be.a('string');
  const lines = (await readFile(path!, 'utf8')).trim().split('\n');
  expect(lines[0]).to.match(/^log-1 line 1 /);
  expect(lines.at(-1)).to.match(/^log-1 line 200 /);
});

When('以一条约 {int} 词的输入执行一次运行', async function (this: SynapseWorld, words: number) {
  await runner(this)
    .run(`Please review this: ${WORDS.repeat(Math.ceil(words / 12))}`)
    .catch(() => undefined);
});

Then('运行应以包含 {string} 与 {string} 的错误失败', function (this: SynapseWorld, first: string, second: string) {
  const error = runner(this).error as Error;
  expect(error?.name).to.equal('ContextWindowError');
  expect(error.message).to.contain(first).and.contain(second);
});

Given('写摘要的请求失败后要等 {int} 秒再试', function (this: SynapseWorld, seconds: number) {
  runner(this).options.context = { ...runner(this).options.context, compactRetryDelayMs: seconds * 1000 };
});

When('执行一次运行，在第一次写摘要失败后中止它', async function (this: SynapseWorld) {
  const r = runner(this);
  const controller = new AbortController();
  r.onEvent = (event) => {
    // Once the wait for the retry has begun.
    if (event.type === 'warning' && event.message.startsWith('summary attempt 1 of 3 failed')) setImmediate(() => controller.abort());
  };
  const started = performance.now();
  await r.run(r.input, controller.signal).catch(() => undefined);
  // Generous: the retry was a minute away; the abort ends the wait at once, and no retry is sent.
  expect(performance.now() - started).to.be.lessThan(20_000);
  expect(this.llm.requests).to.have.length(2);
});
