import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { ChatContext } from './support/chat-context';
import type { SynapseWorld } from './support/world';

// part02 through the command layer: input handling while idle and while a turn runs, /resume and Ctrl-C.

const chat = (world: SynapseWorld) => world.use(ChatContext);
const WAITING_COMMAND = 'while [ ! -f release.flag ]; do sleep 0.05; done; echo released';

class InputScenario {
  /** Terminal calls before the When step. */
  callsBefore = 0;
  sessionBefore: string | null = null;
  /** Sessions arranged by the Given steps. */
  readonly sessions: Record<string, string> = {};
}
const scenarios = new WeakMap<SynapseWorld, InputScenario>();
const scenario = (world: SynapseWorld) => {
  if (!scenarios.has(world)) scenarios.set(world, new InputScenario());
  return scenarios.get(world)!;
};

async function enter(world: SynapseWorld, line: string): Promise<void> {
  const c = chat(world);
  scenario(world).callsBefore = c.calls.length;
  scenario(world).sessionBefore = (await c.chat()).sessionId;
  chat(world).lastOutput = await c.enter(line);
}

const userMessage = (text: string) => ({ role: 'user' as const, content: text });
const assistantMessage = (text: string) => ({ role: 'assistant' as const, content: text });

// --- REPL 输入处理 ----------------------------------------------------------------------------------

Given('已进入 REPL 且当前未处理请求', async function (this: SynapseWorld) {
  await chat(this).controller();
});

Given(/^`state\.isProcessing=true` 且(当前轮次仍在执行|存在活动 turn|当前有活动任务)$/, async function (this: SynapseWorld, state: string) {
  this.llm.reply({ toolCalls: [{ name: 'Bash', arguments: { command: WAITING_COMMAND } }] });
  // A turn left to finish gets its answer; one that is interrupted never asks for it.
  if (state === '当前轮次仍在执行') this.llm.reply({ content: 'All done.' });
  const c = chat(this);
  await c.start('Please wait for the flag');
  await c.until(() => c.events.some((event) => event.type === 'tool_call_started'), 'the tool to start');
});

Given('`state.isProcessing=false`', async function (this: SynapseWorld) {
  await chat(this).controller();
});

When('用户输入空行', async function (this: SynapseWorld) {
  await enter(this, '');
});

When(/^用户输入 `(!|\/exit)`$/, async function (this: SynapseWorld, line: string) {
  await enter(this, line);
});

When('用户输入普通文本 `hello`', async function (this: SynapseWorld) {
  await enter(this, 'hello');
});

Then('应仅重新显示提示符', function (this: SynapseWorld) {
  expect(chat(this).calls.slice(scenario(this).callsBefore)).to.deep.equal([{ kind: 'prompt', answering: false }]);
});

Then('不应触发 Agent 对话执行', function (this: SynapseWorld) {
  expect(this.llm.requests).to.have.length(0);
  expect(chat(this).outcomes).to.deep.equal([]);
});

Then('会话应继续可输入', function (this: SynapseWorld) {
  expect(chat(this).calls.at(-1)).to.deep.equal({ kind: 'prompt', answering: false });
  expect(chat(this).count('end')).to.equal(0);
});

Then('该输入不应进入新一轮处理', async function (this: SynapseWorld) {
  expect(chat(this).lastOutput!).to.contain('that line was not sent');
  expect((await chat(this).controller()).isProcessing).to.equal(true);
  expect(this.llm.requests).to.have.length(1);
});

Then('当前轮次执行不应被打断', async function (this: SynapseWorld) {
  const c = chat(this);
  await writeFile(join(await c.cwd(), 'release.flag'), '');
  await c.turn;
  expect(c.outcomes).to.deep.equal([{ kind: 'message', status: 'done' }]);
  expect(this.llm.requests).to.have.length(2);
  expect(JSON.stringify(this.llm.requests.flatMap((request) => request.messages))).to.not.contain('"hello"');
});

Then('应先中断当前 turn（触发 abort）', function (this: SynapseWorld) {
  const c = chat(this);
  expect(c.interruptCalls).to.equal(1);
  expect(c.outcomes).to.have.length(1);
  expect(c.outcomes[0]).to.include({ kind: 'message', status: 'interrupted' });
});

