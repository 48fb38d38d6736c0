import { randomBytes, randomInt } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { Given, Then, When, type DataTable } from '@cucumber/cucumber';
import { expect } from 'chai';
import fc from 'fast-check';
import type { ChatMessage } from '../src/llm/types';
import { contextStats, describeFsError, MISSING_RESULT_TEXT, quarantinedBytes, sanitizeHistory, SessionStore, type SessionRepair, warmUpTokenizer } from '../src/session';
import { ensureFreshBuild, LIBRARY_ENTRY } from './support/cli-context';
import { referenceHistoryTokens } from './support/reference-tokenizer';
import { messagesFromTable, messagesToRows, plainConversation, SessionContext } from './support/session-context';
import type { SynapseWorld } from './support/world';

const ctx = (world: SynapseWorld) => world.use(SessionContext);
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const list = (text: string) => text.split(/,\s*/);
/** "第 1、3 条" → [1, 3]. */
const positions = (text: string) => text.split('、').map(Number);

// --- 存储与会话 ------------------------------------------------------------------------------------

Given('会话存储位于一个新的临时目录', async function (this: SynapseWorld) {
  await ctx(this).store();
});

Given('会话存储中有一个含 {int} 条消息的会话', async function (this: SynapseWorld, count: number) {
  const c = ctx(this);
  await c.createSession();
  await c.append(plainConversation(count));
  c.original = [...c.appended];
});

Given('会话存储中依次创建了标题为 {string} 的会话', async function (this: SynapseWorld, titles: string) {
  for (const title of list(titles)) {
    await ctx(this).createSession(title);
    await delay(3); // distinct millisecond timestamps, so "newest" is well defined
  }
});

When('我在会话存储中创建一个新会话', async function (this: SynapseWorld) {
  await ctx(this).createSession();
});

When('我向会话追加以下消息:', async function (this: SynapseWorld, table: DataTable) {
  await ctx(this).append(messagesFromTable(table));
});

When('我向会话追加一条用户消息 {string}', async function (this: SynapseWorld, content: string) {
  await ctx(this).append([{ role: 'user', content }]);
});

When('我向会话追加一条 {int} 个字符的用户消息', async function (this: SynapseWorld, length: number) {
  await ctx(this).append([{ role: 'user', content: '请帮我检查这个项目的测试为什么失败并修复它'.repeat(10).slice(0, length) }]);
});

// Words no earlier scenario in this process can have counted: the counter's memo cannot answer for them.
// Latin letters and digits, accented letters, CJK and emoji, so every path of the counter sees new text.
const FRESH_ALPHABETS = [
  'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  'àáâäæçèéêëìíîïñòóôöøùúûüýÿßœ',
  '的一是不了人我在有他这中大来上个国到说们为子和你地出道也时年',
  '🙂👍🔥🚀🎉✅❤️🌍',
];
When('我向会话追加一条用本次运行新造的词写成的用户消息', async function (this: SynapseWorld) {
  const word = () => {
    const letters = [...FRESH_ALPHABETS[randomInt(FRESH_ALPHABETS.length)]!];
    return Array.from({ length: 3 + randomInt(10) }, () => letters[randomInt(letters.length)]).join('');
  };
  const words = Array.from({ length: 40 }, () => `${randomBytes(4).toString('base64url')}${word()}`);
  await ctx(this).append([{ role: 'user', content: words.join(' ') }]);
});

When('我为会话记录模型 {string} 的用量: 输入 {int}、输出 {int}', async function (this: SynapseWorld, model: string, prompt: number, completion: number) {
  await ctx(this).session.recordUsage({ prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion }, model);
});

When('我重新打开这个会话', async function (this: SynapseWorld) {
  await ctx(this).reopen();
});

When('我用原来的第 {word} 条消息重写会话历史', async function (this: SynapseWorld, which: string) {
  const c = ctx(this);
  await c.session.rewrite(positions(which).map((n) => c.session.messages[n - 1]!));
});

Then('重新打开的会话历史与追加的消息完全相同', function (this: SynapseWorld) {
  expect(ctx(this).session.messages).to.deep.equal(ctx(this).appended);
});

Then('会话历史只包含原来的第 {word} 条消息', function (this: SynapseWorld, which: string) {
  const c = ctx(this);
  expect(c.session.messages).to.deep.equal(positions(which).map((n) => c.original[n - 1]));
});

Then('会话历史共有 {int} 条消息，最后一条是用户消息 {string}', function (this: SynapseWorld, count: number, content: string) {
  const { messages } = ctx(this).session;
  expect(messages).to.have.length(count);
  expect(messages.at(-1)).to.deep.equal({ role: 'user', content });
});

Then('会话标题为 {string}', function (this: SynapseWorld, title: string) {
  expect(ctx(this).session.title).to.equal(title);
});

