import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { ARCHIVE_FILE, HISTORY_FILE } from '../src/session/session-files';
import { SUMMARY_PREFIX, type ChatMessage } from '../src';
import { ContextManagementContext, filler, longConversation, pastedRequestAndOneResult, toolRound } from './support/context-context';
import { RunnerContext } from './support/runner-context';
import type { SynapseWorld } from './support/world';

const ctx = (world: SynapseWorld) => world.use(ContextManagementContext);
const runner = (world: SynapseWorld) => world.use(RunnerContext);

// --- When compaction is triggered (part03) ----------------------------------------------------------------

Given('`stillExceedsThreshold=true` 且 `freedTokens < compactTriggerThreshold`', function (this: SynapseWorld) {
  const c = ctx(this);
  c.messages = pastedRequestAndOneResult(1500, 150);
  Object.assign(c.options, { offloadThreshold: 1000, minChars: 100, compactTriggerThreshold: 5000, compactCooldownSteps: 2 });
});

Given('compact 冷却期已满足', async function (this: SynapseWorld) {
  const c = ctx(this);
  // An earlier attempt, then as many quiet requests as the cooldown lasts.
  const orchestrator = await c.orchestrator();
  this.llm.reply({ when: 'Summarize the conversation transcript', error: { status: 500, message: 'summary model down' } });
  c.options.compactRetries = 0;
  (await c.orchestrator()).settings.compactRetries = 0;
  await orchestrator.offloadIfNeeded(c.messages);
  for (let i = 0; i < c.settings.compactCooldownSteps; i++) await orchestrator.offloadIfNeeded([{ role: 'user', content: 'short' }]);
  c.scriptSummary();
});

When('`ContextOrchestrator.offloadIfNeeded\\(...)` 执行', async function (this: SynapseWorld) {
  const c = ctx(this);
  c.compactCallsBefore = c.compactCalls.length;
  c.prepareResult = await (await c.orchestrator()).offloadIfNeeded(c.messages);
});

Then('应调用 `ContextCompactor.compact\\(...)`', function (this: SynapseWorld) {
  const c = ctx(this);
  expect(c.compactCalls.length - c.compactCallsBefore).to.equal(1);
  // It compacted what offload left: the small result is a reference by then.
  expect(c.compactCalls.at(-1)![2]!.content).to.match(/^Tool result is at: /);
  expect(c.prepareResult!.compact!.success).to.equal(true);
  expect(c.prepareResult!.messages[1]!.content).to.contain(SUMMARY_PREFIX);
});

Given('`stillExceedsThreshold=true` 但 `freedTokens >= compactTriggerThreshold`', function (this: SynapseWorld) {
  const c = ctx(this);
  c.messages = pastedRequestAndOneResult(1500, 150);
  Object.assign(c.options, { offloadThreshold: 1000, minChars: 100, compactTriggerThreshold: 20 });
});

Given('`stillExceedsThreshold=false`', function (this: SynapseWorld) {
  const c = ctx(this);
  c.messages = [
    { role: 'user', content: 'Read the log.' },
    ...toolRound('call_1', 'cat app.log', filler(2000, 'log')),
    { role: 'assistant', content: 'Read.' },
    { role: 'user', content: 'ok' },
    { role: 'assistant', content: 'ok' },
  ];
  // Over the threshold before offload, well under it after (the log is most of the history).
  Object.assign(c.options, { offloadThreshold: c.tokens() - 100, compactTriggerThreshold: 100_000 });
});

When('执行 `offloadIfNeeded\\(...)`', async function (this: SynapseWorld) {
  const c = ctx(this);
  c.compactCallsBefore = c.compactCalls.length;
  c.prepareResult = await (await c.orchestrator()).offloadIfNeeded(c.messages);
});

When('再次执行 `offloadIfNeeded\\(...)`', async function (this: SynapseWorld) {
  const c = ctx(this);
  c.compactCallsBefore = c.compactCalls.length;
  c.prepareResult = await (await c.orchestrator()).offloadIfNeeded(c.messages);
});

Then('不应调用 compact', function (this: SynapseWorld) {
  const c = ctx(this);
  expect(c.compactCalls.length - c.compactCallsBefore).to.equal(0);
  // Offload did happen: the decision was compaction's alone.
  expect(c.prepareResult!.offload!.offloadedCount).to.equal(1);
});

