import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { poll, RunnerContext } from './support/runner-context';
import type { SynapseWorld } from './support/world';

const ctx = (world: SynapseWorld) => world.use(RunnerContext);

Given('模型第一轮先调用一个长时间运行的命令，再调用 `{}`', function (this: SynapseWorld, command: string) {
  ctx(this).reply([ctx(this).sleepCommand, command]);
});

When('在长时间运行的命令启动后中止这次运行', async function (this: SynapseWorld) {
  await ctx(this).runAndAbortWhenToolStarts(ctx(this).sleepCommand);
});

Given('模型第一轮调用两个任务，第一个任务的子代理要 {int} 毫秒才回答', function (this: SynapseWorld, ms: number) {
  const c = ctx(this);
  c.reply(['task:general --description "first" --prompt "slow job"', 'task:general --description "second" --prompt "queued job"']);
  c.subAgentReply('slow job', { content: 'too late', delayMs: ms });
});

When('在第一个任务的子代理请求模型后中止这次运行', async function (this: SynapseWorld) {
  const c = ctx(this);
  const controller = new AbortController();
  const running = c.run(c.input, controller.signal).catch(() => undefined);
  await poll(() => this.llm.requests.length === 2, 'the sub-agent to ask the model');
  controller.abort();
  await running;
});

Then('被中止的调用结束后，这一轮不应再启动任何调用', async function (this: SynapseWorld) {
  const c = ctx(this);
  await c.waitFor((event) => event.type === 'tool_call_finished');
  // Whatever the round would start next, it starts at once: a few timer turns are plenty to see it.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(c.of('tool_call_started').map((event) => event.command)).to.have.length(1);
});
