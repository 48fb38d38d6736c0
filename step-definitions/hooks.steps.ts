import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { HOOK_EVENTS, type HookEvent, type RunnerEvent } from '../src';
import { containsFields, HooksContext } from './support/hooks-context';
import { processEnds } from './support/cli-context';
import { poll, RunnerContext } from './support/runner-context';
import { SecurityContext } from './support/security-context';
import type { SynapseWorld } from './support/world';

const hooks = (world: SynapseWorld) => world.use(HooksContext);
const runner = (world: SynapseWorld) => world.use(RunnerContext);
const BLOCK_RM_RF = join(__dirname, '..', 'fixtures', 'hooks', 'block-rm-rf.cjs');

function hookEvent(name: string): HookEvent {
  if (!(HOOK_EVENTS as readonly string[]).includes(name)) throw new Error(`not a hook event: ${name}`);
  return name as HookEvent;
}

/** Backticked commands of a step (`echo a`、`echo b`). */
const commandsOf = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

// --- Configuration --------------------------------------------------------------------------------------

Given(/^钩子 "([\w-]+)" 挂在 (\w+) 上(?:，matcher 为 "([^"]*)")?(?:，超时 (\d+) 秒)?$/, async function (this: SynapseWorld, name: string, event: string, matcher?: string, timeout?: string) {
  await hooks(this).add(hookEvent(event), await hooks(this).command(name), { matcher: matcher ?? undefined, timeout: timeout ? Number(timeout) : undefined });
});

Given('钩子 {string} 挂在这些事件上: {string}', async function (this: SynapseWorld, name: string, events: string) {
  for (const event of events.split(', ')) await hooks(this).add(hookEvent(event), await hooks(this).command(name));
});

Given('钩子 {string} 的回答是:', async function (this: SynapseWorld, name: string, answer: string) {
  await hooks(this).answer(name, JSON.parse(answer));
});

Given('PreToolUse 上挂着 Claude Code 文档里阻止 rm -rf 的钩子（不用 jq 的 Node 脚本），matcher 为 {string}', async function (this: SynapseWorld, matcher: string) {
  await hooks(this).add('PreToolUse', `node ${BLOCK_RM_RF}`, { matcher });
});

Given('同一条钩子命令 {string} 在 {word} 上配置了两次', async function (this: SynapseWorld, name: string, event: string) {
  const command = await hooks(this).command(name);
  await hooks(this).add(hookEvent(event), command, { matcher: '*' });
  await hooks(this).add(hookEvent(event), command, { matcher: 'Bash' });
});

// --- The model's side ---------------------------------------------------------------------------------

Given(/^模型这一轮调用 (`.+`)$/, function (this: SynapseWorld, list: string) {
  runner(this).reply(commandsOf(list));
});

Given('模型接着回复 {string}', function (this: SynapseWorld, text: string) {
  runner(this).reply(text);
});

Given('Runner 无人值守时 ask 改为等待批准', function (this: SynapseWorld) {
  runner(this).options.onAsk = 'defer';
});

When('Runner 重启后批准 {string} 继续这次运行', async function (this: SynapseWorld, id: string) {
  await runner(this).restart();
  const built = await runner(this).runner();
  runner(this).result = await built.resume({ approve: [id] });
});

// --- What the hooks saw -------------------------------------------------------------------------------

Then('钩子 {string} 应该被调用 {int} 次', async function (this: SynapseWorld, name: string, times: number) {
  expect(await hooks(this).inputs(name)).to.have.length(times);
});

Then('钩子 {string} 读到的事件应依次为 {string}', async function (this: SynapseWorld, name: string, list: string) {
  expect((await hooks(this).inputs(name)).map((input) => input.hook_event_name).join(', ')).to.equal(list);
});

/** `<cwd>`: the runner's directory; `<session>` and `<transcript>`: its session's id and history file. */
Then('钩子 {string} 第 {int} 次读到的输入应包含:', async function (this: SynapseWorld, name: string, n: number, expected: string) {
  const built = await runner(this).runner();
  const sessionId = built.getSessionId();
  const transcript = sessionId ? join(await runner(this).sessionsDir(), sessionId, 'history.jsonl') : null;
  const text = expected
    .replaceAll('"<cwd>"', JSON.stringify(await this.tempDir()))
    .replaceAll('"<session>"', JSON.stringify(sessionId))
    .replaceAll('"<transcript>"', JSON.stringify(transcript));
  const input = (await hooks(this).inputs(name))[n - 1];
  expect(containsFields(input, JSON.parse(text)), `hook input:\n${JSON.stringify(input, null, 2)}`).to.equal(true);
});

