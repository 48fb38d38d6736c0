import { readFile, writeFile, mkdir, readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Before, Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { AGENT_STATE_VERSION, parseAgentState } from '../src/runtime';
import { sanitizeHistory, SessionStore } from '../src/session';
import { CliContext, ensureFreshBuild, processEnds } from './support/cli-context';
import type { SynapseWorld } from './support/world';

const cli = (world: SynapseWorld) => world.use(CliContext);
const fail = (world: SynapseWorld) => `\n${cli(world).describe()}`;

// The CLI scenarios run dist/cli.js: rebuild it first if src/ changed since (once per run; a build
// takes seconds, so it gets its own timeout rather than a timed step's).
Before({ tags: '@cli', timeout: 180_000 }, () => ensureFreshBuild());

// --- the model and the working directory

Given('CLI 模型会回复 {string}', async function (this: SynapseWorld, text: string) {
  (await cli(this).model()).reply({ content: text, usage: { prompt_tokens: 10, completion_tokens: 3 } });
});

Given('CLI 模型已启动，没有安排任何回复', async function (this: SynapseWorld) {
  await cli(this).model();
});

Given('CLI 模型会调用 Bash 执行 {string}', async function (this: SynapseWorld, command: string) {
  (await cli(this).model()).reply({ toolCalls: [{ name: 'Bash', arguments: { command } }], usage: { prompt_tokens: 10, completion_tokens: 5 } });
});

Given('CLI 模型会以 HTTP {int} {string} 拒绝请求', async function (this: SynapseWorld, status: number, message: string) {
  (await cli(this).model()).reply({ error: { status, message } });
});

Given('CLI 工作目录中有文件 {string} 内容为 {string}', async function (this: SynapseWorld, name: string, content: string) {
  const path = join(await cli(this).dir('work'), name);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, content);
});

Given('CLI 会话目录中有一个写过 hello.txt 的会话，记下它的 id 为 {string}', async function (this: SynapseWorld, name: string) {
  // Seeded through the library, in process: `synapse run` writing sessions is covered in cli-run.feature.
  const session = await new SessionStore(await cli(this).dir('sessions')).create();
  const calls = [
    { id: 'call_write', type: 'function' as const, function: { name: 'Bash', arguments: JSON.stringify({ command: "write hello.txt 'Hello from synapse!'" }) } },
    { id: 'call_read', type: 'function' as const, function: { name: 'Bash', arguments: JSON.stringify({ command: 'cat hello.txt' }) } },
  ];
  await session.append([
    { role: 'user', content: 'Write hello.txt' },
    { role: 'assistant', content: "I'll write the file, then read it back to check.", tool_calls: calls },
    { role: 'tool', tool_call_id: 'call_write', content: 'Wrote 19 bytes to hello.txt' },
    { role: 'tool', tool_call_id: 'call_read', content: 'Hello from synapse!' },
    { role: 'assistant', content: 'Done: hello.txt now says "Hello from synapse!".' },
  ]);
  await session.recordUsage({ prompt_tokens: 412, completion_tokens: 38, total_tokens: 450 }, 'scripted-demo');
  await session.recordUsage({ prompt_tokens: 501, completion_tokens: 14, total_tokens: 515 }, 'scripted-demo');
  await session.flush();
  cli(this).saved.set(name, session.id);
});

// --- running synapse

When('CLI 运行 synapse {string}', async function (this: SynapseWorld, commandLine: string) {
  await cli(this).run(commandLine);
});

When('CLI 以标准输入 {string} 运行 synapse {string}', async function (this: SynapseWorld, stdin: string, commandLine: string) {
  await cli(this).run(commandLine, { stdin });
});

When('CLI 用 exec 执行下面的命令:', async function (this: SynapseWorld, command: string) {
  await cli(this).run(`exec -- ${JSON.stringify(command.trim())}`);
});

When('CLI 启动 synapse {string}', async function (this: SynapseWorld, commandLine: string) {
  await cli(this).start(commandLine);
});