Then('会话标题是那条用户消息的前 {int} 个字符加上 {string}', function (this: SynapseWorld, length: number, suffix: string) {
  const { session } = ctx(this);
  expect(session.title).to.equal(`${session.messages[0]!.content!.slice(0, length)}${suffix}`);
});

Then('会话用量合计为: 输入 {int}、输出 {int}、总计 {int}', function (this: SynapseWorld, prompt: number, completion: number, total: number) {
  expect(ctx(this).session.usage.total).to.deep.equal({ prompt_tokens: prompt, completion_tokens: completion, total_tokens: total });
});

Then('会话用量按顺序记录了模型 {string} 的各一轮调用', function (this: SynapseWorld, models: string) {
  const { rounds } = ctx(this).session.usage;
  expect(rounds.map((round) => round.model)).to.deep.equal(list(models));
  for (const round of rounds) expect(Number.isNaN(Date.parse(round.at))).to.equal(false);
});

Then('会话加载时没有警告', function (this: SynapseWorld) {
  expect(ctx(this).session.warnings).to.deep.equal([]);
});

Then('会话目录中只有文件 {string}', async function (this: SynapseWorld, files: string) {
  expect(await ctx(this).sessionDirEntries()).to.deep.equal(list(files));
});

Then('会话历史文件恰好有 {int} 行', async function (this: SynapseWorld, count: number) {
  expect(await ctx(this).historyLines()).to.have.length(count);
});

// --- 坏行 ------------------------------------------------------------------------------------------

When('会话历史文件末尾被追加了半行 JSON {string}', async function (this: SynapseWorld, text: string) {
  await ctx(this).appendRawToHistory(text);
});

When('会话历史文件末尾多了一行只有空白的行', async function (this: SynapseWorld) {
  await ctx(this).appendRawToHistory(' \t \n');
});

When('会话历史文件第 {int} 行被替换为 {string}', async function (this: SynapseWorld, line: number, text: string) {
  await ctx(this).replaceHistoryLine(line, text);
});

When('会话的 index.json 中的 id 被改为 {string}', async function (this: SynapseWorld, id: string) {
  const index = join(dirname(await ctx(this).historyPath()), 'index.json');
  await writeFile(index, JSON.stringify({ ...JSON.parse(await readFile(index, 'utf8')), id }));
});

When('会话的 index.json 被替换为 {string}', async function (this: SynapseWorld, text: string) {
  await writeFile(join(dirname(await ctx(this).historyPath()), 'index.json'), text);
});

When('会话历史文件被删除', async function (this: SynapseWorld) {
  await rm(await ctx(this).historyPath());
});

Then('会话历史共有 {int} 条消息', function (this: SynapseWorld, count: number) {
  expect(ctx(this).session.messages).to.deep.equal(ctx(this).original.slice(0, count));
});

Then(/^会话加载警告只有一条: (index\.json|history\.jsonl) 的问题包含 "(.*)"$/, function (this: SynapseWorld, file: string, text: string) {
  const { warnings } = ctx(this).session;
  expect(warnings).to.have.length(1);
  expect(warnings[0]).to.include({ file });
  expect(warnings[0]!.message).to.include(text);
});

Then(/^会话加载警告只有一条: (history\.jsonl|usage\.jsonl) 第 (\d+) 行被跳过，原因包含 "(.*)"$/, function (this: SynapseWorld, file: string, line: string, reason: string) {
  const { warnings } = ctx(this).session;
  expect(warnings).to.have.length(1);
  expect(warnings[0]).to.include({ file, line: Number(line) });
  expect(warnings[0]!.message).to.include(reason);
});

// --- 清理 ------------------------------------------------------------------------------------------

Given('一段待清理的会话历史:', function (this: SynapseWorld, table: DataTable) {
  ctx(this).history = messagesFromTable(table);
});

When('我清理这段会话历史', function (this: SynapseWorld) {
  ctx(this).sanitized = sanitizeHistory(ctx(this).history);
});

Then('清理后的会话历史为:', function (this: SynapseWorld, table: DataTable) {
  expect(messagesToRows(ctx(this).sanitized!.messages)).to.deep.equal(messagesToRows(messagesFromTable(table)));
});

Then('会话清理移除了:', function (this: SynapseWorld, table: DataTable) {
  const withDetail = table.raw()[0]!.includes('说明');
  const removed = ctx(this).sanitized!.removed.map(({ index, reason, detail }) => ({ 序号: String(index), 原因: reason, ...(withDetail ? { 说明: detail } : {}) }));
  expect(removed).to.deep.equal(table.hashes());
});

Then('会话清理没有移除任何消息', function (this: SynapseWorld) {
  expect(ctx(this).sanitized!.removed).to.deep.equal([]);
});