Then('然后执行退出流程', function (this: SynapseWorld) {
  const c = chat(this);
  expect(c.calls.slice(-2)).to.deep.equal([{ kind: 'print', text: 'Goodbye!' }, { kind: 'end' }]);
});

// --- /resume ------------------------------------------------------------------------------------------

Given('会话列表按更新时间降序，包含当前会话与 `messageCount={int}` 会话', async function (this: SynapseWorld, _count: number) {
  const c = chat(this);
  const s = scenario(this);
  s.sessions.previous = await c.saveSession({ messages: [userMessage('an earlier question'), assistantMessage('an earlier answer')] });
  s.sessions.empty = await c.saveSession();
  s.sessions.current = await c.saveSession({ messages: [userMessage('the current question'), assistantMessage('the current answer')] });
  c.startSessionId = s.sessions.current;
});

Given('过滤后可恢复会话列表为空', async function (this: SynapseWorld) {
  const c = chat(this);
  await c.saveSession(); // empty
  await c.saveSession({ messages: [userMessage('elsewhere'), assistantMessage('yes')], cwd: '/somewhere/else' });
  c.startSessionId = await c.saveSession({ messages: [userMessage('the current question'), assistantMessage('the current answer')] });
});

Given(/^存在(至少一条可恢复会话|可恢复会话且进入交互选择)$/, async function (this: SynapseWorld, which: string) {
  const c = chat(this);
  scenario(this).sessions.older = await c.saveSession({ messages: [userMessage('the older question'), assistantMessage('ok')] });
  scenario(this).sessions.first = await c.saveSession({ messages: [userMessage('the latest question'), assistantMessage('ok')] });
  if (which.includes('交互选择')) {
    await c.start('/resume');
    await c.until(() => c.calls.at(-1)?.kind === 'prompt' && (c.calls.at(-1) as { answering: boolean }).answering, 'the /resume question');
    scenario(this).sessionBefore = (await c.chat()).sessionId;
  }
});

Given('列表中存在会话 ID 以 `session-abc` 开头', async function (this: SynapseWorld) {
  scenario(this).sessions.abc = await chat(this).saveSession({ id: 'session-abc-0001', messages: [userMessage('abc'), assistantMessage('ok')] });
});

Given('指定的会话 ID 不存在', async function (this: SynapseWorld) {
  await chat(this).controller();
});

Given('输入的会话 ID 与当前会话相同', async function (this: SynapseWorld) {
  const c = chat(this);
  c.startSessionId = await c.saveSession({ messages: [userMessage('the current question'), assistantMessage('ok')] });
  scenario(this).sessions.current = c.startSessionId;
  await c.controller();
  c.storeLookups = 0;
});

Given('当前上下文未提供 `onResumeSession` 选项', async function (this: SynapseWorld) {
  chat(this).resumeAvailable = false;
  await chat(this).saveSession({ messages: [userMessage('a question'), assistantMessage('ok')] });
});

When(/^输入 `(\/resume(?: [\w-]+)?)`$/, async function (this: SynapseWorld, line: string) {
  await enter(this, line);
});

When('执行 `\\/resume <current-id>`', async function (this: SynapseWorld) {
  await enter(this, `/resume ${scenario(this).sessions.current}`);
});

When('输入 `\\/resume` 并在交互问题中输入 `{int}`', async function (this: SynapseWorld, choice: number) {
  const c = chat(this);
  scenario(this).callsBefore = c.calls.length;
  await c.start('/resume');
  await c.until(() => c.calls.at(-1)?.kind === 'prompt' && (c.calls.at(-1) as { answering: boolean }).answering, 'the /resume question');
  await c.enter(String(choice));
  await c.turn;
  chat(this).lastOutput = c.printedSince(scenario(this).callsBefore);
});

When('用户直接回车不输入内容', async function (this: SynapseWorld) {
  const c = chat(this);
  const from = c.calls.length;
  await c.enter('');
  await c.turn;
  chat(this).lastOutput = c.printedSince(from);
});