Then('Runner 报告的钩子结果应依次为 {string}', function (this: SynapseWorld, list: string) {
  const finished = runner(this).of('hook_finished');
  expect(finished.map((event) => `${event.hookEvent}:${event.outcome}`).join(', ')).to.equal(list);
});

/** `<cwd>`: the runner's directory; `<hooks>`: the hook directory. */
Then('Runner 报告的 {word} 钩子结果应为 {word}，说明包含 {string}', async function (this: SynapseWorld, event: string, outcome: string, text: string) {
  const finished = runner(this)
    .of('hook_finished')
    .find((candidate) => candidate.hookEvent === event);
  expect(finished?.outcome, JSON.stringify(finished)).to.equal(outcome);
  expect(finished?.message).to.contain(text.replaceAll('<hooks>', await hooks(this).dir()).replaceAll('<cwd>', await this.tempDir()));
});

Then('Runner 应报告钩子提示 {string}', function (this: SynapseWorld, text: string) {
  const notices = runner(this)
    .of('hook_notice')
    .map((event) => event.message);
  expect(
    notices.some((message) => message.includes(text)),
    notices.join('\n'),
  ).to.equal(true);
});

Then('钩子 {string} 留在后台的进程应该已经结束', async function (this: SynapseWorld, name: string) {
  expect(await processEnds(await hooks(this).childPid(name), 5000)).to.equal(true);
});

Then('钩子 {string} 的进程应该已经结束', async function (this: SynapseWorld, name: string) {
  expect(await processEnds(await hooks(this).pid(name), 5000)).to.equal(true);
});

// --- What the model was told, and what became of the run -----------------------------------------------

/** `\n` in the expected text is a line break. */
Then('模型第 {int} 次收到的最后一条消息应包含 {string}', function (this: SynapseWorld, n: number, text: string) {
  const request = this.llm.requests[n - 1];
  expect(request, `the model got ${this.llm.requests.length} request(s)`).to.not.equal(undefined);
  expect(String(request!.messages.at(-1)?.content)).to.contain(text.replaceAll('\\n', '\n'));
});

Then('模型第 {int} 次收到的第 {int} 条工具结果应包含 {string}', function (this: SynapseWorld, n: number, k: number, text: string) {
  const results = this.llm.requests[n - 1]!.messages.filter((message) => message.role === 'tool');
  expect(String(results[k - 1]?.content)).to.contain(text);
});

Then('运行应以原因 {word} 结束，文本包含 {string}', function (this: SynapseWorld, reason: string, text: string) {
  const finished = runner(this).of('run_finished').at(-1);
  expect(runner(this).error, String(runner(this).error)).to.equal(undefined);
  expect(finished?.stopReason).to.equal(reason);
  expect(finished?.text).to.contain(text);
});

Then('工作目录中应该有文件 {string}', async function (this: SynapseWorld, name: string) {
  expect(existsSync(join(await this.tempDir(), name))).to.equal(true);
});

Given('工作目录中有目录 {string}，里面有一个文件', async function (this: SynapseWorld, name: string) {
  await mkdir(join(await this.tempDir(), name), { recursive: true });
  await writeFile(join(await this.tempDir(), name, 'file.txt'), 'x');
});

/** Events of a given kind, for steps that look at several. */
export function eventsOf<T extends RunnerEvent['type']>(world: SynapseWorld, type: T) {
  return runner(world).of(type);
}

Given(/^子代理收到 "(.+)" 后先调用 `(.+)`，然后回答 "(.*)"，再回答 "(.*)"$/, function (this: SynapseWorld, prompt: string, command: string, first: string, second: string) {
  runner(this).subAgentReply(prompt, { toolCalls: [{ id: 'sub_call_1', name: 'Bash', arguments: { command } }] });
  runner(this).subAgentReply(prompt, { content: first });
  runner(this).subAgentReply(prompt, { content: second });
});

/** A sub-agent's requests are those whose system prompt gives it its role. */
Then('子代理第 {int} 次收到的最后一条消息应包含 {string}', function (this: SynapseWorld, n: number, text: string) {
  const requests = this.llm.requests.filter((request) => String(request.messages[0]?.content).startsWith('You are a general-purpose sub-agent'));
  expect(String(requests[n - 1]?.messages.at(-1)?.content)).to.contain(text);
});

Then('审批者看到的询问应是 {string}', function (this: SynapseWorld, rule: string) {
  expect(this.use(SecurityContext).approvals.map((request) => request.rule)).to.deep.equal([rule]);
});

