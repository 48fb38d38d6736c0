import { access, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { OffloadStore } from '../src';
import { SessionStore, type Session } from '../src/session';
import type { SynapseWorld } from './support/world';

/** The document's MAX_SESSIONS: the store's `maxSessions`. */
const MAX_SESSIONS = 3;

/** Sessions created under a cap, oldest first, and the store that keeps the cap. */
class CapacityNotes {
  sessions: Session[] = [];
  store?: SessionStore;
}
const notes = (world: SynapseWorld) => world.use(CapacityNotes);
const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** Creates a session one millisecond after the last update, so "oldest" is unambiguous. */
async function createNext(world: SynapseWorld): Promise<Session> {
  const n = notes(world);
  n.store ??= new SessionStore(join(await world.tempDir(), 'sessions'), { maxSessions: MAX_SESSIONS });
  const before = Date.now();
  while (Date.now() === before) await new Promise((resolve) => setTimeout(resolve, 1));
  const session = await n.store.create();
  await session.append([
    { role: 'user', content: `request ${n.sessions.length + 1}` },
    { role: 'assistant', content: 'done' },
  ]);
  await new OffloadStore(session.offloadDir).save(`result of session ${n.sessions.length + 1}`);
  n.sessions.push(session);
  return session;
}

async function fillToCap(world: SynapseWorld): Promise<void> {
  for (let i = 0; i < MAX_SESSIONS; i++) await createNext(world);
}

Given('已创建达到上限的历史会话集合', async function (this: SynapseWorld) {
  await fillToCap(this);
});

// Every session of the set has an offloaded file, the oldest included.
Given('最旧会话目录下存在 `offloaded` 文件', async function (this: SynapseWorld) {
  await fillToCap(this);
});

When(/^(?:再创建一个新会话|该会话因上限策略被逐出)$/, async function (this: SynapseWorld) {
  await createNext(this);
});

Then('最旧会话的 `*.jsonl` 文件应被删除', async function (this: SynapseWorld) {
  const [oldest, ...rest] = notes(this).sessions;
  expect(await exists(oldest!.historyPath)).to.equal(false);
  for (const session of rest) expect(await exists(session.historyPath)).to.equal(true);
});

Then('会话索引只保留最新 `MAX_SESSIONS` 条记录', async function (this: SynapseWorld) {
  const { sessions, store } = notes(this);
  const listed = (await store!.list()).map((session) => session.id);
  expect(listed).to.deep.equal(
    sessions
      .slice(-MAX_SESSIONS)
      .map((session) => session.id)
      .reverse(),
  );
});

Then('对应 `\\/<session-id>\\/offloaded` 目录应一并删除', async function (this: SynapseWorld) {
  const oldest = notes(this).sessions[0]!;
  expect(await exists(oldest.offloadDir)).to.equal(false);
  expect(await exists(join(notes(this).store!.sessionsDir, oldest.id))).to.equal(false);
});

Then('不应残留孤儿卸载文件', async function (this: SynapseWorld) {
  const { sessions, store } = notes(this);
  const entries = await readdir(store!.sessionsDir, { recursive: true });
  const offloaded = entries.filter((entry) => /\/offload\/result-[0-9a-f]+\.txt$/.test(entry)).sort();
  // One offloaded file per kept session, none of the evicted one's.
  const kept = sessions.slice(-MAX_SESSIONS);
  expect(offloaded.map((entry) => entry.split('/')[0])).to.deep.equal(kept.map((session) => session.id).sort());
});