Then('会话清理为调用 {string} 补上了中断结果', function (this: SynapseWorld, id: string) {
  const { added, messages } = ctx(this).sanitized!;
  expect(added.map(({ toolCallId, reason }) => ({ toolCallId, reason }))).to.deep.equal([{ toolCallId: id, reason: 'incomplete_tool_calls' }]);
  expect(messages[added[0]!.index]).to.deep.equal({ role: 'tool', tool_call_id: id, content: MISSING_RESULT_TEXT });
});

When('我清理 {int} 段随机生成的会话历史', function (this: SynapseWorld, runs: number) {
  ctx(this).error = undefined;
  try {
    fc.assert(
      fc.property(randomHistory(), (history) => checkSanitized(history)),
      { numRuns: runs },
    );
  } catch (error) {
    ctx(this).error = error as Error;
  }
});

Then('每段清理后的会话历史都满足工具调用配对规则', function (this: SynapseWorld) {
  if (ctx(this).error) throw ctx(this).error; // fast-check's report names the shrunk counterexample
});

// --- 上下文统计 ------------------------------------------------------------------------------------

Then('会话上下文统计的消息数为 {int}、工具调用数为 {int}', function (this: SynapseWorld, messages: number, toolCalls: number) {
  const stats = ctx(this).session.contextStats();
  expect(stats).to.include({ messageCount: messages, toolCallCount: toolCalls });
  expect(contextStats(ctx(this).session.messages)).to.deep.equal(stats);
});

Then('会话上下文统计的 token 数等于分词器对各条内容、工具名和参数分别计数之和', async function (this: SynapseWorld) {
  const expected = await referenceHistoryTokens(ctx(this).appended);
  expect(expected).to.be.greaterThan(0);
  expect(ctx(this).session.contextStats().tokenCount).to.equal(expected);
});

Then('重新打开的会话上下文统计与直接统计其历史的结果相同', function (this: SynapseWorld) {
  const { session, statsBeforeReopen } = ctx(this);
  const copies = session.messages.map((message) => structuredClone(message)); // fresh objects: counted from scratch
  expect(statsBeforeReopen, 'no stats were saved before reopening').to.not.equal(undefined);
  expect(session.contextStats(), 'stats changed by reopening').to.deep.equal(statsBeforeReopen);
  expect(session.contextStats()).to.deep.equal(contextStats(copies));
});

// --- 会话 ID 与错误 --------------------------------------------------------------------------------

When('我尝试在会话存储中打开会话 {string}', async function (this: SynapseWorld, id: string) {
  const c = ctx(this);
  await c.attempt(async () => (await c.store()).open(id));
});

When('我尝试在会话存储中删除会话 {string}', async function (this: SynapseWorld, id: string) {
  const c = ctx(this);
  await c.attempt(async () => (await c.store()).remove(id));
});

When('我尝试在会话存储中创建一个新会话', async function (this: SynapseWorld) {
  const c = ctx(this);
  await c.attempt(() => c.createSession());
});

When('我尝试在会话存储中以这个会话的 ID 创建会话', async function (this: SynapseWorld) {
  const c = ctx(this);
  await c.attempt(async () => (await c.store()).create({ id: c.session.id, title: '冒名' }));
});

When('两个会话存储同时在一个还不存在的目录 {string} 里各创建一个会话', async function (this: SynapseWorld, path: string) {
  const dir = join(await this.tempDir(), path);
  const created = await Promise.all([new SessionStore(dir).create(), new SessionStore(dir).create()]);
  ctx(this).createdIn = { dir, ids: created.map((session) => session.id) };
});

Then('两个会话都在那个目录里', async function (this: SynapseWorld) {
  const { dir, ids } = ctx(this).createdIn!;
  expect(new Set(ids).size).to.equal(2);
  expect((await readdir(dir)).sort()).to.deep.equal([...ids].sort());
});

Given('会话存储目录的名字有 {int} 个字符', async function (this: SynapseWorld, length: number) {
  ctx(this).useSessionsDir(join(await this.tempDir(), 's'.repeat(length)));
});

Given('会话存储目录的位置上是一个普通文件', async function (this: SynapseWorld) {
  await writeFile(await ctx(this).sessionsDir(), 'not a directory');
});

Given('会话目录旁边有一个目录 {string}，里面有一个文件', async function (this: SynapseWorld, name: string) {
  const dir = join(dirname(await ctx(this).sessionsDir()), name);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'keep.txt'), 'keep');
});

Then('会话目录旁边的目录 {string} 和它的文件仍然存在', async function (this: SynapseWorld, name: string) {
  const file = join(dirname(await ctx(this).sessionsDir()), name, 'keep.txt');
  expect((await stat(file)).isFile()).to.equal(true);
});

