import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { SessionStore, type ChatMessage } from '../src';
import { quarantinedBytes } from '../src/session/quarantine';
import { MISSING_RESULT_TEXT } from '../src/session/sanitize-history';
import { CliContext, descendants, processEnds, processTable } from './support/cli-context';
import { protocolViolations } from './support/protocol';
import type { SynapseWorld } from './support/world';

const cli = (world: SynapseWorld) => world.use(CliContext);
const fail = (world: SynapseWorld) => `\n${cli(world).describe()}`;

/** Per-scenario state of these steps that the CLI context does not model. */
interface ReliabilityState {
  /** Processes under the CLI when the signal was sent. */
  descendantPids: number[];
  /** The bytes a step put in place of a history line. */
  garbled?: Buffer;
  /** The session's messages before a step damaged them. */
  messagesBefore: ChatMessage[];
  /** history.jsonl and usage.jsonl as a step recorded them. */
  filesBefore?: [Buffer, Buffer];
  /** Lets the held model replies go. */
  release?: () => void;
  /** The first of two CLI processes. */
  first?: import('./support/cli-context').RunningCli;
}
const states = new WeakMap<SynapseWorld, ReliabilityState>();
const state = (world: SynapseWorld): ReliabilityState => {
  if (!states.has(world)) states.set(world, { descendantPids: [], messagesBefore: [] });
  return states.get(world)!;
};

async function sessionDir(world: SynapseWorld, name: string): Promise<string> {
  const [id] = await cli(world).parseArgs(name);
  return join(await cli(world).dir('sessions'), id!);
}

// --- the model's misbehaviour

Given('CLI 模型会先回复 {string} 然后停顿 {int} 毫秒', async function (this: SynapseWorld, text: string, ms: number) {
  (await cli(this).model()).reply({ content: [text, '……然后继续。'], pauseMs: ms });
});

Given('CLI 模型会发出一个不是 JSON 的流事件', async function (this: SynapseWorld) {
  (await cli(this).model()).reply({ content: 'Hello', malformed: true });
});

Given('CLI 模型会在一次回复中调用 Bash {int} 次执行 {string}', async function (this: SynapseWorld, count: number, command: string) {
  const toolCalls = Array.from({ length: count }, (_, i) => ({ id: `call_${i + 1}`, name: 'Bash', arguments: { command } }));
  (await cli(this).model()).reply({ toolCalls });
});

// --- signals, and what is left afterwards