When('CLI 在输出出现 {string} 且进程 {string} 运行后发送 SIGINT', async function (this: SynapseWorld, text: string, commandLine: string) {
  const context = cli(this);
  const running = context.running!;
  await running.waitForOutput(new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  // The tool's own process, not just the event announcing it: the interrupt must land mid-tool.
  context.interruptedToolPid = await running.waitForDescendant(commandLine);
  const sentAt = performance.now();
  running.child.kill('SIGINT');
  const run = await running.exited;
  context.last = { ...run, durationMs: performance.now() - sentAt };
});

When('CLI 记下 JSON 结果中的 sessionId 为 {string}', function (this: SynapseWorld, name: string) {
  const result = cli(this).jsonLines.at(-1)!;
  expect(result.sessionId, fail(this))
    .to.be.a('string')
    .and.match(/^session-/);
  cli(this).saved.set(name, result.sessionId);
});

// --- exit code and output

Then('CLI 退出码应该是 {int}', function (this: SynapseWorld, code: number) {
  expect(cli(this).result.exitCode, fail(this)).to.equal(code);
});

Then('CLI 进程应该在 {int} 秒内结束', function (this: SynapseWorld, seconds: number) {
  expect(cli(this).result.durationMs, fail(this)).to.be.below(seconds * 1000);
});

Then('CLI 中断时运行的工具进程应该已经结束', async function (this: SynapseWorld) {
  const pid = cli(this).interruptedToolPid!;
  expect(await processEnds(pid), `the tool's process (pid ${pid}) outlived the CLI${fail(this)}`).to.equal(true);
});

Then('CLI 标准输出应该是 package.json 的版本', async function (this: SynapseWorld) {
  const { version } = JSON.parse(await readFile(join(__dirname, '..', 'package.json'), 'utf8')) as { version: string };
  expect(cli(this).result.stdout.trim(), fail(this)).to.equal(version);
});

Then(/^CLI 标准(输出|错误)应该是 "(.*)"$/, function (this: SynapseWorld, stream: string, text: string) {
  const output = stream === '输出' ? cli(this).result.stdout : cli(this).result.stderr;
  expect(output.trim(), fail(this)).to.equal(text.replace(/\\n/g, '\n'));
});

Then('CLI 标准输出应该包含 {string}', async function (this: SynapseWorld, text: string) {
  const [expected] = await cli(this).parseArgs(JSON.stringify(text));
  expect(cli(this).result.stdout, fail(this)).to.include(expected);
});

Then('CLI 标准错误应该包含 {string}', function (this: SynapseWorld, text: string) {
  expect(cli(this).result.stderr, fail(this)).to.include(text);
});

Then('CLI 标准错误中不应该有只写着 {string} 的一行', function (this: SynapseWorld, text: string) {
  expect(
    cli(this)
      .result.stderr.split('\n')
      .map((line) => line.trim()),
    fail(this),
  ).to.not.include(text);
});

Then('CLI 标准错误应该只有一行且包含 {string}', function (this: SynapseWorld, text: string) {
  const { stderr } = cli(this).result;
  expect(stderr.trimEnd().split('\n'), fail(this)).to.have.length(1);
  expect(stderr, fail(this)).to.include(text);
});

Then('CLI 标准输出和标准错误都不应该包含 {string}', function (this: SynapseWorld, text: string) {
  expect(cli(this).result.stdout + cli(this).result.stderr, fail(this)).not.to.include(text);
});

Then('CLI 输出中不应该有 ANSI 转义序列', function (this: SynapseWorld) {
  expect(cli(this).result.stdout + cli(this).result.stderr, fail(this)).not.to.include('\x1b');
});

Then('CLI 工作目录中的文件 {string} 内容应该是 {string}', async function (this: SynapseWorld, name: string, content: string) {
  expect((await readFile(join(await cli(this).dir('work'), name), 'utf8')).trim()).to.equal(content);
});

// --- JSON output

/** A dotted path into a JSON value (`usage.total.total_tokens`), as text for comparison. */
function pick(value: unknown, path: string): string {
  const found = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);
  return typeof found === 'string' ? found : JSON.stringify(found);
}

Then('CLI JSON 输出的最后一行的 {string} 应该是 {string}', function (this: SynapseWorld, path: string, expected: string) {
  expect(pick(cli(this).jsonLines.at(-1), path), fail(this)).to.equal(expected.replace(/\\n/g, '\n'));
});

Then('CLI JSON 输出的最后一行应该是 isError 为 {word} 的 result，文本包含 {string}', function (this: SynapseWorld, isError: string, text: string) {
  const last = cli(this).jsonLines.at(-1)!;
  expect(last.type, fail(this)).to.equal('result');
  expect(last.isError, fail(this)).to.equal(isError === 'true');
  expect(last.text, fail(this)).to.include(text);
});

Then('CLI JSON 输出的最后一行应该是被中断的 result', function (this: SynapseWorld) {
  const last = cli(this).jsonLines.at(-1)!;
  expect(last, fail(this)).to.deep.include({ type: 'result', isError: true, interrupted: true, error: 'interrupted', text: '' });
});

Then('CLI JSON 结果应该有 sessionId 和 usage', function (this: SynapseWorld) {
  const last = cli(this).jsonLines.at(-1)!;
  expect(last.sessionId, fail(this)).to.match(/^session-/);
  expect(last.usage, fail(this)).to.deep.equal({ prompt_tokens: 20, completion_tokens: 8, total_tokens: 28 });
});