Then('会话存储报错 {word}，消息包含该会话 ID 和会话目录', async function (this: SynapseWorld, name: string) {
  const { error } = ctx(this);
  expect(error?.name).to.equal(name);
  expect(error!.message)
    .to.include('session-1700000000000-deadbeef')
    .and.to.include(await ctx(this).sessionsDir());
});

Then('会话存储报错 {word}，消息包含 {string}', function (this: SynapseWorld, name: string, text: string) {
  const { error } = ctx(this);
  expect(error?.name).to.equal(name);
  expect(error!.message).to.include(text);
});

// --- 列表与删除 ------------------------------------------------------------------------------------

Given('会话存储中有一个 index.json 已损坏的会话目录 {string}', async function (this: SynapseWorld, id: string) {
  await ctx(this).addBrokenSessionDir(id);
});

When('我列出会话存储中的会话', async function (this: SynapseWorld) {
  ctx(this).listing = await (await ctx(this).store()).listWithSkipped();
});

When('我向标题为 {string} 的会话追加一条用户消息 {string}', async function (this: SynapseWorld, title: string, content: string) {
  const store = await ctx(this).store();
  const summary = (await store.list()).find((entry) => entry.title === title)!;
  await (await store.open(summary.id)).append({ role: 'user', content });
});

When('我从会话存储中删除这个会话', async function (this: SynapseWorld) {
  await (await ctx(this).store()).remove(ctx(this).session.id);
});

Then('会话列表的标题依次为 {string}', function (this: SynapseWorld, titles: string) {
  expect(ctx(this).listing!.sessions.map((summary) => summary.title)).to.deep.equal(list(titles));
});

Then('会话列表的每一项都有 ID、创建时间、更新时间和消息数', function (this: SynapseWorld) {
  for (const summary of ctx(this).listing!.sessions) {
    expect(summary.id).to.match(/^session-\d+-[0-9a-f]{8}$/);
    expect(Date.parse(summary.createdAt)).to.be.at.most(Date.parse(summary.updatedAt));
    expect(summary.messageCount).to.equal(0);
  }
});

Then('会话列表跳过了 {string}，原因包含 {string}', function (this: SynapseWorld, entry: string, reason: string) {
  const { skipped } = ctx(this).listing!;
  expect(skipped.map((item) => item.entry)).to.deep.equal([entry]);
  expect(skipped[0]!.reason).to.include(reason);
});

Then('会话存储中不再有这个会话', async function (this: SynapseWorld) {
  expect(await (await ctx(this).store()).exists(ctx(this).session.id)).to.equal(false);
});

Then('会话列表为空', function (this: SynapseWorld) {
  expect(ctx(this).listing).to.deep.equal({ sessions: [], skipped: [] });
});

// --- 随机历史 --------------------------------------------------------------------------------------

/**
 * Histories built from a few call ids, mostly well-formed rounds with a fault here and there, so
 * complete rounds, dangling calls, orphans, duplicates and bad arguments all occur often.
 */
function randomHistory(): fc.Arbitrary<ChatMessage[]> {
  const id = fc.constantFrom('c1', 'c2', 'c3');
  const validArguments = fc.constantFrom('{"command":"ls"}', '{}');
  const argumentsText = fc.oneof({ weight: 4, arbitrary: validArguments }, { weight: 1, arbitrary: fc.constantFrom('"ls"', '[1]', 'null', '{"command":') });
  const toolCall = (callId: string, args: string) => ({ id: callId, type: 'function' as const, function: { name: 'Bash', arguments: args } });
  const result = (tool_call_id: string): ChatMessage => ({ role: 'tool', content: 'r', tool_call_id });
  // A round: an assistant message calling distinct ids, then their results, some dropped, repeated or foreign.
  const round = fc
    .record({
      ids: fc.uniqueArray(id, { minLength: 1, maxLength: 3 }),
      args: fc.array(argumentsText, { minLength: 3, maxLength: 3 }),
      kept: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
      extra: fc.array(id, { maxLength: 2 }),
    })
    .map(({ ids, args, kept, extra }): ChatMessage[] => [
      { role: 'assistant', content: null, tool_calls: ids.map((callId, i) => toolCall(callId, args[i]!)) },
      ...ids.filter((_, i) => kept[i]).map(result),
      ...extra.map(result),
    ]);
  const single: fc.Arbitrary<ChatMessage[]> = fc.oneof(
    fc.constant<ChatMessage[]>([{ role: 'user', content: 'u' }]),
    fc.constant<ChatMessage[]>([{ role: 'assistant', content: 'a' }]),
    id.map((callId) => [result(callId)]),
  );
  return fc.array(fc.oneof({ weight: 2, arbitrary: round }, { weight: 1, arbitrary: single }), { maxLength: 6 }).map((parts) => parts.flat());
}