Then('Runner 应该没有创建会话', async function (this: SynapseWorld) {
  const dir = await runner(this).sessionsDir();
  expect(existsSync(dir) ? await runner(this).sessionDirectories() : []).to.deep.equal([]);
});

/** `<hooks>`: the scenario's hook directory. */
Given('PreToolUse 上挂着命令 {string}', async function (this: SynapseWorld, command: string) {
  await hooks(this).add('PreToolUse', command.replaceAll('<hooks>', await hooks(this).dir()));
});

Given(/^钩子目录里有(可执行脚本|文件) "([^"]+)":$/, async function (this: SynapseWorld, kind: string, name: string, content: string) {
  await writeFile(join(await hooks(this).dir(), name), `${content}\n`, { mode: kind === '文件' ? 0o644 : 0o755 });
});

Then('模型第 {int} 次收到的最后一条消息不应包含 {string}', function (this: SynapseWorld, n: number, text: string) {
  expect(String(this.llm.requests[n - 1]?.messages.at(-1)?.content)).to.not.contain(text);
});

Then('模型第 {int} 次收到的最后一条消息应不超过 {int} 字节', function (this: SynapseWorld, n: number, bytes: number) {
  expect(Buffer.byteLength(String(this.llm.requests[n - 1]?.messages.at(-1)?.content))).to.be.at.most(bytes);
});

When('在钩子 {string} 启动后中止这次运行', async function (this: SynapseWorld, name: string) {
  const controller = new AbortController();
  const started = performance.now();
  const running = runner(this)
    .run(undefined, controller.signal)
    .catch(() => undefined);
  const marker = join(await hooks(this).dir(), `${name}.started`);
  await poll(() => existsSync(marker), `the hook ${name} to start`, 10_000);
  controller.abort();
  await running;
  aborted.set(this, performance.now() - started);
});

const aborted = new WeakMap<SynapseWorld, number>();

Then('这次运行应在 {int} 秒内结束', function (this: SynapseWorld, seconds: number) {
  expect(aborted.get(this)).to.be.below(seconds * 1000);
});

// --- Paused runs --------------------------------------------------------------------------------------

const resumeError = new WeakMap<SynapseWorld, unknown>();

When(/^同一个 Runner (批准|拒绝) "(\w+)" 继续这次运行$/, async function (this: SynapseWorld, answer: string, id: string) {
  const built = await runner(this).runner();
  runner(this).result = await built.resume(answer === '批准' ? { approve: [id] } : { reject: [id] });
});

When('用 {} 继续这次运行', async function (this: SynapseWorld, decisions: string) {
  await (await runner(this).runner()).resume(JSON.parse(decisions)).catch((error: unknown) => resumeError.set(this, error));
});

Then('继续应以 ApprovalDecisionError 失败：{string}', function (this: SynapseWorld, message: string) {
  const error = resumeError.get(this) as Error | undefined;
  expect(error?.name).to.equal('ApprovalDecisionError');
  expect(error?.message).to.equal(message);
});

Then('这次继续应返回 {string}', function (this: SynapseWorld, text: string) {
  expect(runner(this).result).to.equal(text);
});

Then('Runner 等待批准的调用应为 {string}', async function (this: SynapseWorld, list: string) {
  const pending = await (await runner(this).runner()).pendingApprovals();
  expect(pending.map((call) => call.toolCallId).join(', ')).to.equal(list);
});

const pendingFile = async (world: SynapseWorld) => join(await runner(world).sessionsDir(), (await runner(world).runner()).getSessionId()!, 'pending-approval.json');

When('会话的 pending-approval.json 被写坏', async function (this: SynapseWorld) {
  await writeFile(await pendingFile(this), '{"version": 1, "message":');
});

Then('Runner 应报告会话警告 {string} {string}', function (this: SynapseWorld, file: string, text: string) {
  const warnings = runner(this).of('session_warning');
  expect(
    warnings.some((warning) => warning.file === file && warning.message.includes(text)),
    JSON.stringify(warnings),
  ).to.equal(true);
});

Then('会话目录里应该有挪开的 pending-approval.json', async function (this: SynapseWorld) {
  const dir = join(await runner(this).sessionsDir(), (await runner(this).runner()).getSessionId()!);
  const names = await readdir(dir);
  expect(
    names.some((name) => name.startsWith('pending-approval.json.unreadable-')),
    names.join(', '),
  ).to.equal(true);
  expect(names).to.not.include('pending-approval.json');
});
