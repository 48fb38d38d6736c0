import { access, mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { OffloadStore, SessionFileError, usageAccountOf, type ChatMessage, type PricingTable } from '../src';
import { emptySessionUsage, INDEX_FILE } from '../src/session';
import { filler } from './support/context-context';
import { plainConversation, SessionContext } from './support/session-context';
import type { SynapseWorld } from './support/world';

const ctx = (world: SynapseWorld) => world.use(SessionContext);
const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );
/** Prices for both models the scenarios' sessions use: a usage that was not reset would cost something. */
const PRICES: PricingTable = { 'gpt-4o': { inputPerMillion: 2.5, outputPerMillion: 10 }, 'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6 } };

/** The history a rewrite puts in place of the session's: its request, a summary and its answer. */
class RewriteNotes {
  modified: ChatMessage[] = [];
}
const notes = (world: SynapseWorld) => world.use(RewriteNotes);

const summarized = (history: readonly ChatMessage[]): ChatMessage[] => [
  history[0]!,
  { role: 'user', content: '[Compressed History]\n\nThe three logs were read.', meta: { summary: true } },
  history.at(-1)!,
];

async function indexOf(world: SynapseWorld): Promise<{ messageCount: number; title: string | null }> {
  return JSON.parse(await readFile(join(await ctx(world).sessionsDir(), ctx(world).session.id, INDEX_FILE), 'utf8'));
}

/** The session as a listing and a later process see it. */
async function persisted(world: SynapseWorld) {
  const c = ctx(world);
  const store = await c.store();
  const summary = (await store.list()).find((session) => session.id === c.session.id)!;
  return { summary, reopened: await store.open(c.session.id), index: await indexOf(world) };
}

// --- rewriteHistory -----------------------------------------------------------------------------------------

Given('会话历史已存在多条 JSONL 消息', async function (this: SynapseWorld) {
  await ctx(this).createWithWork();
});

When('调用 `rewriteHistory\\(modifiedMessages)` 成功', async function (this: SynapseWorld) {
  notes(this).modified = summarized(ctx(this).session.messages);
  await ctx(this).session.rewriteHistory(notes(this).modified);
});

Then('历史文件内容应与 `modifiedMessages` 完全一致', async function (this: SynapseWorld) {
  const c = ctx(this);
  const lines = (await c.historyLines()).map((line) => JSON.parse(line) as ChatMessage);
  // Each message carries one mark more: how many messages the archive held when it was written.
  const archived = c.appended.length;
  expect(lines).to.deep.equal(notes(this).modified.map((message) => ({ ...message, meta: { ...message.meta, archived } })));
  expect((await c.reopen()).messages).to.deep.equal(lines);
});

Then('行数应等于新消息条数', async function (this: SynapseWorld) {
  expect(await ctx(this).historyLines()).to.have.length(notes(this).modified.length);
});

Given('会话历史文件已有内容且 `writeFile` 在重写阶段失败', async function (this: SynapseWorld) {
  const c = ctx(this);
  await c.createWithWork();
  c.original = [...c.session.messages];
  c.bytesBefore = await readFile(await c.historyPath());
  // The rewrite's write of index.json (after the archive's, before the history's) meets a directory.
  const index = join(await c.sessionsDir(), c.session.id, INDEX_FILE);
  await rm(index);
  await mkdir(index);
});

When('执行 `rewriteHistory`', async function (this: SynapseWorld) {
  const c = ctx(this);
  await c.attempt(() => c.session.rewriteHistory(summarized(c.original)));
});

Then('应抛出包含底层原因的错误', async function (this: SynapseWorld) {
  const { error } = ctx(this);
  const index = join(await ctx(this).sessionsDir(), ctx(this).session.id, INDEX_FILE);
  expect(error).to.be.instanceOf(SessionFileError);
  expect(error!.message).to.equal(`Cannot write ${index}: it is a directory, where a file was expected (EISDIR)`);
  expect(((error as SessionFileError).cause as NodeJS.ErrnoException).code).to.equal('EISDIR');
});

Then('原历史文件内容应与失败前一致', async function (this: SynapseWorld) {
  const c = ctx(this);
  expect(await readFile(await c.historyPath())).to.deep.equal(c.bytesBefore);
  expect(c.session.messages).to.deep.equal(c.original);
});

Given('新历史与旧历史条数不同且首条用户消息变更', async function (this: SynapseWorld) {
  const c = ctx(this);
  await c.createSession();
  await c.append(plainConversation(4));
  // The summary comes first, and is not the user's words: the title is the request after it.
  notes(this).modified = [
    { role: 'user', content: '[Compressed History]\n\nTwo questions were answered.', meta: { summary: true } },
    { role: 'user', content: '只看第三个问题\n（其余略）' },
    { role: 'assistant', content: '好的' },
  ];
});

When('`rewriteHistory` 成功', async function (this: SynapseWorld) {
  await ctx(this).session.rewriteHistory(notes(this).modified);
});

Then('`messageCount` 应更新为新历史条数', async function (this: SynapseWorld) {
  const { summary, reopened, index } = await persisted(this);
  expect([index.messageCount, summary.messageCount, reopened.messages.length]).to.deep.equal([3, 3, 3]);
});

Then('`title` 应基于新首条用户消息重新提取', async function (this: SynapseWorld) {
  const { summary, reopened, index } = await persisted(this);
  expect([ctx(this).session.title, index.title, summary.title, reopened.title]).to.deep.equal(Array(4).fill('只看第三个问题'));
});

// --- clear() ------------------------------------------------------------------------------------------------

Given('当前会话已累计多轮 usage', async function (this: SynapseWorld) {
  const session = await ctx(this).createWithWork();
  await session.recordUsage({ prompt_tokens: 900, completion_tokens: 30, total_tokens: 930, cache_read_tokens: 600, cache_write_tokens: 100 }, 'gpt-4o');
});

Then('`totalInputOther\\/totalOutput\\/totalCache*` 应归零', async function (this: SynapseWorld) {
  for (const usage of [ctx(this).session.usage, (await persisted(this)).reopened.usage]) {
    const { totalInputOther, totalOutput, totalCacheRead, totalCacheCreation } = usageAccountOf(usage, PRICES);
    expect({ totalInputOther, totalOutput, totalCacheRead, totalCacheCreation }).to.deep.equal({ totalInputOther: 0, totalOutput: 0, totalCacheRead: 0, totalCacheCreation: 0 });
  }
});

Then('`rounds` 应为空数组且 `totalCost` 归为 `null`', async function (this: SynapseWorld) {
  for (const usage of [ctx(this).session.usage, (await persisted(this)).reopened.usage]) {
    expect(usage).to.deep.equal(emptySessionUsage());
    const { rounds, totalCost } = usageAccountOf(usage, PRICES);
    expect({ rounds, totalCost }).to.deep.equal({ rounds: [], totalCost: null });
  }
});

Given('会话 offload 目录已有至少一个文件', async function (this: SynapseWorld) {
  const session = await ctx(this).createWithWork();
  ctx(this).offloaded = await new OffloadStore(session.offloadDir).save(filler(300, 'offloaded'));
});

Then('`countOffloadedFiles\\()` 应返回 `{int}`', async function (this: SynapseWorld, count: number) {
  expect(await new OffloadStore(ctx(this).session.offloadDir).count()).to.equal(count);
});

Then('对应 offload 目录应不存在', async function (this: SynapseWorld) {
  expect(await exists(ctx(this).session.offloadDir)).to.equal(false);
});

Given('会话已有标题与消息计数', async function (this: SynapseWorld) {
  await ctx(this).createWithWork();
});

When('执行 `clear\\()` 完成', async function (this: SynapseWorld) {
  await ctx(this).session.clear();
});

Then('`messageCount` 应为 `{int}`', async function (this: SynapseWorld, count: number) {
  const { summary, reopened, index } = await persisted(this);
  expect([index.messageCount, summary.messageCount, reopened.messages.length, ctx(this).session.messages.length]).to.deep.equal(Array(4).fill(count));
});

// JSON has no undefined: "no title" is null in the index, the listing and the session.
Then('`title` 应为 `undefined`', async function (this: SynapseWorld) {
  const { summary, reopened, index } = await persisted(this);
  expect([ctx(this).session.title, index.title, summary.title, reopened.title]).to.deep.equal([null, null, null, null]);
});