/** The rules every sanitized history keeps; returns false (failing the property) on any breach. */
function checkSanitized(history: ChatMessage[]): boolean {
  const { messages, removed, added } = sanitizeHistory(history);
  // Only messages broken on their own terms go: a tool message answering nothing (or twice), or a whole
  // round whose calls no result can answer (arguments that are not an object, a shared id).
  for (const { index, reason } of removed) {
    const message = history[index]!;
    if (reason === 'orphan_tool_result' || reason === 'duplicate_tool_result') expect(message.role).to.equal('tool');
    else expect(['non_object_arguments', 'duplicate_call_id']).to.include(reason);
  }
  // Every other message is kept, the same object, in order; what is new is an interrupted result each.
  const removedIndexes = new Set(removed.map((entry) => entry.index));
  const addedIndexes = new Set(added.map((entry) => entry.index));
  expect(messages.filter((_, i) => !addedIndexes.has(i))).to.deep.equal(history.filter((_, i) => !removedIndexes.has(i)));
  for (const { index, toolCallId } of added) expect(messages[index]).to.deep.equal({ role: 'tool', tool_call_id: toolCallId, content: MISSING_RESULT_TEXT });
  for (let i = 0; i < messages.length; i += 1) {
    const message = messages[i]!;
    if (message.role === 'tool') {
      let owner = i - 1;
      while (owner >= 0 && messages[owner]!.role === 'tool') owner -= 1;
      expect(messages[owner]?.tool_calls?.map((call) => call.id)).to.include(message.tool_call_id);
    }
    if (message.tool_calls?.length) {
      const results: string[] = [];
      for (let j = i + 1; j < messages.length && messages[j]!.role === 'tool'; j += 1) results.push(messages[j]!.tool_call_id!);
      expect([...results].sort()).to.deep.equal(message.tool_calls.map((call) => call.id).sort());
      for (const call of message.tool_calls) expect(JSON.parse(call.function.arguments)).to.be.an('object').and.not.be.an('array');
    }
  }
  const again = sanitizeHistory(messages);
  expect([again.removed, again.added]).to.deep.equal([[], []]);
  return true;
}

// --- 写锁 ------------------------------------------------------------------------------------------

/** The lock file a scenario planted, to compare with what is left after the attempt. */
const plantedLocks = new WeakMap<SynapseWorld, { pid: number; hostname: string; text: string }>();
const lockPath = async (world: SynapseWorld) => join(await ctx(world).sessionsDir(), ctx(world).session.id, 'writer.lock');

async function plantLock(world: SynapseWorld, fields: { pid: number; hostname?: string; processStart?: string }, ageMs = 0): Promise<void> {
  const holder = { hostname: hostname(), acquiredAt: new Date(Date.now() - ageMs).toISOString(), token: 'f00dfeedf00dfeed', ...fields };
  const text = `${JSON.stringify(holder)}\n`;
  // Recorded before the write: the code under test may read the lock and fail the attempt before this step resumes.
  plantedLocks.set(world, { pid: holder.pid, hostname: holder.hostname, text });
  await writeFile(await lockPath(world), text);
}

async function exitedPid(): Promise<number> {
  const child = spawn('true');
  await once(child, 'exit');
  return child.pid!;
}

async function runningPid(world: SynapseWorld): Promise<number> {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  world.onCleanup(() => child.kill('SIGKILL'));
  await once(child, 'spawn');
  return child.pid!;
}

/** Another node process that opens the session through the built library and takes its writer lock. */
async function lockingProcess(world: SynapseWorld, then: 'hold' | 'exit'): Promise<ChildProcess> {
  await ensureFreshBuild();
  const script = `const { SessionStore } = require(${JSON.stringify(LIBRARY_ENTRY)});
    (async () => {
      const session = await new SessionStore(process.argv[1]).open(process.argv[2]);
      await session.lock();
      process.stdout.write('locked\\n');
      if (process.argv[3] === 'exit') process.exit(0);
      setInterval(() => undefined, 1000);
    })();`;
  const child = spawn(process.execPath, ['-e', script, await ctx(world).sessionsDir(), ctx(world).session.id, then], { stdio: ['ignore', 'pipe', 'inherit'] });
  world.onCleanup(() => child.kill('SIGKILL'));
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  expect(chunk.toString()).to.equal('locked\n');
  return child;
}