Then('CLI JSON 输出应该依次包含事件 {string}', function (this: SynapseWorld, list: string) {
  const types = cli(this).jsonLines.map((line) => line.type as string);
  let from = 0;
  for (const type of list.split(',').map((name) => name.trim())) {
    const at = types.indexOf(type, from);
    expect(at, `${type} after position ${from} in ${types.join(', ')}`).to.be.at.least(0);
    from = at + 1;
  }
});

Then('CLI JSON 输出不应该包含事件 {string}', function (this: SynapseWorld, type: string) {
  expect(cli(this).jsonLines.map((line) => line.type)).not.to.include(type);
});

Then('CLI JSON 输出中 tool_call_finished 的 output 应该是 {string}', function (this: SynapseWorld, output: string) {
  const finished = cli(this).jsonLines.find((line) => line.type === 'tool_call_finished');
  expect(finished?.result?.output, fail(this)).to.equal(output.replace(/\\n/g, '\n'));
});

Then('CLI JSON 输出中任务 {string} 的进度应该是 {string}', function (this: SynapseWorld, description: string, statuses: string) {
  // A task's progress, as the runner's own events tell it: started (running), then finished (done or failed).
  const progress = cli(this)
    .jsonLines.filter((line) => line.isTask && line.description === description)
    .map((line) => (line.type === 'tool_call_started' ? 'running' : line.type === 'tool_call_finished' ? (line.result.isError ? 'failed' : 'done') : line.type));
  expect(progress.join(', '), fail(this)).to.equal(statuses);
});

Then('CLI JSON 列表中的会话 {string} 应该有 {int} 条消息', async function (this: SynapseWorld, id: string, count: number) {
  const [sessionId] = await cli(this).parseArgs(id);
  const listing = cli(this).jsonLines.at(-1)!;
  const session = (listing.sessions as Array<{ id: string; messageCount: number }>).find((entry) => entry.id === sessionId);
  expect(session?.messageCount, fail(this)).to.equal(count);
});

// --- what the model received, and what was left on disk

Then('CLI 模型应该收到 {int} 次请求', async function (this: SynapseWorld, count: number) {
  expect((await cli(this).model()).received).to.have.length(count);
});

Then('CLI 模型收到的第 {int} 次请求的 model 应该是 {string}', async function (this: SynapseWorld, n: number, model: string) {
  expect((await cli(this).model()).received[n - 1]?.body.model).to.equal(model);
});

Then('CLI 模型收到的 Authorization 应该是 {string}', async function (this: SynapseWorld, header: string) {
  expect((await cli(this).model()).received[0]?.authorization).to.equal(header);
});

const firstUserMessage = async (world: SynapseWorld) => (await cli(world).model()).received[0]?.body.messages.find((message) => message.role === 'user')?.content;

Then('CLI 模型收到的首条 user 消息应该包含 {string}', async function (this: SynapseWorld, text: string) {
  expect(await firstUserMessage(this)).to.include(text);
});

Then('CLI 模型收到的首条 user 消息应该是 {string}', async function (this: SynapseWorld, text: string) {
  expect(await firstUserMessage(this)).to.equal(text);
});

Then('CLI 模型收到的第 {int} 次请求应该包含消息 {string}', async function (this: SynapseWorld, n: number, text: string) {
  const messages = (await cli(this).model()).received[n - 1]?.body.messages ?? [];
  expect(messages.map((message) => message.content)).to.include(text);
});

Then('CLI 会话目录中应该没有会话', async function (this: SynapseWorld) {
  expect(await readdir(await cli(this).dir('sessions'))).to.deep.equal([]);
});

Then('CLI 会话 {string} 的历史中每个工具调用都有结果', async function (this: SynapseWorld, id: string) {
  const [sessionId] = await cli(this).parseArgs(id);
  const session = await new SessionStore(await cli(this).dir('sessions')).open(sessionId);
  expect(session.warnings).to.deep.equal([]);
  const { removed, added } = sanitizeHistory(session.messages);
  expect({ removed, added }).to.deep.equal({ removed: [], added: [] });
});

Then('CLI 状态文件 {string} 的 status 应该是 {string}', async function (this: SynapseWorld, name: string, status: string) {
  const file = JSON.parse(await readFile(join(await cli(this).dir('work'), name), 'utf8')) as unknown;
  const state = parseAgentState(file);
  expect(state.schemaVersion).to.equal(AGENT_STATE_VERSION);
  expect(state.status).to.equal(status);
});
