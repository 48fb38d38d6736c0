import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { BashRouter, BashTool, SessionStore, type ChatMessage, type Tool } from '../src';
import { MISSING_RESULT_TEXT } from '../src/session/sanitize-history';
import { referenceHistoryTokens } from './support/reference-tokenizer';
import { RunnerContext } from './support/runner-context';
import type { SynapseWorld } from './support/world';

const ctx = (world: SynapseWorld) => world.use(RunnerContext);
const danglingToolCalls = (history: ChatMessage[]) => {
  const answered = new Set(history.filter((m) => m.role === 'tool').map((m) => m.tool_call_id));
  return history.flatMap((m) => m.tool_calls ?? []).filter((call) => !answered.has(call.id));
};
// --- 中断与恢复 ---------------------------------------------------------------------------------------

Given('当前轮 assistant 已产出 toolCalls 且 tool result 尚未全部返回', async function (this: SynapseWorld) {
  const c = ctx(this);
  await c.sessionsDir();
  c.reply(['echo first', c.sleepCommand]);
});

Given('上一轮在工具执行中被中断', async function (this: SynapseWorld) {
  const c = ctx(this);
  await c.sessionsDir();
  c.reply(['echo first', c.sleepCommand]);
  // Aborted only once the sleep is running (it waits for that), so the round is cut mid-tool.
  await c.runAndAbortWhenToolStarts(c.sleepCommand);
});

When('外部 `AbortSignal` 在 `toolResults\\(\\)` 阶段触发中断', async function (this: SynapseWorld) {
  await ctx(this).runAndAbortWhenToolStarts(ctx(this).sleepCommand);
});

Then('本轮悬空 assistant toolCalls 不应被落盘', async function (this: SynapseWorld) {
  const persisted = await ctx(this).persistedHistory();
  expect(persisted.filter((m) => m.tool_calls || m.role === 'tool')).to.deep.equal([]);
});

Then('历史应仅保留已确认的消息', async function (this: SynapseWorld) {
  const c = ctx(this);
  const persisted = await c.persistedHistory();
  expect(persisted.map((m) => m.role)).to.deep.equal(['user']);
  expect(persisted[0].content).to.contain(c.input);
  expect(await c.history()).to.deep.equal(persisted);
});

Given('某工具返回 `CancelablePromise`', async function (this: SynapseWorld) {
  const c = ctx(this);
  const bash = new BashTool(new BashRouter({ cwd: await this.tempDir() }));
  c.cancelCalls = 0;
  const recording: Tool<{ command: string }> = {
    name: bash.name,
    definition: bash.definition,
    execute(args, options) {
      const promise = bash.execute(args, options);
      const cancel = promise.cancel.bind(promise);
      return Object.assign(promise, {
        cancel: () => {
          c.cancelCalls++;
          cancel();
        },
      });
    },
  };
  c.options.toolset = [recording];
  this.onCleanup(() => bash.router.close());
  c.reply([c.sleepCommand]);
});

When('本轮执行被 Abort 终止', async function (this: SynapseWorld) {
  await ctx(this).runAndAbortWhenToolStarts(ctx(this).sleepCommand);
});

Then('该工具 promise 的 `cancel\\(\\)` 应被调用', async function (this: SynapseWorld) {
  expect(ctx(this).cancelCalls).to.be.at.least(1);
  await ctx(this).waitUntilSleepIsGone();
});

Then('返回错误应为中断语义（AbortError）', function (this: SynapseWorld) {
  expect(ctx(this).error).to.be.instanceOf(Error).with.property('name', 'AbortError');
});

When('用户再次发起新输入', async function (this: SynapseWorld) {
  const c = ctx(this);
  c.reply('Recovered and finished.');
  await c.run('Try again, please.');
});

Then('新一轮应可正常完成', function (this: SynapseWorld) {
  expect(ctx(this).result).to.equal('Recovered and finished.');
});

Then('历史中不应存在悬空 assistant toolCalls', async function (this: SynapseWorld) {
  const c = ctx(this);
  const persisted = (await c.runner()).getSessionId() ? [await c.persistedHistory()] : [];
  for (const history of [await c.history(), ...persisted, this.llm.requests.at(-1)!.messages]) {
    expect(danglingToolCalls(history)).to.deep.equal([]);
  }
});

// --- Todo 未完成任务约束 ------------------------------------------------------------------------------

Given('当前轮无工具调用', function (this: SynapseWorld) {
  ctx(this).reply('I think I am done.');
});