const LOCK_HOLDERS: Record<string, (world: SynapseWorld) => Promise<void>> = {
  另一个用这个会话的进程: async (world) => {
    const child = await lockingProcess(world, 'hold');
    const text = await readFile(await lockPath(world), 'utf8');
    plantedLocks.set(world, { pid: child.pid!, hostname: hostname(), text });
  },
  一个已经结束的进程: async (world) => plantLock(world, { pid: await exitedPid() }),
  一个正在运行的进程: async (world) => plantLock(world, { pid: await runningPid(world) }),
  // The pid runs, but it started at another time than the lock says: the kernel reused the pid.
  一个进程号已被别的进程重用的进程: async (world) => plantLock(world, { pid: await runningPid(world), processStart: '1' }),
  本进程里一个已经不在的写者: async (world) => plantLock(world, { pid: process.pid }),
  本进程里另一个打开它的会话对象: async (world) => {
    const other = await (await ctx(world).store()).open(ctx(world).session.id);
    await other.lock();
    world.onCleanup(() => other.close());
    plantedLocks.set(world, { pid: process.pid, hostname: hostname(), text: await readFile(await lockPath(world), 'utf8') });
  },
  另一台主机上的进程: async (world) => plantLock(world, { pid: 4242, hostname: 'build-server-7' }),
};

Given('会话的写锁文件留给了{word}', async function (this: SynapseWorld, holder: string) {
  await LOCK_HOLDERS[holder]!(this);
});

Given('会话的写锁文件是 {int} 秒前写下的一段读不懂的内容', async function (this: SynapseWorld, seconds: number) {
  const path = await lockPath(this);
  await writeFile(path, '{"pid": 12');
  const then = new Date(Date.now() - seconds * 1000);
  await utimes(path, then, then);
});

Given('会话的写锁文件刚开始写、还读不懂，{int} 毫秒后由{word}写完', async function (this: SynapseWorld, ms: number, holder: string) {
  await writeFile(await lockPath(this), '{"pid": 12');
  const completed = delay(ms).then(() => LOCK_HOLDERS[holder]!(this));
  this.onCleanup(() => completed);
});

Given('会话目录中留着一个 {int} 秒前的写锁接管目录', async function (this: SynapseWorld, seconds: number) {
  const path = `${await lockPath(this)}.takeover`;
  await mkdir(path);
  const then = new Date(Date.now() - seconds * 1000);
  await utimes(path, then, then);
});

Given('会话的写锁文件的位置上是一个目录', async function (this: SynapseWorld) {
  await mkdir(await lockPath(this));
});

When('我尝试向会话追加一条用户消息 {string}', async function (this: SynapseWorld, content: string) {
  const c = ctx(this);
  await c.attempt(() => c.append([{ role: 'user', content }]));
});

Then('会话存储报错 SessionLockedError，指明会话和写锁文件中的持有者', function (this: SynapseWorld) {
  const { pid, hostname: host } = plantedLocks.get(this)!;
  const { error, session } = ctx(this);
  expect(error?.name).to.equal('SessionLockedError');
  const where = host === hostname() ? `pid ${pid}` : `pid ${pid} on ${host}`;
  const { acquiredAt } = JSON.parse(plantedLocks.get(this)!.text) as { acquiredAt: string };
  expect(error!.message).to.equal(
    `Session "${session.id}" is being written by another process (${where}, since ${acquiredAt}); ` +
      'only one writer at a time: wait for it to finish (if that process is gone, the lock is taken over automatically)',
  );
});

Then('会话的写锁文件原样保留', async function (this: SynapseWorld) {
  expect(await readFile(await lockPath(this), 'utf8')).to.equal(plantedLocks.get(this)!.text);
});

Given('另一个进程取得这个会话的写锁后以 process.exit 退出', async function (this: SynapseWorld) {
  const child = await lockingProcess(this, 'exit');
  const [code] = await once(child, 'exit');
  expect(code).to.equal(0);
});

// --- 修复与隔离 ------------------------------------------------------------------------------------

/** What the last repair reported, and the session's files (split into lines of bytes) just before it. */
const repairs = new WeakMap<SynapseWorld, { report: SessionRepair; linesBefore: Record<string, Buffer[]> }>();

/** A file's lines as bytes (newlines excluded), or none when it does not exist. */
async function byteLines(path: string): Promise<Buffer[]> {
  const bytes = await readFile(path).catch(() => Buffer.alloc(0));
  const lines: Buffer[] = [];
  for (let start = 0; start < bytes.length; ) {
    const end = bytes.indexOf(0x0a, start);
    lines.push(bytes.subarray(start, end === -1 ? bytes.length : end));
    start = end === -1 ? bytes.length : end + 1;
  }
  return lines;
}

const sessionFile = async (world: SynapseWorld, name: string) => join(dirname(await ctx(world).historyPath()), name);

When('会话历史文件第 {int} 行被换成无法读取的字节', async function (this: SynapseWorld, line: number) {
  const lines = await byteLines(await ctx(this).historyPath());
  // Half a line plus bytes that are not UTF-8: what a torn or corrupted write leaves.
  lines[line - 1] = Buffer.concat([Buffer.from('{"role":"tool","tool_call_id":"call_'), Buffer.from([0xff, 0xfe, 0x00, 0x80])]);
  await writeFile(await ctx(this).historyPath(), Buffer.concat(lines.flatMap((bytes) => [bytes, Buffer.from('\n')])));
});

