import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { NESTED_TASK_REFUSAL } from '../src/subagents/nested-task-guard';
import { RunnerContext } from './support/runner-context';
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
