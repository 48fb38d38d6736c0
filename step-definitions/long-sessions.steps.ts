import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { access, appendFile, mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { compactCommand, OffloadStore, SessionStore, type ChatMessage, type Session } from '../src';
import { ARCHIVE_FILE, PENDING_INPUT_FILE } from '../src/session/session-files';
import { ContextManagementContext, longConversation, toolRound } from './support/context-context';
import { RunnerContext } from './support/runner-context';
import type { SynapseWorld } from './support/world';

const runner = (world: SynapseWorld) => world.use(RunnerContext);
const context = (world: SynapseWorld) => world.use(ContextManagementContext);
const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );
const roleAndContent = (messages: readonly ChatMessage[]) => messages.map(({ role, content }) => ({ role, content }));

/** What a scenario of this file observed along the way. */
class LongSessionNotes {
  pendingAtStart?: string;
  sessions: Session[] = [];
  holder?: Session;
  release?: () => void;
  running?: Promise<string>;
  output?: string;
}
const notes = (world: SynapseWorld) => world.use(LongSessionNotes);

async function sessionDir(world: SynapseWorld): Promise<string> {
  return join(await runner(world).sessionsDir(), (await runner(world).runner()).getSessionId()!);
}

// --- Compaction keeps everything in the transcript ---------------------------------------------------------

When('Runner 压缩会话后，新的 Runner 续接它执行 {string}，模型回复 {string}', async function (this: SynapseWorld, input: string, answer: string) {
  const r = runner(this);
  expect((await (await r.runner()).compact()).success).to.equal(true);
  await r.restart();
  this.llm.reply({ content: answer });
  await r.run(input);
});

When('Runner 压缩会话', async function (this: SynapseWorld) {
  expect((await (await runner(this).runner()).compact()).success).to.equal(true);
});

Given('会话里已有一段两次提问、每次读过 {int} 个各约 {int} 词日志的对话', async function (this: SynapseWorld, count: number, words: number) {
  const first = longConversation(count, words, 'Read the logs of Monday.');
  const second = longConversation(count, words, 'Now the logs of Tuesday.').map((message) =>
    message.tool_call_id
      ? { ...message, tool_call_id: `${message.tool_call_id}_b` }
      : message.tool_calls
        ? { ...message, tool_calls: message.tool_calls.map((call) => ({ ...call, id: `${call.id}_b` })) }
        : message,
  );
  await runner(this).resumeSessionWith([...first, ...second]);
});

Then('续接后的请求应以原来的两次提问开头，接着是摘要，不含第 1 个日志的原文', function (this: SynapseWorld) {
  const sent = this.llm.requests.at(-1)!.messages;
  expect(sent.slice(1, 3).map((message) => message.content)).to.deep.equal(['Read the logs of Monday.', 'Now the logs of Tuesday.']);
  expect(sent[3]!.content).to.match(/^\[Compressed History\]\n\n/);
  expect(JSON.stringify(sent)).not.to.contain('[log 1]');
});

Then('会话的完整记录应为压缩前的全部消息，再加上 {string} 与 {string}', async function (this: SynapseWorld, input: string, answer: string) {
  expect(roleAndContent(await runner(this).transcript())).to.deep.equal(roleAndContent([...runner(this).seeded, { role: 'user', content: input }, { role: 'assistant', content: answer }]));
});

Given('会话的 archive.jsonl 末尾有一次没有完成的写入', async function (this: SynapseWorld) {
  // A crash after the archive write began and before the history was rewritten: the history is as it was.
  const seeded = runner(this).seeded;
  await appendFile(join(await sessionDir(this), ARCHIVE_FILE), `${JSON.stringify(seeded[0])}\n${JSON.stringify(seeded[1])}\n{"role":"tool","tool_ca`);
});

Then('会话的完整记录应为压缩前的全部消息', async function (this: SynapseWorld) {
  expect(await runner(this).transcript()).to.deep.equal(runner(this).seeded);
});

Then('会话的 archive.jsonl 应恰好是压缩前的全部消息，各一次', async function (this: SynapseWorld) {
  const lines = (await readFile(join(await sessionDir(this), ARCHIVE_FILE), 'utf8')).split('\n');
  expect(lines.at(-1)).to.equal('');
  expect(lines.slice(0, -1).map((line) => JSON.parse(line))).to.deep.equal(runner(this).seeded);
  expect(await runner(this).transcript()).to.deep.equal([...runner(this).seeded]);
});

// --- Reading offloaded results back ------------------------------------------------------------------------

Given('Runner 的工作目录在会话目录之外，卸载阈值很低', async function (this: SynapseWorld) {
  const r = runner(this);
  const work = join(await this.tempDir(), 'work');
  await mkdir(work);
  r.options.cwd = work;
  await r.sessionsDir();
  // Everything qualifies (the latest result too), and nothing is compacted.
  r.options.context = { offloadThreshold: 100, scanRatio: 1, minChars: 500, compactTriggerThreshold: 0 };
});

