import { Given, Then, When } from '@cucumber/cucumber';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { NESTED_TASK_REFUSAL } from '../src/subagents/nested-task-guard';
import { poll, RunnerContext } from './support/runner-context';
import { SubAgentContext } from './support/subagent-context';
import type { SynapseWorld } from './support/world';

const SUB_PROMPT = 'sub-job: research deployment';
const TASK = `task:general --description "research" --prompt "${SUB_PROMPT}"`;
/** A valid task command: were it not refused, a nested sub-agent would start and ask the model. */
const NESTED_TASK = 'task:skill:search deployment guides';

/** The sub-agent's script: it tries to nest a task once, then finishes. A nested conversation has no reply. */
function scriptNestingSubAgent(world: SynapseWorld): void {
  world.llm.reply({ when: SUB_PROMPT, toolCalls: [{ name: 'Bash', arguments: { command: NESTED_TASK } }] }, { when: SUB_PROMPT, content: 'Sub-agent finished: the deployment notes are in docs/.' });
}

const openingOf = (request: { messages: Array<{ role: string; content?: string | null }> }) => request.messages.find((m) => m.role === 'user')?.content;

Given('`task:general` 子代理第一轮产出 `Bash\\(command="task:skill:search ..."\\)`', function (this: SynapseWorld) {
  const runner = this.use(RunnerContext);
  runner.reply([TASK]);
  scriptNestingSubAgent(this);
  runner.reply('Main task complete.');
});

When('主代理执行该工具调用', async function (this: SynapseWorld) {
  await this.use(RunnerContext).run();
});

Then('嵌套 `task:*` 调用应被阻断', function (this: SynapseWorld) {
  const subAgentRequests = this.llm.requests.filter((request) => request.messages.some((m) => m.role === 'user' && m.content === SUB_PROMPT));
  expect(subAgentRequests).to.have.length(2);
  expect(subAgentRequests[1].messages.at(-1)).to.deep.include({ role: 'tool', content: NESTED_TASK_REFUSAL });
  expect(this.llm.requests, 'parent 2 + sub-agent 2, no nested conversation').to.have.length(4);
});

Then('主任务仍应返回成功收尾文本而非无限递归', function (this: SynapseWorld) {
  const runner = this.use(RunnerContext);
  expect(runner.result).to.equal('Main task complete.');
  const [task] = runner.of('tool_call_finished');
  expect(task.result.isError).to.equal(false);
  expect(task.result.output).to.contain('Sub-agent finished');
});

Given(/^(?:用可计数 mock LLM 驱动 `task:general` 执行|发生 `task:general` 内嵌套 task 命中)$/, function (this: SynapseWorld) {
  scriptNestingSubAgent(this);
});

When(/^(?:子代理尝试触发嵌套 task|本轮任务结束)$/, async function (this: SynapseWorld) {
  await this.use(SubAgentContext).runTask(TASK);
});

Then('总调用次数应固定在预期上限（如 2 次）', function (this: SynapseWorld) {
  expect(this.llm.requests).to.have.length(2);
});

Then('不应出现额外调用导致递归膨胀', function (this: SynapseWorld) {
  // Every request belongs to the sub-agent's own conversation: no nested sub-agent ever asked the model.
  expect(this.llm.requests.map(openingOf)).to.deep.equal([SUB_PROMPT, SUB_PROMPT]);
});

Then('输出应体现“未执行嵌套 task，主任务已完成”的语义', function (this: SynapseWorld) {
  const { output } = this.use(SubAgentContext).result!;
  expect(output).to.contain('Sub-agent finished');
  expect(output)
    .to.match(/\[Note\] 1 nested task command\(s\) were not run/)
    .and.match(/completed its own task/);
  // Inside the sub-agent, the refused command was a usage error, so the sub-agent knew to do without it.
  const [refused, ...others] = this.use(SubAgentContext).subAgentEvents.filter((event) => event.type === 'tool_call_finished');
  expect(others).to.deep.equal([]);
  expect(refused).to.deep.include({ command: NESTED_TASK });
  expect(refused!.type === 'tool_call_finished' && refused.result).to.deep.include({
    isError: true,
    message: NESTED_TASK_REFUSAL,
    extras: { failureCategory: 'invalid_usage', nestedTaskBlocked: true },
  });
});

Then('`isError` 不应被误标记为 `true`', function (this: SynapseWorld) {
  expect(this.use(SubAgentContext).result!.isError).to.equal(false);
});

// --- what a sub-agent task reports (agent-runner-extras.feature)

const subAgents = (world: SynapseWorld) => world.use(SubAgentContext);

Given('子代理先执行 `write notes.txt done`，然后回复 {string}', function (this: SynapseWorld, text: string) {
  this.llm.reply({ when: 'write the notes', toolCalls: [{ name: 'Bash', arguments: { command: 'write notes.txt done' } }] }, { when: 'write the notes', content: text });
});

Given('子代理的模型请求以 HTTP {int} {string} 失败', function (this: SynapseWorld, status: number, message: string) {
  this.llm.reply({ when: 'doomed', error: { status, message } });
});

Given('子代理调用一个不存在的命令', function (this: SynapseWorld) {
  this.llm.reply({ when: 'try something', toolCalls: [{ name: 'Bash', arguments: { command: 'no-such-command-abc' } }] });
});