When('输入不存在的序号或无匹配 ID', async function (this: SynapseWorld) {
  const c = chat(this);
  const from = c.calls.length;
  await c.enter('7');
  await c.turn;
  chat(this).lastOutput = c.printedSince(from);
});

Then('应恢复“最近的上一条非空且非当前会话”', async function (this: SynapseWorld) {
  expect((await chat(this).chat()).sessionId).to.equal(scenario(this).sessions.previous);
  expect(chat(this).lastOutput!).to.match(/^Resuming session session-\S+: 2 message\(s\)/);
});

Then(/^(?:回调收到该会话 ID|应直接触发恢复回调)$/, async function (this: SynapseWorld) {
  expect(chat(this).resumed).to.deep.equal([(await chat(this).chat()).sessionId]);
});

Then('提示应改用 `--latest`', function (this: SynapseWorld) {
  expect(chat(this).lastOutput!).to.contain('Use /resume --latest');
  expect(chat(this).resumed).to.deep.equal([]);
});

Then('应恢复列表第 {int} 条会话', async function (this: SynapseWorld, position: number) {
  expect(position).to.equal(1);
  expect((await chat(this).chat()).sessionId).to.equal(scenario(this).sessions.first);
  expect(chat(this).lastOutput!).to.match(/ 1\. \S+ .* the latest question/);
});

Then('输出包含 `Resuming session`', function (this: SynapseWorld) {
  expect(chat(this).lastOutput!).to.contain(`Resuming session ${scenario(this).sessions.first}`);
});

Then('不应触发恢复回调', function (this: SynapseWorld) {
  expect(chat(this).resumed).to.deep.equal([]);
});

Then('会话不应切换', async function (this: SynapseWorld) {
  expect((await chat(this).chat()).sessionId).to.equal(scenario(this).sessionBefore);
  expect(chat(this).resumed).to.deep.equal([]);
});

Then('应匹配并恢复该会话', async function (this: SynapseWorld) {
  expect((await chat(this).chat()).sessionId).to.equal(scenario(this).sessions.abc);
  expect(chat(this).resumed).to.deep.equal([scenario(this).sessions.abc]);
});

Then('不应额外调用 `Session.find`', function (this: SynapseWorld) {
  expect(chat(this).storeLookups).to.equal(0);
  expect(chat(this).lastOutput!).to.contain('(the one already open)');
});

// --- 中断与退出 ---------------------------------------------------------------------------------------

When('触发 `handleSigint`', async function (this: SynapseWorld) {
  scenario(this).callsBefore = chat(this).calls.length;
  (await chat(this).controller()).handleSigint();
});

Then('应调用 `interruptCurrentTurn\\()`', async function (this: SynapseWorld) {
  const c = chat(this);
  expect(c.interruptCalls).to.equal(1);
  await c.turn;
  expect(c.outcomes).to.have.length(1);
  expect(c.outcomes[0]).to.include({ kind: 'message', status: 'interrupted' });
  const finished = c.events.find((event) => event.type === 'tool_call_finished');
  expect(finished && finished.type === 'tool_call_finished' && finished.result.extras?.exitCode).to.equal(130);
});

Then('状态应变为 `isProcessing=false`', async function (this: SynapseWorld) {
  expect((await chat(this).controller()).isProcessing).to.equal(false);
});

Then('应重新显示提示符', function (this: SynapseWorld) {
  expect(chat(this).calls.at(-1)).to.deep.equal({ kind: 'prompt', answering: false });
  expect(chat(this).count('end')).to.equal(0);
});

Then('应调用 `clearCurrentInput\\()`', function (this: SynapseWorld) {
  expect(
    chat(this)
      .calls.slice(scenario(this).callsBefore)
      .map((call) => call.kind),
  ).to.deep.equal(['clearInput', 'prompt']);
});

Then('不应调用 `interruptCurrentTurn\\()`', function (this: SynapseWorld) {
  expect(chat(this).interruptCalls).to.equal(0);
});

When('输入 `\\/exit`', async function (this: SynapseWorld) {
  await enter(this, '/exit');
});

Then('Readline 应关闭', function (this: SynapseWorld) {
  expect(chat(this).calls.at(-1)).to.deep.equal({ kind: 'end' });
});