async function signalWhenRunning(world: SynapseWorld, signal: NodeJS.Signals, commandLine: string, text?: string): Promise<void> {
  const context = cli(world);
  const running = context.running!;
  if (text) await running.waitForOutput(new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  if (commandLine) context.interruptedToolPid = await running.waitForDescendant(commandLine);
  state(world).descendantPids = descendants(await processTable(), running.child.pid!).map((entry) => entry.pid);
  const sentAt = performance.now();
  running.child.kill(signal);
  const run = await running.exited;
  context.last = { ...run, durationMs: performance.now() - sentAt };
}

When('CLI 在输出出现 {string} 且进程 {string} 运行后收到信号 {word}', async function (this: SynapseWorld, text: string, commandLine: string, signal: string) {
  await signalWhenRunning(this, signal as NodeJS.Signals, commandLine, text);
});

When('CLI 在进程 {string} 运行后收到信号 {word}', async function (this: SynapseWorld, commandLine: string, signal: string) {
  await signalWhenRunning(this, signal as NodeJS.Signals, commandLine);
});

When('CLI 在输出出现 {string} 后收到信号 {word}', async function (this: SynapseWorld, text: string, signal: string) {
  await signalWhenRunning(this, signal as NodeJS.Signals, '', text);
});

Then('CLI 收到信号时的后代进程应该都已结束', async function (this: SynapseWorld) {
  const pids = state(this).descendantPids;
  expect(pids, `no process ran under the CLI when the signal was sent${fail(this)}`).not.to.be.empty;
  const left: number[] = [];
  for (const pid of pids) if (!(await processEnds(pid))) left.push(pid);
  expect(left, `processes the CLI started outlived it${fail(this)}`).to.deep.equal([]);
});

// --- session files

Given('CLI 会话 {string} 的历史第 {int} 行被换成无法读取的字节', async function (this: SynapseWorld, name: string, line: number) {
  const file = join(await sessionDir(this, name), 'history.jsonl');
  const [id] = await cli(this).parseArgs(name);
  state(this).messagesBefore = [...(await new SessionStore(await cli(this).dir('sessions')).open(id!)).messages];
  // Half a line plus bytes that are not UTF-8: what a torn or corrupted write leaves.
  const garbled = Buffer.concat([Buffer.from('{"role":"tool","tool_call_id":"call_wr'), Buffer.from([0xff, 0xfe, 0x00, 0x80])]);
  const lines = (await readFile(file)).toString('latin1').split('\n');
  lines[line - 1] = garbled.toString('latin1');
  await writeFile(file, Buffer.from(lines.join('\n'), 'latin1'));
  state(this).garbled = garbled;
});

Then('CLI 会话 {string} 的隔离文件应原样保存被换掉的第 {int} 行', async function (this: SynapseWorld, name: string, line: number) {
  const text = await readFile(join(await sessionDir(this, name), 'history.quarantine.jsonl'), 'utf8');
  const records = text
    .trim()
    .split('\n')
    .map((entry) => JSON.parse(entry) as { line?: number; reason: string; text?: string; base64?: string });
  const record = records.find((entry) => entry.line === line);
  expect(record, `no quarantine record for line ${line}: ${text}`).not.to.equal(undefined);
  expect(quarantinedBytes(record!).equals(state(this).garbled!), 'the quarantined bytes differ from the damaged line').to.equal(true);
  expect(record!.reason).to.include('not valid JSON');
});

Then('CLI 会话 {string} 的历史保留了其余每条消息，失去结果的调用 {string} 得到中断结果', async function (this: SynapseWorld, name: string, callId: string) {
  const [id] = await cli(this).parseArgs(name);
  const session = await new SessionStore(await cli(this).dir('sessions')).open(id!);
  expect(session.warnings, 'the repaired files load cleanly').to.deep.equal([]);
  const messages = [...session.messages];
  const lost = state(this).messagesBefore.filter((message) => message.tool_call_id === callId);
  for (const before of state(this).messagesBefore) {
    if (lost.includes(before)) continue;
    expect(messages, `message lost: ${JSON.stringify(before)}`).to.deep.include(before);
  }
  expect(messages.filter((message) => message.tool_call_id === callId)).to.deep.equal([{ role: 'tool', tool_call_id: callId, content: MISSING_RESULT_TEXT }]);
});

Then('CLI JSON 输出中的 session_warning 应该指明 history.jsonl 第 {int} 行和隔离文件 {string}', function (this: SynapseWorld, line: number, file: string) {
  const warnings = cli(this).jsonLines.filter((entry) => entry.type === 'session_warning');
  expect(
    warnings.filter((entry) => entry.line === line),
    fail(this),
  ).to.have.length(1);
  expect(
    warnings.find((entry) => entry.line === line),
    fail(this),
  ).to.include({ file: 'history.jsonl', quarantineFile: file });
  // Whatever else the repair moved (results whose call was on that line) is reported with the same file.
  for (const warning of warnings) expect(warning.quarantineFile, fail(this)).to.equal(file);
});

Given('CLI 会话 {string} 的目录中留有被杀掉的写入的临时文件', async function (this: SynapseWorld, name: string) {
  const dir = await sessionDir(this, name);
  await writeFile(join(dir, 'index.json.999999-0badc0de.tmp'), '{"version": 1, "id": "half');
  await writeFile(join(dir, 'history.jsonl.999998-deadbeef.tmp'), '{"role":"user"');
});

Then('CLI 会话 {string} 的目录中只有文件 {string}', async function (this: SynapseWorld, name: string, files: string) {
  expect((await readdir(await sessionDir(this, name))).sort(), fail(this)).to.deep.equal(files.split(/,\s*/));
});

Given('CLI 会话 {string} 的 {string} 被换成一个目录', async function (this: SynapseWorld, name: string, file: string) {
  const path = join(await sessionDir(this, name), file);
  await rm(path, { force: true });
  await mkdir(path);
});

Given('CLI 记下会话 {string} 的文件', async function (this: SynapseWorld, name: string) {
  const dir = await sessionDir(this, name);
  state(this).filesBefore = [await readFile(join(dir, 'history.jsonl')), await readFile(join(dir, 'usage.jsonl'))];
});

Then('CLI 会话 {string} 的历史与用量与记下时相同', async function (this: SynapseWorld, name: string) {
  const dir = await sessionDir(this, name);
  const [history, usage] = state(this).filesBefore!;
  expect((await readFile(join(dir, 'history.jsonl'))).equals(history), 'history.jsonl changed').to.equal(true);
  expect((await readFile(join(dir, 'usage.jsonl'))).equals(usage), 'usage.jsonl changed').to.equal(true);
});

// --- two writers

When('CLI 模型收到第 {int} 次请求后再运行 synapse {string}', async function (this: SynapseWorld, count: number, commandLine: string) {
  const model = await cli(this).model();
  state(this).first = cli(this).running;
  const deadline = Date.now() + 10_000;
  while (model.received.length < count) {
    if (Date.now() > deadline) throw new Error(`the model got ${model.received.length} requests${fail(this)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await cli(this).run(commandLine);
});

Then('CLI 标准错误应该只有一行且指明会话 {string} 和第一个进程的 pid', async function (this: SynapseWorld, name: string) {
  const [id] = await cli(this).parseArgs(name);
  const { stderr } = cli(this).result;
  expect(stderr.trimEnd().split('\n'), fail(this)).to.have.length(1);
  expect(stderr, fail(this)).to.include(`Session "${id}" is being written by another process (pid ${state(this).first!.child.pid}`);
});

Given('CLI 模型的回复要等到放行', async function (this: SynapseWorld) {
  state(this).release = (await cli(this).model()).holdReplies();
});

When('CLI 放行模型的回复并等待第一个进程结束', async function (this: SynapseWorld) {
  state(this).release!();
  cli(this).last = await state(this).first!.exited;
});

Then('CLI 会话 {string} 的历史共有 {int} 条消息，最后两条是 {string} 和 {string}', async function (this: SynapseWorld, name: string, count: number, user: string, answer: string) {
  const [id] = await cli(this).parseArgs(name);
  const session = await new SessionStore(await cli(this).dir('sessions')).open(id!);
  expect(session.messages.slice(-2), fail(this)).to.deep.equal([
    { role: 'user', content: user },
    { role: 'assistant', content: answer },
  ]);
  expect(session.messages).to.have.length(count);
});

Then('CLI 模型收到的每个请求都符合工具调用协议', async function (this: SynapseWorld) {
  const received = (await cli(this).model()).received;
  expect(received, fail(this)).not.to.be.empty;
  for (const [i, request] of received.entries()) expect(protocolViolations(request.body.messages), `request ${i + 1}${fail(this)}`).to.deep.equal([]);
});