Given('模型先用 Bash 生成一份约 2000 词的报告，然后读回被卸载的文件，然后回复 {string}', function (this: SynapseWorld, answer: string) {
  const r = runner(this);
  r.reply(["seq -f 'report line %g: revenue grew in every region this quarter' 1 200"]);
  let queued = false;
  // The path is known once the result is offloaded (before the next request is sent).
  r.onEvent = (event) => {
    if (event.type !== 'context_offloaded' || queued) return;
    queued = true;
    r.reply([`read ${event.files[0]}`]);
    r.reply(answer);
  };
});

Then('read 应给出被卸载的原文', function (this: SynapseWorld) {
  const reads = runner(this)
    .of('tool_call_finished')
    .filter((event) => event.command?.startsWith('read '));
  expect(reads).to.have.length(1);
  expect(reads[0]!.result.isError, reads[0]!.result.message).to.equal(false);
  expect(reads[0]!.result.output).to.contain('report line 1: revenue grew').and.contain('report line 200: revenue grew');
});

Given('卸载目录里的一个文件被换成指向 {string} 的符号链接', async function (this: SynapseWorld, target: string) {
  const c = context(this);
  const secret = join(await this.tempDir(), target);
  await writeFile(secret, 'API_TOKEN=do-not-leak');
  const store = await c.store();
  await mkdir(store.dir, { recursive: true });
  c.missingPath = join(store.dir, 'result-00000000000000aa.txt');
  await symlink(secret, c.missingPath);
  c.messages = toolRound('call_1', 'cat report.txt', `Tool result is at: ${c.missingPath}`);
});

Then('该引用应恢复为 {string}，不含 {string} 的内容', function (this: SynapseWorld, placeholder: string, _target: string) {
  const c = context(this);
  expect(c.restored![1]!.content).to.equal(placeholder.replace('<path>', c.missingPath!));
  expect(JSON.stringify(c.restored)).not.to.contain('do-not-leak');
});

// --- The input is on disk before the run is announced ----------------------------------------------------

When('以输入 {string} 执行一次运行，并在 run_started 时查看会话目录', async function (this: SynapseWorld, input: string) {
  const r = runner(this);
  const dir = await sessionDir(this);
  r.onEvent = (event) => {
    // Synchronously, in the listener: what is on disk at the moment the id is announced.
    if (event.type === 'run_started') notes(this).pendingAtStart = readFileSync(join(dir, PENDING_INPUT_FILE), 'utf8');
  };
  await r.run(input);
});

Then('run_started 时会话目录里应已有 pending-input.json，记着 {string}', function (this: SynapseWorld, input: string) {
  const { message } = JSON.parse(notes(this).pendingAtStart!) as { message: ChatMessage };
  expect(message.meta?.userText ?? message.content).to.equal(input);
});

Then('运行结束后 pending-input.json 应已删除，历史中有 {string}', async function (this: SynapseWorld, input: string) {
  expect(await exists(join(await sessionDir(this), PENDING_INPUT_FILE))).to.equal(false);
  const history = await runner(this).persistedHistory();
  expect(history.map((message) => message.meta?.userText ?? message.content)).to.deep.equal([input, runner(this).result]);
});

Given('会话里留有被杀掉的运行的输入 {string}', async function (this: SynapseWorld, input: string) {
  const r = runner(this);
  const session = await new SessionStore(await r.sessionsDir()).open(r.options.sessionId!);
  await session.setPendingInput({ role: 'user', content: input });
});

When('以输入 {string} 续接会话执行一次运行', async function (this: SynapseWorld, input: string) {
  await runner(this).run(input);
});

Then('Runner 应报告 {string}', function (this: SynapseWorld, text: string) {
  const reported = runner(this)
    .events.map(({ event }) => ('message' in event ? (event.message ?? '') : ''))
    .filter(Boolean);
  expect(
    reported.some((message) => message.includes(text)),
    reported.join('\n'),
  ).to.equal(true);
});

Then('模型收到的请求中不应有 {string}', function (this: SynapseWorld, text: string) {
  expect(this.llm.requests.length).to.be.greaterThan(0);
  expect(JSON.stringify(this.llm.requests)).not.to.contain(text);
});

Then('会话历史中 {string} 应标为没有回答的输入，位于 {string} 之前', async function (this: SynapseWorld, unanswered: string, later: string) {
  const history = await runner(this).persistedHistory();
  const kept = history.findIndex((message) => message.content === unanswered);
  expect(history[kept]).to.deep.equal({ role: 'user', content: unanswered, meta: { unanswered: true } });
  expect(history.findIndex((message) => message.content === later)).to.be.greaterThan(kept);
});

// --- A cap on the number of sessions -------------------------------------------------------------------------