Given('`todoStore` 中仍有 `pending\\/in_progress` 项', async function (this: SynapseWorld) {
  const c = ctx(this);
  (await c.runner()).todoStore.update([
    { content: 'Write the report', activeForm: 'Writing the report', status: 'in_progress' },
    { content: 'Send the report', activeForm: 'Sending the report', status: 'pending' },
  ]);
  const allDone = JSON.stringify({
    todos: [
      { content: 'Write the report', activeForm: 'Writing the report', status: 'completed' },
      { content: 'Send the report', activeForm: 'Sending the report', status: 'completed' },
    ],
  });
  c.reply([`TodoWrite '${allDone}'`]);
  c.reply('Everything is completed.');
});

Given('`todoStore` 中所有项状态均为 `completed`', async function (this: SynapseWorld) {
  (await ctx(this).runner()).todoStore.update([{ content: 'Write the report', activeForm: 'Writing the report', status: 'completed' }]);
});

When('Agent 准备结束本轮', async function (this: SynapseWorld) {
  await ctx(this).run();
});

Then('应自动追加 `[System Reminder]` 用户消息', async function (this: SynapseWorld) {
  const reminders = (await ctx(this).history()).filter((m) => m.role === 'user' && m.content!.startsWith('[System Reminder]'));
  expect(reminders).to.have.length(1);
  expect(reminders[0].content).to.contain('[in_progress] Write the report').and.contain('[pending] Send the report');
});

Then('循环继续执行下一轮而非直接结束', function (this: SynapseWorld) {
  expect(this.llm.requests).to.have.length(3);
  expect(ctx(this).result).to.equal('Everything is completed.');
});

Then('应直接返回 assistant 最终文本', function (this: SynapseWorld) {
  expect(ctx(this).result).to.equal('I think I am done.');
  expect(this.llm.requests).to.have.length(1);
});

Then('不应追加继续执行提醒', async function (this: SynapseWorld) {
  const history = await ctx(this).history();
  expect(history.map((m) => m.role)).to.deep.equal(['user', 'assistant']);
  expect(history.some((m) => m.content?.includes('[System Reminder]'))).to.equal(false);
});

// --- 技能搜索前置指令 ---------------------------------------------------------------------------------

Given(/^`enableSkillSearchInstruction=(true|false)`(?:（默认）)?$/, function (this: SynapseWorld, value: string) {
  // "（默认）": the option is left unset, so the default is what is exercised.
  if (value === 'false') ctx(this).options.enableSkillSearchInstruction = false;
});

When(/^执行 `runner\.run\("(.*)"\)`$/, async function (this: SynapseWorld, input: string) {
  const c = ctx(this);
  c.input = input;
  c.reply('ok');
  await c.run(input);
});

const firstUserMessage = async (world: SynapseWorld) => (await ctx(world).history()).find((m) => m.role === 'user')!.content!;