When('会话用量文件末尾被追加了半行 JSON {string}', async function (this: SynapseWorld, text: string) {
  await writeFile(await sessionFile(this, 'usage.jsonl'), text, { flag: 'a' });
});

When('我修复这个会话', async function (this: SynapseWorld) {
  const linesBefore = { 'history.jsonl': await byteLines(await sessionFile(this, 'history.jsonl')), 'usage.jsonl': await byteLines(await sessionFile(this, 'usage.jsonl')) };
  repairs.set(this, { report: await ctx(this).session.repair(), linesBefore });
});

Then('会话修复的报告为:', function (this: SynapseWorld, table: DataTable) {
  const { quarantined } = repairs.get(this)!.report;
  const rows = table.hashes();
  expect(quarantined.map(({ file, line, quarantineFile }) => ({ file, line, quarantineFile }))).to.deep.equal(
    rows.map((row) => ({ file: row['文件'], line: row['行'] ? Number(row['行']) : undefined, quarantineFile: row['隔离文件'] })),
  );
  for (const [i, row] of rows.entries()) expect(quarantined[i]!.reason).to.include(row['原因']!);
});

Then('会话修复的报告为空', function (this: SynapseWorld) {
  expect(repairs.get(this)!.report).to.deep.equal({ quarantined: [], answeredCalls: [] });
});

Then('会话修复为调用 {string} 补上了中断结果', function (this: SynapseWorld, id: string) {
  expect(repairs.get(this)!.report.answeredCalls).to.deep.equal([id]);
});

Then('会话修复没有补上任何结果', function (this: SynapseWorld) {
  expect(repairs.get(this)!.report.answeredCalls).to.deep.equal([]);
});

Then('会话的 {string} 原样保存了修复前 {word} 第 {int} 行的字节', async function (this: SynapseWorld, quarantineFile: string, file: string, line: number) {
  const records = (await readFile(await sessionFile(this, quarantineFile), 'utf8'))
    .trim()
    .split('\n')
    .map((text) => JSON.parse(text) as { file: string; line?: number; reason: string; text?: string; base64?: string });
  const expected = repairs.get(this)!.linesBefore[file]![line - 1]!;
  expect(records.map(({ file: from, line: at }) => ({ file: from, line: at }))).to.deep.equal([{ file, line }]);
  expect(quarantinedBytes(records[0]!).equals(expected), `quarantined ${JSON.stringify(records[0])}, the line was ${JSON.stringify(expected.toString('latin1'))}`).to.equal(true);
});

Then('会话历史为:', function (this: SynapseWorld, table: DataTable) {
  expect(messagesToRows(ctx(this).session.messages)).to.deep.equal(messagesToRows(messagesFromTable(table)));
});

// --- 写锁的持有与清理 ------------------------------------------------------------------------------

Given('会话目录中有文件 {string}', async function (this: SynapseWorld, names: string) {
  for (const name of list(names)) await writeFile(await sessionFile(this, name), 'left behind');
});

When('我锁定这个会话', async function (this: SynapseWorld) {
  const { session } = ctx(this);
  await session.lock();
  this.onCleanup(() => session.close());
});

When('我关闭这个会话', async function (this: SynapseWorld) {
  await ctx(this).session.close();
});

Given('会话存储目录是 {string}', async function (this: SynapseWorld, path: string) {
  const temp = await this.tempDir();
  await writeFile(join(temp, 'file'), 'a file, not a directory');
  ctx(this).useSessionsDir(path.replace('<临时目录>', temp));
});

// --- 校验、标题、统计、索引与列表 ------------------------------------------------------------------

When('我尝试向会话追加一条用户消息和一条角色为 {string} 的消息', async function (this: SynapseWorld, role: string) {
  const c = ctx(this);
  await c.attempt(() => c.append([{ role: 'user', content: '好的' }, { role, content: '?' } as unknown as ChatMessage]));
});

When('我把会话标题设为:', async function (this: SynapseWorld, title: string) {
  await ctx(this).session.setTitle(title);
});

Given('分词器已经建好', function (this: SynapseWorld) {
  warmUpTokenizer(); // with the tokenizer built, appends persist context stats that a reopen may reuse
});

Then('会话上下文统计与直接统计其历史的结果相同', function (this: SynapseWorld) {
  const { session } = ctx(this);
  expect(session.contextStats()).to.deep.equal(contextStats(session.messages.map((message) => structuredClone(message))));
});

When('会话的 index.json 被删除', async function (this: SynapseWorld) {
  await rm(await sessionFile(this, 'index.json'));
});

