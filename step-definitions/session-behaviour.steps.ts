import { chmod, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { type DataTable, Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import type { ChatMessage } from '../src/llm/types';
import { contextStats, repairWarnings, type SessionLoadWarning, type SessionRepair } from '../src/session';
import { referenceHistoryTokens } from './support/reference-tokenizer';
import { RunnerContext } from './support/runner-context';
import { SessionContext } from './support/session-context';
import type { SynapseWorld } from './support/world';

const ctx = (world: SynapseWorld) => world.use(SessionContext);
/** "第 1、3 条" → [1, 3]. */
const positions = (text: string) => text.split('、').map(Number);
const sessionFile = async (world: SynapseWorld, name: string) => join(await ctx(world).sessionsDir(), ctx(world).session.id, name);

/** What a scenario of this file remembered: file bytes before an operation, a repair and its warnings. */
interface Remembered {
  files?: Map<string, Buffer>;
  repair?: { report: SessionRepair; warnings: SessionLoadWarning[] };
  /** Appends started without waiting for them, awaited at cleanup. */
  pending?: Promise<void>[];
}
const remembered = new WeakMap<SynapseWorld, Remembered>();
const memory = (world: SynapseWorld): Remembered => {
  if (!remembered.has(world)) remembered.set(world, {});
  return remembered.get(world)!;
};

/** A JSON object written the way another program might: a space after every colon and comma. */
function spacedJson(value: Record<string, unknown>): string {
  return `{${Object.entries(value)
    .map(([key, field]) => `${JSON.stringify(key)}: ${JSON.stringify(field)}`)
    .join(', ')}}`;
}

/**
 * Runs a file operation with the permissions of an ordinary user: file modes are not checked for root,
 * so when the scenarios run as root the effective uid is switched to nobody (65534) for the operation and
 * back after it. `umask` (if given) is the process umask meanwhile.
 */
async function asOrdinaryUser(operation: () => Promise<void>, umask?: number): Promise<void> {
  const root = process.geteuid?.() === 0;
  const previousUmask = umask === undefined ? undefined : process.umask(umask);
  if (root) process.seteuid!(65534);
  try {
    await operation();
  } finally {
    if (root) process.seteuid!(0);
    if (previousUmask !== undefined) process.umask(previousUmask);
  }
}

/** Lets an ordinary user (nobody, when the scenarios run as root) reach and write a directory of the scenario. */
async function openToOrdinaryUser(world: SynapseWorld, dir: string): Promise<void> {
  await chmod(await world.tempDir(), 0o755);
  await chmod(dir, 0o777);
}

// --- 磁盘上的文件 ----------------------------------------------------------------------------------

When('会话历史文件被另一个程序重写为同样的消息，每行 JSON 在冒号和逗号后带空格', async function (this: SynapseWorld) {
  const path = await sessionFile(this, 'history.jsonl');
  const lines = (await readFile(path, 'utf8')).split('\n').filter((line) => line !== '');
  await writeFile(path, lines.map((line) => `${spacedJson(JSON.parse(line) as Record<string, unknown>)}\n`).join(''));
});

When('会话历史文件第 1 行被换成一行坏行和一条用户消息，文件总长度不变', async function (this: SynapseWorld) {
  const path = await sessionFile(this, 'history.jsonl');
  const [first, ...rest] = (await readFile(path, 'utf8')).split('\n');
  // "{\n" + {"role":"user","content":"<pad>"}: the pad makes the two lines exactly as long as the first was.
  const pad = 'x'.repeat(Buffer.byteLength(first!) - 2 - JSON.stringify({ role: 'user', content: '' }).length);
  await writeFile(path, ['{', JSON.stringify({ role: 'user', content: pad }), ...rest].join('\n'));
});

When('会话历史文件被换成一个目录', async function (this: SynapseWorld) {
  const path = await sessionFile(this, 'history.jsonl');
  await rm(path);
  await mkdir(join(path, 'inside'), { recursive: true });
});

When('我记下会话目录中每个文件的内容', async function (this: SynapseWorld) {
  const dir = dirname(await sessionFile(this, 'history.jsonl'));
  const files = new Map<string, Buffer>();
  for (const name of await readdir(dir)) files.set(name, await readFile(join(dir, name)));
  memory(this).files = files;
});

Then('会话目录中的文件与记下的完全相同', async function (this: SynapseWorld) {
  const dir = dirname(await sessionFile(this, 'history.jsonl'));
  const before = memory(this).files!;
  expect((await readdir(dir)).sort()).to.deep.equal([...before.keys()].sort());
  for (const [name, bytes] of before) expect((await readFile(join(dir, name))).toString('utf8'), name).to.equal(bytes.toString('utf8'));
});

Then('会话的 {string} 与记下的完全相同', async function (this: SynapseWorld, name: string) {
  expect((await readFile(await sessionFile(this, name))).toString('utf8')).to.equal(memory(this).files!.get(name)!.toString('utf8'));
});

Then('会话的 index.json 中没有上下文统计', async function (this: SynapseWorld) {
  const index = JSON.parse(await readFile(await sessionFile(this, 'index.json'), 'utf8')) as { context: unknown };
  expect(index.context).to.equal(null);
});

// --- 追加、重写与写锁 ------------------------------------------------------------------------------

When('我向会话追加空的一批消息', async function (this: SynapseWorld) {
  await ctx(this).session.append([]);
});

When('我尝试向会话追加 null', async function (this: SynapseWorld) {
  const c = ctx(this);
  await c.attempt(() => c.session.append(null as unknown as ChatMessage));
});

When('我尝试向会话追加一条工具调用缺少 id 的助手消息', async function (this: SynapseWorld) {
  const c = ctx(this);
  const message = { role: 'assistant', content: null, tool_calls: [{ type: 'function', function: { name: 'Bash', arguments: '{}' } }] };
  await c.attempt(() => c.session.append(message as unknown as ChatMessage));
});

When('我不等待地向会话逐条追加用户消息 {string}，然后等待 flush', async function (this: SynapseWorld, contents: string) {
  const { session } = ctx(this);
  const pending = contents.split(/,\s*/).map((content) => session.append({ role: 'user', content }));
  memory(this).pending = pending;
  this.onCleanup(() => Promise.allSettled(pending));
  await session.flush();
});

When('我尝试用原来的第 {word} 条消息重写会话历史', async function (this: SynapseWorld, which: string) {
  const c = ctx(this);
  await c.attempt(() => c.session.rewrite(positions(which).map((n) => c.session.messages[n - 1]!)));
});

// --- 会话存储 --------------------------------------------------------------------------------------

When('我尝试在会话存储中以 ID {string} 创建会话', async function (this: SynapseWorld, id: string) {
  const c = ctx(this);
  await c.attempt(async () => (await c.store()).create({ id }));
});

When('我尝试在会话存储中打开会话 ID 为数字 {int} 的会话', async function (this: SynapseWorld, id: number) {
  const c = ctx(this);
  await c.attempt(async () => (await c.store()).open(id as unknown as string));
});

Then('会话存储目录旁边没有 {string}', async function (this: SynapseWorld, name: string) {
  const path = join(dirname(await ctx(this).sessionsDir()), name);
  expect(
    await stat(path).then(
      () => 'exists',
      () => 'absent',
    ),
  ).to.equal('absent');
});

Then('会话存储目录不存在', async function (this: SynapseWorld) {
  expect(
    await stat(await ctx(this).sessionsDir()).then(
      () => 'exists',
      () => 'absent',
    ),
  ).to.equal('absent');
});

Then('会话存储报错 Error，消息是这个会话的 ID 已在会话存储目录中存在', async function (this: SynapseWorld) {
  const { error, session } = ctx(this);
  expect(error?.name).to.equal('Error');
  expect(error!.message).to.equal(`Session "${session.id}" already exists in ${await ctx(this).sessionsDir()}`);
});

Then('会话存储报错，错误码为 {string}', function (this: SynapseWorld, code: string) {
  expect((ctx(this).error as NodeJS.ErrnoException | undefined)?.code, ctx(this).error?.message).to.equal(code);
});

Given('会话存储目录是一个已有的目录，路径长 {int} 个字符', async function (this: SynapseWorld, length: number) {
  const temp = await this.tempDir();
  // Components of 200 characters (a name may have 255), the last one making up the length.
  let dir = temp;
  while (length - dir.length > 201) dir = join(dir, 'd'.repeat(200));
  dir = join(dir, 'e'.repeat(length - dir.length - 1));
  await mkdir(dir, { recursive: true });
  expect(dir).to.have.length(length);
  ctx(this).useSessionsDir(dir);
});

Given('会话存储目录中有 index.json 已损坏的会话目录 {string}', async function (this: SynapseWorld, ids: string) {
  for (const id of ids.split(/,\s*/)) await ctx(this).addBrokenSessionDir(id);
});

Given('会话存储目录中有一个 index.json 已损坏、大小为 {int} MB 的会话目录 {string}', async function (this: SynapseWorld, megabytes: number, id: string) {
  const dir = join(await ctx(this).sessionsDir(), id);
  await mkdir(dir, { recursive: true });
  // A long title cut off before its closing quote: valid JSON up to the end of the file.
  await writeFile(join(dir, 'index.json'), `{"version": 1, "id": "${id}", "title": "${'x'.repeat(megabytes * 1024 * 1024)}`);
});

Then('会话列表依次跳过了 {string}', function (this: SynapseWorld, entries: string) {
  expect(ctx(this).listing!.skipped.map((item) => item.entry)).to.deep.equal(entries.split(/,\s*/));
});

Then('会话列表中这个会话的消息数为 {int}', async function (this: SynapseWorld, count: number) {
  const summary = (await (await ctx(this).store()).list()).find((entry) => entry.id === ctx(this).session.id);
  expect(summary?.messageCount).to.equal(count);
});

Then('新建的会话没有警告', function (this: SynapseWorld) {
  expect(ctx(this).session.warnings).to.deep.equal([]);
});

// --- 标题 ------------------------------------------------------------------------------------------

When('我向会话追加一条用户消息，内容是 {int} 个 {string} 接着 {string}', async function (this: SynapseWorld, count: number, character: string, rest: string) {
  await ctx(this).append([{ role: 'user', content: character.repeat(count) + rest }]);
});

When('我向会话追加一条用户消息，第一行只有空格，第二行是 {string}', async function (this: SynapseWorld, text: string) {
  await ctx(this).append([{ role: 'user', content: `   \n${text}` }]);
});

// --- 权限 ------------------------------------------------------------------------------------------

Given('会话存储目录已经存在，普通用户可以写', async function (this: SynapseWorld) {
  const dir = await ctx(this).sessionsDir();
  await mkdir(dir, { recursive: true });
  await openToOrdinaryUser(this, dir);
});

When('我以普通用户、umask {word} 尝试在会话存储中创建一个新会话', async function (this: SynapseWorld, umask: string) {
  const c = ctx(this);
  await c.attempt(() => asOrdinaryUser(async () => void (await c.createSession()), Number.parseInt(umask, 8)));
});

Then('会话存储报错 SessionFileError，消息是不能写新会话目录下的 {string}，原因是 {string}', async function (this: SynapseWorld, name: string, problem: string) {
  const error = ctx(this).error as (Error & { path?: string }) | undefined;
  expect(error?.name, error?.message).to.equal('SessionFileError');
  const sessionsDir = await ctx(this).sessionsDir();
  expect(dirname(error!.path!)).to.match(/\/session-\d+-[0-9a-f]{8}$/);
  expect(error!.path).to.equal(join(sessionsDir, basename(dirname(error!.path!)), name));
  expect(error!.message).to.equal(`Cannot write ${error!.path}: ${problem}`);
});

Given('会话目录中有一个删不掉的临时目录 {string}', async function (this: SynapseWorld, name: string) {
  const dir = join(dirname(await sessionFile(this, 'history.jsonl')), name);
  await mkdir(dir);
  await writeFile(join(dir, 'part'), 'left behind');
  await chmod(dir, 0o555); // its entry cannot be removed by an ordinary user
  this.onCleanup(() => chmod(dir, 0o755));
  await openToOrdinaryUser(this, dirname(dir));
});

When('我以普通用户尝试锁定这个会话', async function (this: SynapseWorld) {
  const c = ctx(this);
  await c.attempt(() => asOrdinaryUser(() => c.session.lock()));
});

Then('会话存储报错 SessionFileError，消息是不能写会话目录下的 {string}，原因是 {string}', async function (this: SynapseWorld, name: string, problem: string) {
  const { error } = ctx(this);
  expect(error?.name, error?.message).to.equal('SessionFileError');
  const dir = join(await ctx(this).sessionsDir(), ctx(this).session.id);
  expect(error!.message).to.equal(`Cannot write ${name === '.' ? dir : join(dir, name)}: ${problem}`);
});

// --- 修复 ------------------------------------------------------------------------------------------

When('我修复这个会话，并把修复报告转成警告', async function (this: SynapseWorld) {
  const report = await ctx(this).session.repair();
  memory(this).repair = { report, warnings: repairWarnings(report) };
});

Then('修复报告中隔离的各项依次为（没有行号的一项不带行号字段）:', function (this: SynapseWorld, table: DataTable) {
  const expected = table.hashes().map((row) => ({ file: row['文件'], ...(row['行'] ? { line: Number(row['行']) } : {}), reason: row['原因'], quarantineFile: row['隔离文件'] }));
  expect(memory(this).repair!.report.quarantined).to.deep.equal(expected);
});

Then('修复报告转成的警告依次为（没有行号的一条不带行号字段）:', function (this: SynapseWorld, table: DataTable) {
  const expected = table
    .hashes()
    .map((row) => ({ file: row['文件'], ...(row['行'] ? { line: Number(row['行']) } : {}), message: row['消息'], ...(row['隔离文件'] ? { quarantineFile: row['隔离文件'] } : {}) }));
  expect(memory(this).repair!.warnings).to.deep.equal(expected);
});

// --- 清理 ------------------------------------------------------------------------------------------

Given('一段待清理的会话历史，每行一条 JSON 消息:', function (this: SynapseWorld, text: string) {
  ctx(this).history = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as ChatMessage);
});

Then('清理后的会话历史与清理前完全相同', function (this: SynapseWorld) {
  const { history, sanitized } = ctx(this);
  expect(sanitized!.messages).to.deep.equal(history);
  expect(sanitized!.added).to.deep.equal([]);
});

// --- 上下文统计 ------------------------------------------------------------------------------------

Then('会话上下文统计的 token 数为 {int}', function (this: SynapseWorld, tokens: number) {
  expect(ctx(this).session.contextStats().tokenCount).to.equal(tokens);
});

Then('会话上下文统计的 token 数为 {int} 减去原来的第 {word} 条消息的 token 数，消息数和工具调用数与直接统计的相同', async function (this: SynapseWorld, tokens: number, which: string) {
  const { session, appended } = ctx(this);
  const dropped = positions(which).map((n) => appended[n - 1]!);
  const direct = contextStats(session.messages.map((message) => structuredClone(message)));
  expect(session.contextStats()).to.deep.equal({ ...direct, tokenCount: tokens - (await referenceHistoryTokens(dropped)) });
});

// --- 运行器 ----------------------------------------------------------------------------------------

Then('运行器在第一次运行前报告的会话用量为零，没有任何一轮', async function (this: SynapseWorld) {
  const runner = await this.use(RunnerContext).runner();
  expect(await runner.getSessionUsage()).to.deep.equal({ total: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 }, byModel: {}, rounds: [], roundCount: 0 });
});
