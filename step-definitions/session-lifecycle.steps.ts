import { access, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { OffloadStore, SessionFileError } from '../src';
import { emptySessionUsage } from '../src/session';
import { ARCHIVE_FILE, HISTORY_FILE, INDEX_FILE } from '../src/session/session-files';
import { filler } from './support/context-context';
import { SessionContext } from './support/session-context';
import type { SynapseWorld } from './support/world';

const ctx = (world: SynapseWorld) => world.use(SessionContext);
const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );
const sessionFile = async (world: SynapseWorld, name: string) => join(await ctx(world).sessionsDir(), ctx(world).session.id, name);

// --- rewriteHistory that fails -------------------------------------------------------------------------

Given('会话已有历史文件且重写阶段写入失败', async function (this: SynapseWorld) {
  await ctx(this).createWithWork();
  const c = ctx(this);
  c.original = [...c.session.messages];
  c.bytesBefore = await readFile(await sessionFile(this, HISTORY_FILE));
  // The rewrite's first write (what leaves the history goes to the archive) meets a directory.
  await mkdir(await sessionFile(this, ARCHIVE_FILE));
});

When('调用 `rewriteHistory`', async function (this: SynapseWorld) {
  const c = ctx(this);
  try {
    await c.session.rewriteHistory([c.original[0]!, { role: 'user', content: '[Compressed History]\n\nA summary.' }, c.original.at(-1)!]);
  } catch (error) {
    c.error = error as Error;
  }
});

Then('应抛出带原因错误', async function (this: SynapseWorld) {
  const error = ctx(this).error;
  expect(error).to.be.instanceOf(SessionFileError);
  expect(error!.message).to.equal(`Cannot read ${await sessionFile(this, ARCHIVE_FILE)}: it is a directory, where a file was expected (EISDIR)`);
  expect((error as SessionFileError).cause).to.be.instanceOf(Error);
});

Then('原历史内容应保持一致不被破坏', async function (this: SynapseWorld) {
  const c = ctx(this);
  expect(await readFile(await sessionFile(this, HISTORY_FILE))).to.deep.equal(c.bytesBefore);
  expect(c.session.messages).to.deep.equal(c.original);
  const reopened = await (await c.store()).open(c.session.id);
  expect(reopened.messages).to.deep.equal(c.original);
});

// --- clear() ---------------------------------------------------------------------------------------------

Given('会话已有 usage 统计和 offload 文件', async function (this: SynapseWorld) {
  await ctx(this).createWithWork();
  const c = ctx(this);
  c.offloaded = await new OffloadStore(c.session.offloadDir).save(filler(300, 'offloaded'));
});

When('执行 `clear\\(\\)`', async function (this: SynapseWorld) {
  await ctx(this).session.clear();
});

Then('usage 聚合字段应重置到初始状态', async function (this: SynapseWorld) {
  const c = ctx(this);
  expect(c.session.usage).to.deep.equal(emptySessionUsage());
  expect(c.session.messages).to.deep.equal([]);
  // As a later process sees it: the index is back to empty, and the words are in the archive.
  const reopened = await (await c.store()).open(c.session.id);
  expect(reopened.usage).to.deep.equal(emptySessionUsage());
  expect(reopened.messages).to.deep.equal([]);
  const index = JSON.parse(await readFile(await sessionFile(this, INDEX_FILE), 'utf8'));
  expect(index).to.deep.include({ messageCount: 0, usage: { total: emptySessionUsage().total, roundCount: 0, byModel: {} } });
  expect((await reopened.transcript()).messages).to.deep.equal(c.appended);
});

Then('offload 目录应被删除', async function (this: SynapseWorld) {
  const c = ctx(this);
  expect(await exists(c.offloaded!)).to.equal(false);
  expect(await exists(c.session.offloadDir)).to.equal(false);
});

// --- Session.find() ----------------------------------------------------------------------------------------

Given('索引中已持久化 usage 的 totals 与 rounds', async function (this: SynapseWorld) {
  await ctx(this).createWithWork();
  await ctx(this).session.close();
});

When('通过 `Session.find\\(\\)` 恢复该会话', async function (this: SynapseWorld) {
  const c = ctx(this);
  c.found = await (await c.store()).open(c.session.id);
});

Then('`getUsage\\(\\)` 应返回与索引一致的累计值', async function (this: SynapseWorld) {
  const c = ctx(this);
  const index = JSON.parse(await readFile(await sessionFile(this, INDEX_FILE), 'utf8'));
  expect(c.found!.usage.total).to.deep.equal(index.usage.total);
  expect(c.found!.usage.total).to.deep.equal({ prompt_tokens: 2700, completion_tokens: 120, total_tokens: 2820 });
  expect(c.found!.usage.rounds).to.have.length(index.usage.roundCount);
});

Then('model 字段应与索引保持一致', async function (this: SynapseWorld) {
  const c = ctx(this);
  const index = JSON.parse(await readFile(await sessionFile(this, INDEX_FILE), 'utf8'));
  expect(c.found!.usage.byModel).to.deep.equal(index.usage.byModel);
  expect(Object.keys(c.found!.usage.byModel)).to.deep.equal(['gpt-4o', 'gpt-4o-mini']);
  expect(c.found!.usage.rounds.map((round) => round.model)).to.deep.equal(['gpt-4o', 'gpt-4o-mini']);
});