Given('主会话记录用量时失败：{string}', function (this: SynapseWorld, message: string) {
  subAgents(this).usageWriteFailure = message;
});

Given('子代理用 {int} 个 token 回复 {string}', function (this: SynapseWorld, tokens: number, text: string) {
  this.llm.reply({ when: 'count', content: text, usage: { prompt_tokens: tokens - 1, completion_tokens: 1 } });
});

Given('子代理调用 `Bash\\(timeout=30, command="task:skill:search deployment guides")`，然后收尾', function (this: SynapseWorld) {
  const prompt = 'nest with a timeout';
  this.llm.reply({ when: prompt, toolCalls: [{ name: 'Bash', arguments: { timeout: 30, command: NESTED_TASK } }] }, { when: prompt, content: 'Done without nesting.' });
});

Given(/^子代理收到 "(.+)" 后先执行 `(.+)`，然后回复 "(.*)"$/, function (this: SynapseWorld, prompt: string, command: string, text: string) {
  this.llm.reply({ when: prompt, toolCalls: [{ name: 'Bash', arguments: { command } }] }, { when: prompt, content: text });
});

Given('子代理的模型回复要等 {int} 毫秒', function (this: SynapseWorld, ms: number) {
  this.llm.reply({ when: 'slow work', content: 'Too late.', delayMs: ms });
});

When('直接通过子代理执行器运行一个任务，并在子代理请求模型后取消', async function (this: SynapseWorld) {
  const controller = new AbortController();
  const executing = subAgents(this).executeDirectly('slow work', controller.signal);
  await poll(() => this.llm.requests.length === 1, 'the sub-agent to ask the model');
  controller.abort();
  await executing;
});

Then('子代理任务的输出应恰好是 {string}', function (this: SynapseWorld, text: string) {
  const result = subAgents(this).result!;
  expect(result.isError, result.message).to.equal(false);
  expect(result.output).to.equal(text.replaceAll('\\n', '\n'));
});

Then('工作目录中的 {string} 应包含 {string}', async function (this: SynapseWorld, name: string, content: string) {
  expect(await readFile(join(await this.tempDir(), name), 'utf8')).to.equal(content);
});

Then('子代理的系统提示应说明它的工作目录，且它唯一的工具是 Bash', async function (this: SynapseWorld) {
  const [system] = this.llm.requests[0].messages;
  expect(system.role).to.equal('system');
  expect(system.content).to.equal(
    `You are a general-purpose sub-agent: carry out the task completely, then report what you did and found.\nYour working directory is ${await this.tempDir()}. Your one tool is Bash(command="..."); commands accept --help.`,
  );
  expect(this.llm.requests[0].tools?.map((tool) => (tool as { function: { name: string } }).function.name)).to.deep.equal(['Bash']);
});

Then('子代理任务应以错误结束，说明 {string}', function (this: SynapseWorld, message: string) {
  const result = subAgents(this).result!;
  expect(result.isError).to.equal(true);
  expect(result.message).to.contain(message);
  expect(result.output, 'a task that failed or stopped prints nothing on stdout').to.match(/^\[stderr\]\n/);
});

Then('子代理收到的工具结果应是嵌套任务的拒绝', function (this: SynapseWorld) {
  const finished = subAgents(this).subAgentEvents.filter((event) => event.type === 'tool_call_finished');
  expect(finished).to.have.length(1);
  expect(finished[0].type === 'tool_call_finished' && finished[0].result).to.deep.include({ isError: true, output: '', message: NESTED_TASK_REFUSAL, brief: 'nested task refused' });
});

Then('子代理的那次工具调用应成功，输出 {string}', function (this: SynapseWorld, output: string) {
  const finished = subAgents(this).subAgentEvents.filter((event) => event.type === 'tool_call_finished');
  expect(finished).to.have.length(1);
  expect(finished[0].type === 'tool_call_finished' && finished[0].result).to.deep.include({ isError: false, output: output.replaceAll('\\n', '\n') });
});

Then('执行器应以中止错误拒绝，而不是报告任务失败', function (this: SynapseWorld) {
  const { result, error } = subAgents(this).executed!;
  expect(result, 'an aborted task is not reported as a failed one').to.equal(undefined);
  expect(error).to.be.instanceOf(Error);
  expect((error as Error).name).to.match(/Abort/);
});

Then('子代理的运行应被中止', async function (this: SynapseWorld) {
  const outcomes = await Promise.all(subAgents(this).runOutcomes);
  expect(outcomes).to.have.length(1);
  expect(outcomes[0].text, 'the sub-agent did not go on to finish its run').to.equal(undefined);
});

Given('子代理对 {string} 两轮都执行 `echo again`', function (this: SynapseWorld, prompt: string) {
  for (let turn = 0; turn < 2; turn++) this.llm.reply({ when: prompt, toolCalls: [{ name: 'Bash', arguments: { command: 'echo again' } }] });
});

Then('模型收到的每次请求都应使用模型 {string}', function (this: SynapseWorld, model: string) {
  expect(this.llm.requests.length).to.be.greaterThan(0);
  expect(new Set(this.llm.requests.map((request) => request.model))).to.deep.equal(new Set([model]));
});