Given('会话目录里依次有 {int} 个各有卸载文件的会话，最旧的一个正被另一个写者持有', async function (this: SynapseWorld, count: number) {
  const dir = join(await this.tempDir(), 'sessions');
  mkdirSync(dir, { recursive: true });
  const store = new SessionStore(dir);
  for (let i = 1; i <= count; i++) {
    // Each one updated after the one before (a later millisecond), so "oldest" is unambiguous.
    const before = Date.now();
    while (Date.now() === before) await new Promise((resolve) => setTimeout(resolve, 1));
    const session = await store.create({ title: `session ${i}` });
    await new OffloadStore(session.offloadDir).save(`result of session ${i}`);
    notes(this).sessions.push(session);
  }
  const holder = await store.open(notes(this).sessions[0]!.id);
  await holder.lock();
  notes(this).holder = holder;
  this.onCleanup(() => holder.close());
});

When('以最多 {int} 个会话的存储新建一个会话', async function (this: SynapseWorld, max: number) {
  const before = Date.now();
  while (Date.now() === before) await new Promise((resolve) => setTimeout(resolve, 1));
  notes(this).sessions.push(await new SessionStore(join(await this.tempDir(), 'sessions'), { maxSessions: max }).create({ title: 'newest' }));
});

Then('第 2 旧与第 3 旧的会话应连同它们卸载的文件被删除', async function (this: SynapseWorld) {
  for (const session of notes(this).sessions.slice(1, 3)) expect(await exists(session.offloadDir)).to.equal(false);
});

Then('会话目录里应只剩最旧的（被持有的）与最新的两个会话', async function (this: SynapseWorld) {
  const { sessions } = notes(this);
  const left = (await readdir(join(await this.tempDir(), 'sessions'))).sort();
  expect(left).to.deep.equal([sessions[0]!.id, sessions[3]!.id, sessions[4]!.id].sort());
  expect(await exists(sessions[4]!.offloadDir)).to.equal(false);
  expect(await readdir(sessions[3]!.offloadDir)).to.have.length(1);
});

// --- Failures on the way, reported ------------------------------------------------------------------------

When('执行一次运行，运行开始后 pending-input.json 被换成一个目录', async function (this: SynapseWorld) {
  const r = runner(this);
  const dir = await sessionDir(this);
  r.onEvent = (event) => {
    if (event.type !== 'run_started') return;
    rmSync(join(dir, PENDING_INPUT_FILE));
    mkdirSync(join(dir, PENDING_INPUT_FILE, 'inside'), { recursive: true });
  };
  await r.run().catch(() => undefined);
});

Given('会话的 pending-input.json 被写坏', async function (this: SynapseWorld) {
  const r = runner(this);
  await writeFile(join(await r.sessionsDir(), r.options.sessionId!, PENDING_INPUT_FILE), '{"message": {"role": "user", "cont');
});

When('会话的 archive.jsonl 被删除', async function (this: SynapseWorld) {
  await rm(join(await sessionDir(this), ARCHIVE_FILE));
});

Then('会话的完整记录应报告 {string}', async function (this: SynapseWorld, warning: string) {
  const session = await new SessionStore(await runner(this).sessionsDir()).open(runner(this).options.sessionId!);
  const { messages, warnings } = await session.transcript();
  expect(warnings).to.deep.equal([{ file: 'archive.jsonl', message: warning }]);
  // What the archive held is gone; what the live history still holds is all there is.
  expect(messages).to.deep.equal([]);
});

Given('模型的回复要等到放行', function (this: SynapseWorld) {
  notes(this).release = this.llm.holdReplies();
});

When('运行进行中用户执行 `\\/compact`', async function (this: SynapseWorld) {
  const r = runner(this);
  this.llm.reply({ content: 'Done.' });
  notes(this).running = r.run('What next?');
  while (this.llm.arrived === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  notes(this).output = (await compactCommand(await r.runner())).output;
});

Then('输出应为 {string}', function (this: SynapseWorld, output: string) {
  expect(notes(this).output).to.equal(output);
});

Then('放行后运行照常完成', async function (this: SynapseWorld) {
  notes(this).release!();
  expect(await notes(this).running).to.equal('Done.');
  expect((await runner(this).persistedHistory()).slice(0, runner(this).seeded.length)).to.deep.equal(runner(this).seeded);
});

Given('卸载目录的位置上是一个普通文件', async function (this: SynapseWorld) {
  const c = context(this);
  await writeFile((await c.store()).dir, 'not a directory');
});

Then('清理结果应报告卸载目录读不了，什么都没删', async function (this: SynapseWorld) {
  const c = context(this);
  const dir = (await c.store()).dir;
  expect(c.cleanup).to.deep.equal({ deleted: [], failed: [{ path: dir, reason: 'a parent of it is a file, not a directory' }] });
});
