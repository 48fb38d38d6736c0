import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { type Session, SessionStore } from '../src';
import { ToolsContext } from './support/tools-context';
import type { SynapseWorld } from './support/world';

// part01's "Bash 会话状态管理" (our BashRouter over its persistent shell) and "Session 索引与路径" (our
// session store: one directory per session, whose index.json is the document's sessions.json entry).

const tools = (world: SynapseWorld) => world.use(ToolsContext);

class SessionIndexScenario {
  sessionsDir?: string;
  session?: Session;
  error?: unknown;
  testDir?: string;
}
const scenarios = new WeakMap<SynapseWorld, SessionIndexScenario>();
const scenario = (world: SynapseWorld) => {
  if (!scenarios.has(world)) scenarios.set(world, new SessionIndexScenario());
  return scenarios.get(world)!;
};

// --- Bash 会话状态管理 ------------------------------------------------------------------------------

Given('已创建 `BashSession` 与 `BashRouter`', async function (this: SynapseWorld) {
  await tools(this).router();
});

Given('已存在临时目录 `<TEST_DIR>`', async function (this: SynapseWorld) {
  // Inside the workspace: the sandboxed shell sees the workspace; /tmp is its own.
  const dir = await mkdtemp(join(await this.tempDir(), 'test-dir-'));
  scenario(this).testDir = dir;
});

When('执行 `cd <TEST_DIR>` 后再执行 `pwd`', async function (this: SynapseWorld) {
  const cd = await tools(this).run(`cd '${scenario(this).testDir}'`);
  expect(cd.exitCode).to.equal(0);
  await tools(this).run('pwd');
});

Then('`pwd` 输出应包含 `<TEST_DIR>`', async function (this: SynapseWorld) {
  expect((await tools(this).result()).stdout).to.contain(scenario(this).testDir);
});

When('先执行 `export TEST_VAR={string}` 再执行 `echo $TEST_VAR`', async function (this: SynapseWorld, value: string) {
  expect((await tools(this).run(`export TEST_VAR="${value}"`)).exitCode).to.equal(0);
  await tools(this).run('echo $TEST_VAR');
});

Given('已执行 `export RESTART_TEST={string}`', async function (this: SynapseWorld, value: string) {
  await tools(this).run(`export RESTART_TEST="${value}"`);
});

When('以 `restart=true` 执行 `echo $RESTART_TEST`', async function (this: SynapseWorld) {
  const router = await tools(this).router();
  tools(this).record('echo $RESTART_TEST', await router.route('echo $RESTART_TEST', true));
});

Then('输出应为空字符串或仅空白字符', async function (this: SynapseWorld) {
  expect((await tools(this).result()).stdout.trim()).to.equal('');
});

Then('表示会话状态已重置', async function (this: SynapseWorld) {
  const result = await tools(this).result();
  expect(result.exitCode).to.equal(0);
  // A restarted shell is a new process that never saw the export.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion, for bash
  expect((await tools(this).run('echo "${RESTART_TEST-unset}"')).stdout).to.equal('unset\n');
});

// --- Session 索引与路径 ------------------------------------------------------------------------------

Given('指定可写的 `sessionsDir`', async function (this: SynapseWorld) {
  scenario(this).sessionsDir = join(await this.tempDir(), 'sessions');
});

Given('`sessionsDir\\/sessions.json` 内容是非法 JSON', async function (this: SynapseWorld) {
  const dir = join(await this.tempDir(), 'sessions');
  scenario(this).sessionsDir = dir;
  // Our index is per session: an existing session's index.json gets the broken JSON (and a sessions.json too).
  const existing = await new SessionStore(dir).create({ title: 'before' });
  await existing.close();
  await writeFile(join(dir, existing.id, 'index.json'), '{"version": 1, "id": ');
  await writeFile(join(dir, 'sessions.json'), '{ not json');
});

When(/^调用 `Session\.create\(\{ sessionsDir \}\)`(?: 获取会话实例)?$/, async function (this: SynapseWorld) {
  const s = scenario(this);
  try {
    s.session = await new SessionStore(s.sessionsDir!).create();
    this.onCleanup(() => s.session?.close());
  } catch (error) {
    s.error = error;
  }
});

Then('返回的 `session.id` 应匹配 `session-` 前缀格式', function (this: SynapseWorld) {
  expect(scenario(this).session!.id).to.match(/^session-\d{13}-[0-9a-f]{8}$/);
});

Then('`sessionsDir\\/sessions.json` 文件应存在', async function (this: SynapseWorld) {
  const { sessionsDir, session } = scenario(this);
  expect(existsSync(join(sessionsDir!, session!.id, 'index.json')), "the session's index file").to.equal(true);
});

Then('文件中的 `sessions` 数组长度应大于等于 `{int}`', async function (this: SynapseWorld, count: number) {
  const { sessionsDir, session } = scenario(this);
  const sessions = await new SessionStore(sessionsDir!).list();
  expect(sessions.length).to.be.at.least(count);
  expect(sessions.map((entry) => entry.id)).to.include(session!.id);
});

Then('索引版本字段应为 `{float}.{int}`', async function (this: SynapseWorld, major: number, _patch: number) {
  const { sessionsDir, session } = scenario(this);
  const index = JSON.parse(await readFile(join(sessionsDir!, session!.id, 'index.json'), 'utf8')) as { version: number };
  // Our index format is versioned by a whole number: version 1 is the document's 1.0.0.
  expect(index.version).to.equal(Math.trunc(major));
});

Then('`session.historyPath` 应等于 `<sessionsDir>\\/<sessionId>.jsonl`', async function (this: SynapseWorld) {
  const { sessionsDir, session } = scenario(this);
  expect(session!.historyPath).to.equal(join(sessionsDir!, session!.id, 'history.jsonl'));
  expect(existsSync(session!.historyPath)).to.equal(true);
});

Then('不应抛出未捕获异常', function (this: SynapseWorld) {
  expect(scenario(this).error).to.equal(undefined);
});

Then('仍可返回有效的 `session.id`', async function (this: SynapseWorld) {
  const { sessionsDir, session } = scenario(this);
  expect(session!.id).to.match(/^session-\d{13}-[0-9a-f]{8}$/);
  const listing = await new SessionStore(sessionsDir!).listWithSkipped();
  expect(listing.sessions.map((entry) => entry.id)).to.deep.equal([session!.id]);
  expect(listing.skipped).to.have.length(1);
  expect(listing.skipped[0]!.reason).to.contain('index.json');
});
