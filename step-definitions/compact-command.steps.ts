import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { compactCommand, OffloadStore, SessionStore, type CompactCommandResult, type CompactResult, type Compactable } from '../src';
import { filler, longConversation } from './support/context-context';
import { RunnerContext } from './support/runner-context';
import type { SynapseWorld } from './support/world';

/** The `/compact` of a scenario: what it runs against, the promise it returned, and its result. */
class CompactCommandContext {
  target?: Compactable;
  pending?: Promise<CompactCommandResult>;
  result?: CompactCommandResult;
  settled = false;
  release?: (result: CompactResult) => void;
  historyBefore?: unknown;
}

const cmd = (world: SynapseWorld) => world.use(CompactCommandContext);
const runner = (world: SynapseWorld) => world.use(RunnerContext);
const n = (value: number) => value.toLocaleString('en-US');

/** The scenario's runner over a session holding `messages`; one reference into the session's offload directory. */
async function runnerOverSession(world: SynapseWorld, rounds: number): Promise<void> {
  const r = runner(world);
  const session = await new SessionStore(await r.sessionsDir()).create();
  const messages = longConversation(rounds, 200);
  if (messages.length > 2) messages[2] = { ...messages[2]!, content: `Tool result is at: ${await new OffloadStore(session.offloadDir).save(filler(300, 'first log'))}` };
  await session.append(messages);
  r.options.sessionId = session.id;
  r.options.context = { compactRetryDelayMs: 0 };
  cmd(world).target = await r.runner();
  cmd(world).historyBefore = await r.history();
}

Given('`forceCompact\\(\\)` 返回 `success=true` 且释放了 token', async function (this: SynapseWorld) {
  await runnerOverSession(this, 6);
  this.llm.reply({ when: 'Summarize the conversation transcript', content: 'Six logs were read.' });
});

Given('`forceCompact\\(\\)` 返回 `success=false`', async function (this: SynapseWorld) {
  await runnerOverSession(this, 6);
  for (let i = 0; i < 3; i++) this.llm.reply({ when: 'Summarize the conversation transcript', error: { status: 500, message: 'summary model down' } });
});

Given('`forceCompact\\(\\)` 返回 `freedTokens=0` 且前后 token 相同', async function (this: SynapseWorld) {
  await runnerOverSession(this, 1);
});

Given('`forceCompact\\(\\)` 返回一个延迟 resolve 的 Promise', function (this: SynapseWorld) {
  const c = cmd(this);
  c.target = { compact: () => new Promise<CompactResult>((resolve) => (c.release = resolve)) };
});

When('用户执行 `\\/compact`', async function (this: SynapseWorld) {
  const c = cmd(this);
  c.pending = compactCommand(c.target!);
  c.pending.then(() => (c.settled = true));
  // A compaction the scenario holds back is let go by a later step; any other is awaited here.
  if (!c.release) c.result = await c.pending;
});

Then('输出应包含 `before -> after` token 数值', function (this: SynapseWorld) {
  const [event] = runner(this).of('context_compacted');
  expect(cmd(this).result!.output).to.contain(`Compacted: ${n(event!.tokensBefore)} -> ${n(event!.tokensAfter)} tokens.`);
  expect(event!.tokensAfter).to.be.lessThan(event!.tokensBefore);
});

Then('输出应包含释放量与删除文件数量', function (this: SynapseWorld) {
  const [event] = runner(this).of('context_compacted');
  expect(event!.deletedFiles).to.equal(1);
  expect(cmd(this).result!.output).to.contain(`Freed ${n(event!.tokensBefore - event!.tokensAfter)} tokens; deleted 1 offloaded file;`);
});

Then('输出应包含“压缩失败，保持原历史不变”语义', async function (this: SynapseWorld) {
  expect(cmd(this).result!.output).to.match(/^Compaction failed \(500 summary model down\); the history is unchanged \([\d,]+ tokens\)\.$/);
  expect(await runner(this).history()).to.deep.equal(cmd(this).historyBefore);
});

Then('不应误报成功', function (this: SynapseWorld) {
  expect(cmd(this).result!.output).not.to.contain('Compacted');
  expect(runner(this).of('context_compacted')).to.have.length(0);
});

Then('输出应包含“无需压缩”提示', async function (this: SynapseWorld) {
  expect(cmd(this).result!.output).to.match(/^Nothing to compact: the conversation is [\d,]+ tokens in 4 messages\.$/);
  expect(this.llm.requests).to.have.length(0);
});

Then('命令处理结果仍应为已处理', function (this: SynapseWorld) {
  expect(cmd(this).result!.handled).to.equal(true);
});

Then('命令处理 Promise 在压缩完成前不应提前 resolve', async function (this: SynapseWorld) {
  // Let every queued callback run: a handler that did not wait for the compaction would have settled.
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
  expect(cmd(this).settled).to.equal(false);
});

Then('resolve 后应输出最终压缩结果信息', async function (this: SynapseWorld) {
  const c = cmd(this);
  c.release!({ success: true, messages: [], previousTokens: 12_000, currentTokens: 3_000, freedTokens: 9_000, preservedCount: 5, summarizedCount: 20, deletedFiles: ['a', 'b'], attempts: 1 });
  c.result = await c.pending!;
  expect(c.result.output).to.equal("Compacted: 12,000 -> 3,000 tokens.\nFreed 9,000 tokens; deleted 2 offloaded files; 20 messages summarized, kept in the session's archive.");
});