Then('不应再次触发 compact', function (this: SynapseWorld) {
  const c = ctx(this);
  expect(c.compactCallsBefore).to.equal(1);
  expect(c.compactCalls).to.have.length(1);
  expect(c.prepareResult!.offload!.stillExceedsThreshold).to.equal(true);
});

Given('上一次 compact 尝试发生在最近 `compactCooldownSteps` 内', async function (this: SynapseWorld) {
  const c = ctx(this);
  c.messages = pastedRequestAndOneResult(1500, 150);
  Object.assign(c.options, { offloadThreshold: 1000, minChars: 100, compactTriggerThreshold: 5000, compactCooldownSteps: 3 });
  c.scriptSummary();
  await (await c.orchestrator()).offloadIfNeeded(c.messages);
});

// --- Compaction through the runner -------------------------------------------------------------------------

/** A session holding a long conversation, resumed by the scenario's runner. */
function givenLongSession(world: SynapseWorld, messages: ChatMessage[]): Promise<string> {
  return runner(world).resumeSessionWith(messages);
}

Given('`forceCompact\\(\\)` 返回 `success=true`', async function (this: SynapseWorld) {
  ctx(this).messages = longConversation(6, 300);
  await givenLongSession(this, ctx(this).messages);
  ctx(this).scriptSummary('Six logs were read; they show nothing unusual.');
});

When('AgentRunner 执行强制压缩', async function (this: SynapseWorld) {
  ctx(this).compactResult = await (await runner(this).runner()).compact();
});

Then('`history` 应替换为压缩后消息', async function (this: SynapseWorld) {
  const result = ctx(this).compactResult!;
  const history = await runner(this).history();
  expect(result.success).to.equal(true);
  expect(history.map(({ role, content }) => ({ role, content }))).to.deep.equal(result.messages.map(({ role, content }) => ({ role, content })));
  expect(history[0]!.content).to.equal('Read the logs and summarize them.');
  expect(history[1]!.content).to.equal(`${SUMMARY_PREFIX}\n\nSix logs were read; they show nothing unusual.`);
  expect(history.length).to.be.lessThan(ctx(this).messages.length);
  expect(result.currentTokens).to.be.lessThan(result.previousTokens);
});

Then('会话文件应被 rewrite', async function (this: SynapseWorld) {
  const dir = join(await runner(this).sessionsDir(), (await runner(this).runner()).getSessionId()!);
  const lines = (await readFile(join(dir, HISTORY_FILE), 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as ChatMessage);
  expect(lines).to.deep.equal(await runner(this).history());
  // What left the history verbatim is in the archive, in order: nothing is lost.
  const archived = (await readFile(join(dir, ARCHIVE_FILE), 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as ChatMessage);
  expect(archived).to.deep.equal(ctx(this).messages);
});

Then('应触发 `compact` 事件', function (this: SynapseWorld) {
  const [event] = runner(this).of('context_compacted');
  const result = ctx(this).compactResult!;
  expect(event).to.deep.include({ reason: 'manual', tokensBefore: result.previousTokens, tokensAfter: result.currentTokens, messagesBefore: ctx(this).messages.length });
});

// --- The warning when offload is not enough (part09) ----------------------------------------------------

Given('上下文卸载后 `stillExceedsThreshold=true`', async function (this: SynapseWorld) {
  const r = runner(this);
  // A long pasted request (never offloaded) and one large result: offload frees the result's share, not enough.
  await givenLongSession(this, pastedRequestAndOneResult(1200, 1500));
  r.options.contextWindow = 4000;
  r.options.context = { ...r.options.context, offloadThreshold: 1500, compactTriggerThreshold: 100 };
  this.llm.reply({ content: 'Still here, carrying on.' });
});

When('Agent 继续执行后续轮次', async function (this: SynapseWorld) {
  await runner(this).run('Carry on.');
});

Then('日志应包含 `Context still exceeds threshold` 警告', function (this: SynapseWorld) {
  const warnings = runner(this)
    .of('warning')
    .map((event) => event.message);
  expect(warnings.some((message) => message.startsWith('Context still exceeds threshold'))).to.equal(true, warnings.join('\n'));
  expect(runner(this).of('context_offloaded')).to.have.length(1);
  expect(runner(this).of('context_compacted')).to.have.length(0);
});

Then('主流程不应因该警告中断', function (this: SynapseWorld) {
  expect(runner(this).error).to.equal(undefined);
  expect(runner(this).result).to.equal('Still here, carrying on.');
  expect(runner(this).of('run_finished')[0]!.stopReason).to.equal('completed');
});