Then('首条 user 消息应包含 `Skill Search Priority` 指令块', async function (this: SynapseWorld) {
  expect(await firstUserMessage(this)).to.match(/^# Skill Search Priority\n/);
  expect(this.llm.requests[0].messages.find((m) => m.role === 'user')!.content).to.equal(await firstUserMessage(this));
});

Then('指令块后应保留 `Original user request` 原始请求正文', async function (this: SynapseWorld) {
  const text = await firstUserMessage(this);
  expect(text.endsWith(`\n\nOriginal user request:\n${ctx(this).input}`)).to.equal(true);
  expect(text.indexOf('Skill Search Priority')).to.be.lessThan(text.indexOf('Original user request'));
});

Then('首条 user 消息文本应等于原输入', async function (this: SynapseWorld) {
  expect(await firstUserMessage(this)).to.equal('保持原始输入');
});

Then('不应包含技能搜索指令内容', async function (this: SynapseWorld) {
  for (const message of this.llm.requests[0].messages) expect(message.content ?? '').not.to.contain('Skill Search Priority');
});

// --- 会话持久化分支 -----------------------------------------------------------------------------------

Given('创建 `AgentRunner` 时未设置 `session\\/sessionId\\/sessionsDir`', function (this: SynapseWorld) {
  const c = ctx(this);
  delete c.options.session;
  delete c.options.sessionId;
  delete c.options.sessionsDir;
  c.reply('Hello!');
});

When('完成一次 `run`', async function (this: SynapseWorld) {
  expect(await ctx(this).run()).to.equal('Hello!');
});

Then('`getSessionId\\(\\)` 应返回 `null`', async function (this: SynapseWorld) {
  expect((await ctx(this).runner()).getSessionId()).to.equal(null);
});

Then('`getSessionUsage\\(\\)` 应返回 `null`', async function (this: SynapseWorld) {
  expect(await (await ctx(this).runner()).getSessionUsage()).to.equal(null);
});

Given('使用 `sessionsDir=<TEST_DIR>` 创建 `AgentRunner`', async function (this: SynapseWorld) {
  await ctx(this).sessionsDir();
});

When('执行一次 `run\\("Hi"\\)`', async function (this: SynapseWorld) {
  const c = ctx(this);
  c.input = 'Hi';
  c.reply('Hello there!');
  await c.run('Hi');
});

Then('应自动创建 `session-*` 会话', async function (this: SynapseWorld) {
  const c = ctx(this);
  const id = (await c.runner()).getSessionId();
  expect(id).to.match(/^session-\d+-[0-9a-f]{8}$/);
  expect(await c.sessionDirectories()).to.deep.equal([id]);
});

Then('会话 history 中应持久化 `user + assistant` 两条消息', async function (this: SynapseWorld) {
  const persisted = await ctx(this).persistedHistory();
  expect(persisted.map((m) => m.role)).to.deep.equal(['user', 'assistant']);
  expect(persisted[0].content).to.contain('Hi');
  expect(persisted[1].content).to.equal('Hello there!');
});

Given('主会话已完成至少 1 轮并存在 usage', async function (this: SynapseWorld) {
  const c = ctx(this);
  await c.sessionsDir();
  this.llm.reply({ when: c.input, content: 'Done.', usage: { prompt_tokens: 100, completion_tokens: 20 } });
  await c.run();
  c.usageBefore = structuredClone((await (await c.runner()).getSessionUsage())!);
});

When('调用 `recordUsage\\(subAgentUsage, model\\)`', async function (this: SynapseWorld) {
  await (await ctx(this).runner()).recordUsage({ prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 }, 'sub-agent-model');
});

Then('`getSessionUsage\\(\\)` 的 total 字段应累加', async function (this: SynapseWorld) {
  const c = ctx(this);
  expect((await (await c.runner()).getSessionUsage())!.total).to.deep.equal({ prompt_tokens: 107, completion_tokens: 23, total_tokens: 130 });
  await c.restart();
  expect((await (await c.runner()).getSessionUsage())!.total.total_tokens, 'persisted').to.equal(130);
});

Then('`rounds` 数量应增加', async function (this: SynapseWorld) {
  const { rounds } = (await (await ctx(this).runner()).getSessionUsage())!;
  expect(rounds.length).to.equal(ctx(this).usageBefore!.rounds.length + 1);
  expect(rounds.at(-1)).to.deep.include({ model: 'sub-agent-model' });
});

// --- 分段执行顺序 / 连续失败计数例外 ---------------------------------------------------------------------

Given('同一 Runner 连续执行两次普通对话调用', function (this: SynapseWorld) {
  this.llm.reply({ content: 'First answer.' }, { content: 'Second answer.' });
});

When('第二次调用完成', async function (this: SynapseWorld) {
  await ctx(this).run('First question');
  await ctx(this).run('Second question');
});

Then('历史长度应为 4（2 user + 2 assistant）', async function (this: SynapseWorld) {
  expect((await ctx(this).history()).map((m) => m.role)).to.deep.equal(['user', 'assistant', 'user', 'assistant']);
});

Then('先前轮次内容不应被覆盖', async function (this: SynapseWorld) {
  const history = await ctx(this).history();
  expect(history[0].content).to.contain('First question');
  expect(history[1].content).to.equal('First answer.');
  expect(history[2].content).to.equal('Second question');
  expect(history[3].content).to.equal('Second answer.');
});

Given('连续出现两次 `read \\/missing` 的 `execution_error`', function (this: SynapseWorld) {
  const c = ctx(this);
  c.options.maxConsecutiveToolFailures = 2;
  c.reply(['read /missing']);
  c.reply(['read /missing']);
});

Given('后续一轮模型给出可恢复响应', function (this: SynapseWorld) {
  ctx(this).reply('The file is missing; nothing more to do.');
});

When('执行完整循环', async function (this: SynapseWorld) {
  await ctx(this).run();
});

Then('Runner 不应因“连续失败阈值”提前终止', async function (this: SynapseWorld) {
  const c = ctx(this);
  expect(c.result).to.equal('The file is missing; nothing more to do.');
  const failures = c.of('tool_call_finished').map((event) => event.result.extras?.failureCategory);
  expect(failures).to.deep.equal(['execution_error', 'execution_error']);
});

Then('应允许后续轮次继续完成', async function (this: SynapseWorld) {
  expect(this.llm.requests).to.have.length(3);
  for (const message of ctx(this).toolMessages(await ctx(this).history())) expect(message.content).to.contain('File not found: /missing');
});

Given('`maxConsecutiveToolFailures=2` 且连续两轮工具调用失败', function (this: SynapseWorld) {
  const c = ctx(this);
  c.options.maxConsecutiveToolFailures = 2;
  c.reply(['definitely-not-a-command-xyz']);
  c.reply(['read']);
});

Then('响应应包含 `Consecutive tool execution failures` 提示', async function (this: SynapseWorld) {
  const c = ctx(this);
  expect(c.result).to.contain('Consecutive tool execution failures');
  expect((await c.history()).at(-1)).to.deep.equal({ role: 'assistant', content: c.result });
  const categories = c.of('tool_call_finished').map((event) => event.result.extras?.failureCategory);
  expect(categories).to.deep.equal(['command_not_found', 'invalid_usage']);
});

Then('不应继续进入下一轮模型请求', function (this: SynapseWorld) {
  expect(this.llm.requests).to.have.length(2);
});

// --- 会话恢复上下文一致性 -----------------------------------------------------------------------------

const persistedConversation: ChatMessage[] = [
  { role: 'user', content: 'List the files' },
  { role: 'assistant', content: '', tool_calls: [{ id: 'call_ls', type: 'function', function: { name: 'Bash', arguments: '{"command":"ls"}' } }] },
  { role: 'tool', tool_call_id: 'call_ls', content: 'a.txt\nb.txt' },
  { role: 'assistant', content: 'There are two files: a.txt and b.txt.' },
];

Given('会话文件中已存在历史消息', async function (this: SynapseWorld) {
  const c = ctx(this);
  const session = await new SessionStore(await c.sessionsDir()).create();
  await session.append(persistedConversation);
  c.options.sessionId = session.id;
});

Given('持久化历史中存在未闭合的 assistant `toolCalls`', async function (this: SynapseWorld) {
  const c = ctx(this);
  const session = await new SessionStore(await c.sessionsDir()).create();
  await session.append([
    ...persistedConversation,
    { role: 'user', content: 'And now?' },
    { role: 'assistant', content: '', tool_calls: [{ id: 'call_cut', type: 'function', function: { name: 'Bash', arguments: '{"command":"sleep 60"}' } }] },
  ]);
  c.options.sessionId = session.id;
});

When('用 `sessionId` 新建 Runner 且尚未执行新输入', async function (this: SynapseWorld) {
  await ctx(this).runner();
});

Then('`getContextStats\\(\\).messageCount` 应等于已持久化消息数', async function (this: SynapseWorld) {
  const stats = await (await ctx(this).runner()).getContextStats();
  expect(stats.messageCount).to.equal(persistedConversation.length);
  expect(stats.toolCallCount).to.equal(1);
});

Then('token 统计应与现有历史一致', async function (this: SynapseWorld) {
  const c = ctx(this);
  const reread = await c.persistedHistory();
  const stats = await (await c.runner()).getContextStats();
  expect(reread).to.deep.equal(persistedConversation);
  // Counted by js-tiktoken directly, not by our own counter: a wrong tokenizer cannot agree with itself here.
  const expected = await referenceHistoryTokens(persistedConversation);
  expect(stats.tokenCount).to.be.greaterThan(0).and.equal(expected);
});

When('Runner 恢复会话并执行新请求', async function (this: SynapseWorld) {
  const c = ctx(this);
  this.llm.reply({ content: 'Back on track.' });
  await c.run('Continue, please.');
});

Then('新历史中不应保留悬空 toolCalls', async function (this: SynapseWorld) {
  const c = ctx(this);
  for (const history of [await c.history(), await c.persistedHistory(), this.llm.requests[0].messages]) {
    expect(danglingToolCalls(history)).to.deep.equal([]);
    // The cut call stays (it is a valid message) and is answered once, as interrupted: nothing valid is dropped.
    expect(history.filter((m) => m.tool_call_id === 'call_cut')).to.deep.equal([{ role: 'tool', tool_call_id: 'call_cut', content: MISSING_RESULT_TEXT }]);
  }
});

Then('新一轮响应应可正常完成', async function (this: SynapseWorld) {
  const c = ctx(this);
  expect(c.result).to.equal('Back on track.');
  expect((await c.persistedHistory()).slice(0, 4)).to.deep.equal(persistedConversation);
});

Given('本轮出现损坏的 `tool_call_delta` 参数串', async function (this: SynapseWorld) {
  const c = ctx(this);
  await c.sessionsDir();
  c.reply([{ name: 'Bash', arguments: ['{"command": "ech', 'o hi"', ', "extra": '] }]);
  c.reply('Recovered with a normal reply.');
});

When('Runner 进入下一轮执行', async function (this: SynapseWorld) {
  await ctx(this).run();
});

Then('上一轮不应落盘任何 assistant toolCalls\\/tool messages', async function (this: SynapseWorld) {
  const persisted = await ctx(this).persistedHistory();
  expect(persisted.map((m) => m.role)).to.deep.equal(['user', 'assistant']);
  expect(persisted.some((m) => m.tool_calls || m.role === 'tool')).to.equal(false);
  expect(ctx(this).of('tool_call_started'), 'the broken call never ran').to.have.length(0);
});

Then('后续轮次应可恢复正常响应', function (this: SynapseWorld) {
  expect(ctx(this).result).to.equal('Recovered with a normal reply.');
  expect(this.llm.requests).to.have.length(2);
});