Given('会话存储目录中有文件 {string} 和目录 {string}', async function (this: SynapseWorld, file: string, dirs: string) {
  const root = await ctx(this).sessionsDir();
  await mkdir(root, { recursive: true });
  await writeFile(join(root, file), 'not a session');
  for (const dir of list(dirs)) await mkdir(join(root, dir));
});

Given('会话存储中有一个 index.json 是目录的会话目录 {string}', async function (this: SynapseWorld, id: string) {
  await mkdir(join(await ctx(this).sessionsDir(), id, 'index.json'), { recursive: true });
});

When('我尝试在会话存储中删除这个会话', async function (this: SynapseWorld) {
  const c = ctx(this);
  await c.attempt(async () => (await c.store()).remove(c.session.id));
});

When('我向会话追加一条用户消息，内容是 {int} 个 {string}', async function (this: SynapseWorld, count: number, character: string) {
  await ctx(this).append([{ role: 'user', content: character.repeat(count) }]);
});

When('我向会话追加一条用户消息:', async function (this: SynapseWorld, content: string) {
  await ctx(this).append([{ role: 'user', content }]);
});

When('我向会话追加一条用户消息 {string}，其中用户自己写的是 {string}', async function (this: SynapseWorld, content: string, userText: string) {
  await ctx(this).append([{ role: 'user', content, meta: { userText } }]);
});

Then('会话标题是 {int} 个 {string} 加上 {string}', function (this: SynapseWorld, count: number, character: string, suffix: string) {
  expect(ctx(this).session.title).to.equal(character.repeat(count) + suffix);
});

Then('会话没有标题', function (this: SynapseWorld) {
  expect(ctx(this).session.title).to.equal(null);
});

Then('会话的 {string} 由 {int} 行 JSON 组成，没有空行', async function (this: SynapseWorld, name: string, count: number) {
  const text = await readFile(await sessionFile(this, name), 'utf8');
  expect(text.endsWith('\n'), `${name} ends with a newline`).to.equal(true);
  const lines = text.slice(0, -1).split('\n');
  expect(lines, text).to.have.length(count);
  for (const line of lines) expect(() => JSON.parse(line), `not JSON: ${JSON.stringify(line)}`).not.to.throw();
});

const fsDescriptions = new WeakMap<SynapseWorld, string>();

When(/^描述一个错误码为 "(\w+)"、消息为 "(.*)" 的文件系统错误(?:，路径是 "(.*)")?$/, function (this: SynapseWorld, code: string, message: string, path?: string) {
  fsDescriptions.set(this, describeFsError(Object.assign(new Error(message), { code }), path));
});

Then('描述为 {string}', function (this: SynapseWorld, text: string) {
  expect(fsDescriptions.get(this)).to.equal(text);
});

Given('会话存储中有以下会话索引:', async function (this: SynapseWorld, table: DataTable) {
  const root = await ctx(this).sessionsDir();
  for (const row of table.hashes()) {
    const usage = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };
    const index = { version: 1, id: row.ID, title: row['标题'], createdAt: row['创建时间'], updatedAt: row['更新时间'], messageCount: 0, usage: { total: usage, roundCount: 0 }, context: null };
    await mkdir(join(root, row.ID!), { recursive: true });
    await writeFile(join(root, row.ID!, 'index.json'), JSON.stringify(index));
  }
});

Then('会话的创建时间和更新时间都是有效的时间', function (this: SynapseWorld) {
  const { createdAt, updatedAt } = ctx(this).session;
  for (const time of [createdAt, updatedAt]) expect(new Date(time).toISOString(), String(time)).to.equal(time);
});

When('会话的 index.json 中的 {string} 被改为 {int}', async function (this: SynapseWorld, path: string, value: number) {
  const file = await sessionFile(this, 'index.json');
  const index = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  const keys = path.split('.');
  const parent = keys.slice(0, -1).reduce((node, key) => node[key] as Record<string, unknown>, index);
  parent[keys.at(-1)!] = value;
  await writeFile(file, JSON.stringify(index));
});

Then('补上的中断结果告诉模型 {string}', function (this: SynapseWorld, text: string) {
  const results = ctx(this).session.messages.filter((message) => message.role === 'tool' && message.content === text);
  expect(results, JSON.stringify(ctx(this).session.messages)).to.have.length(1);
});

Then('会话的 {string} 最后一条记录没有行号，原样保存了消息 {}', async function (this: SynapseWorld, quarantineFile: string, json: string) {
  const lines = (await readFile(await sessionFile(this, quarantineFile), 'utf8')).trim().split('\n');
  const record = JSON.parse(lines.at(-1)!) as { line?: number; text?: string; base64?: string };
  expect(record.line).to.equal(undefined);
  expect(quarantinedBytes(record).toString('utf8')).to.equal(json);
});
