import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { RunnerContext } from './support/runner-context';
import type { SynapseWorld } from './support/world';

const ctx = (world: SynapseWorld) => world.use(RunnerContext);

/**
 * A task command whose sub-agent is scripted to answer `result of <name>` after `delayMs`: long enough that
 * tasks run in parallel overlap visibly (every task of a batch starts before the first reply can arrive)
 * and tasks run one after another cannot.
 */
function task(world: SynapseWorld, name: string, options: { type?: string; delayMs?: number; fail?: boolean } = {}): string {
  const prompt = `job ${name}`;
  ctx(world).scriptedTasks.push({ name, fail: !!options.fail });
  ctx(world).subAgentReply(prompt, options.fail ? { error: { status: 500, message: `backend down for ${name}` } } : { content: `result of ${name}`, delayMs: options.delayMs ?? 40 });
  return `task:${options.type ?? 'general'} --description "${name}" --prompt "${prompt}"`;
}

function tasks(world: SynapseWorld, count: number, options: { delayMs?: number } = {}): string[] {
  return Array.from({ length: count }, (_, i) => task(world, `task-${i + 1}`, options));
}

function arrangeRound(world: SynapseWorld, commands: string[]): void {
  ctx(world).reply(commands);
  ctx(world).reply('All done.');
}

// --- Arrange ----------------------------------------------------------------------------------------

Given('同一轮模型输出连续 3 个 `Bash\\(command="task:..."\\)` 工具调用', function (this: SynapseWorld) {
  arrangeRound(this, tasks(this, 3));
});

Given('同一批次中同时包含 `task:explore` 与 `task:general`', function (this: SynapseWorld) {
  arrangeRound(this, [task(this, 'explorer', { type: 'explore' }), task(this, 'generalist', { type: 'general' })]);
});

Given('同一轮工具调用顺序为 `read`、`task:*`、`task:*`、`write`', async function (this: SynapseWorld) {
  await ctx(this).givenFile('notes.txt', 'read me first');
  arrangeRound(this, ['read notes.txt', task(this, 'task-a'), task(this, 'task-b'), 'write out.txt "written last"']);
});

Given('调用顺序为 `task-a`、`task-b`、`read`、`task-c`、`task-d`', async function (this: SynapseWorld) {
  await ctx(this).givenFile('notes.txt', 'between the batches');
  arrangeRound(this, [task(this, 'task-a'), task(this, 'task-b'), 'read notes.txt', task(this, 'task-c'), task(this, 'task-d')]);
});

Given('未设置 `SYNAPSE_MAX_PARALLEL_TASKS`', function (this: SynapseWorld) {
  this.setEnv('SYNAPSE_MAX_PARALLEL_TASKS', undefined);
});

Given(/^环境变量 `(SYNAPSE_\w+)=(\S+)`$/, function (this: SynapseWorld, name: string, value: string) {
  this.setEnv(name, value);
});

Given(/^同批次存在 (\d+) 个 `task:\*` 调用$/, function (this: SynapseWorld, count: string) {
  arrangeRound(this, tasks(this, Number(count), { delayMs: 50 }));
});

Given(/^(?:task 批次中有|并行批次中包含) 1 个慢任务(?:与|和) 2 个快任务$/, function (this: SynapseWorld) {
  // Generous for the fast tasks on a loaded machine; the slow one never ends on its own.
  this.setEnv('SYNAPSE_TASK_TIMEOUT', '2000');
  arrangeRound(this, [task(this, 'slow', { delayMs: 60_000 }), task(this, 'fast-1', { delayMs: 20 }), task(this, 'fast-2', { delayMs: 40 })]);
});

Given('同一批次 3 个 `task:*` 调用，其中 1 个返回 `ToolError`', function (this: SynapseWorld) {
  arrangeRound(this, [task(this, 'task-1'), task(this, 'task-2', { fail: true }), task(this, 'task-3')]);
});

Given('同一批次所有 `task:*` 调用均返回失败', function (this: SynapseWorld) {
  arrangeRound(
    this,
    ['alpha', 'beta', 'gamma'].map((name) => task(this, name, { fail: true })),
  );
});

Given('assistant 本轮仅返回一个 `task:*` 工具调用', function (this: SynapseWorld) {
  arrangeRound(this, [task(this, 'only')]);
});

// --- Act --------------------------------------------------------------------------------------------

When(
  /^(?:执行该轮 `toolResults\(\)`|Agent 执行这一批工具调用|执行工具结果收集|执行该批次|慢任务最终(?:超时失败|以 timeout 失败)|Agent 收集该批次 `tool_result`|Agent 执行工具分组调度|执行 `run\(\)`)$/,
  async function (this: SynapseWorld) {
    await ctx(this).run();
  },
);

// --- Assert -----------------------------------------------------------------------------------------

Then('3 个 task 调用应进入同一并行批次', function (this: SynapseWorld) {
  expect(ctx(this).maxInFlight()).to.equal(3);
});

Then(/^成功(?:结果应全部写入 tool 消息历史|任务结果应全部写入历史)$/, async function (this: SynapseWorld) {
  const c = ctx(this);
  const history = await c.history();
  const expected = c.scriptedTasks.filter((task) => !task.fail).map((task) => task.name);
  const succeeded = c.of('tool_call_finished').filter((event) => !event.result.isError);
  expect(succeeded.map((event) => event.description).sort(), 'every task scripted to succeed did').to.deep.equal([...expected].sort());
  for (const { toolCallId, description } of succeeded) {
    const message = history.find((m) => m.role === 'tool' && m.tool_call_id === toolCallId);
    expect(message?.content, toolCallId).to.contain(`result of ${description}`);
  }
});

Then('二者应按 task 批次并行执行', function (this: SynapseWorld) {
  expect(ctx(this).maxInFlight()).to.equal(2);
});

Then('不应因 task 类型不同而串行化', function (this: SynapseWorld) {
  const [explore, general] = [...ctx(this).spans().values()];
  expect(general.start, 'general started before explore finished').to.be.lessThan(explore.end);
  expect(explore.isError || general.isError).to.equal(false);
});

Then('`read` 必须先完成', function (this: SynapseWorld) {
  const spans = ctx(this).spans();
  const read = spans.get('read notes.txt')!;
  for (const [command, span] of spans) if (command.startsWith('task:')) expect(span.start, command).to.be.at.least(read.end);
});

Then('task 批次完成后才执行 `write`', async function (this: SynapseWorld) {
  const spans = ctx(this).spans();
  const write = spans.get('write out.txt "written last"')!;
  for (const [command, span] of spans) if (command.startsWith('task:')) expect(write.start, command).to.be.at.least(span.end);
  expect(await ctx(this).readFile('out.txt')).to.equal('written last');
});

Then(/^任一时刻并行执行数量不应超过 `(\d+)`$/, function (this: SynapseWorld, limit: string) {
  expect(ctx(this).maxInFlight()).to.equal(Number(limit));
});

Then('超出部分应排队到下一子批次', function (this: SynapseWorld) {
  const c = ctx(this);
  const firstFinish = Math.min(...c.of('tool_call_finished').map((event) => event.at));
  const startedBefore = c.of('tool_call_started').filter((event) => event.at < firstFinish).length;
  expect(startedBefore, 'tasks started before any finished').to.equal(5);
  expect(c.of('tool_call_started')).to.have.length(7);
});

Then(/^最大并行数应为 `(\d+)`$/, function (this: SynapseWorld, limit: string) {
  expect(ctx(this).maxInFlight()).to.equal(Number(limit));
});

Then('执行结果数量仍应与调用数量一致', async function (this: SynapseWorld) {
  const c = ctx(this);
  const history = await c.history();
  const calls = history.find((m) => m.tool_calls)!.tool_calls!;
  expect(c.toolMessages(history).map((m) => m.tool_call_id)).to.deep.equal(calls.map((call) => call.id));
});

Then(/^快任务应先(?:产出|返回)成功结果$/, function (this: SynapseWorld) {
  const finished = ctx(this).of('tool_call_finished');
  expect(finished.slice(0, 2).map((event) => event.description)).to.have.members(['fast-1', 'fast-2']);
  expect(finished[2].description).to.equal('slow');
  expect(finished.map((event) => event.result.isError)).to.deep.equal([false, false, true]);
});

Then('失败任务仅影响自身 tool result', async function (this: SynapseWorld) {
  const c = ctx(this);
  const messages = c.toolMessages(await c.history());
  expect(messages).to.have.length(3);
  expect(messages[0].content).to.match(/timed out/i);
  expect(messages[1].content)
    .to.contain('result of fast-1')
    .and.not.match(/timed out/i);
  expect(messages[2].content)
    .to.contain('result of fast-2')
    .and.not.match(/timed out/i);
});

Then('Agent 不应等待慢任务后才输出快任务结果', function (this: SynapseWorld) {
  const c = ctx(this);
  const [fast1, fast2, slow] = c.of('tool_call_finished');
  // The slow task runs until its 2 s timeout; the fast ones (20 and 40 ms) were reported long before that.
  expect(fast2.at, 'fast results reported before the slow task ended').to.be.lessThan(slow.at - 100);
  expect(fast1.result.isError || fast2.result.isError).to.equal(false);
});

Then('失败任务仅在其对应 tool message 中体现错误', async function (this: SynapseWorld) {
  const c = ctx(this);
  const messages = c.toolMessages(await c.history());
  expect(messages).to.have.length(3);
  expect(messages[1].content).to.contain('task-2').and.contain('backend down for task-2');
  for (const i of [0, 2])
    expect(messages[i].content)
      .to.contain(`result of task-${i + 1}`)
      .and.not.contain('backend down');
});

Then('应生成与调用数一致的 tool messages', async function (this: SynapseWorld) {
  const c = ctx(this);
  expect(c.toolMessages(await c.history())).to.have.length(3);
});

Then('每条错误应保留各自任务上下文而非合并成单条总错', async function (this: SynapseWorld) {
  const c = ctx(this);
  const messages = c.toolMessages(await c.history());
  ['alpha', 'beta', 'gamma'].forEach((name, i) => {
    expect(messages[i].content).to.contain(`backend down for ${name}`);
    for (const other of ['alpha', 'beta', 'gamma'].filter((n) => n !== name)) expect(messages[i].content).not.to.contain(`for ${other}`);
  });
  expect(c.of('tool_call_finished').every((event) => event.result.isError)).to.equal(true);
});

Then('第一批 task 应先并行完成', function (this: SynapseWorld) {
  const spans = ctx(this).spans();
  const [a, b] = [...spans.entries()].filter(([c]) => /task-a|task-b/.test(c)).map(([, s]) => s);
  expect(b.start, 'a and b overlap').to.be.lessThan(a.end);
  expect(spans.get('read notes.txt')!.start).to.be.at.least(Math.max(a.end, b.end));
});

Then('`read` 完成后才启动第二批 task', function (this: SynapseWorld) {
  const spans = ctx(this).spans();
  const read = spans.get('read notes.txt')!;
  const [c, d] = [...spans.entries()].filter(([command]) => /task-c|task-d/.test(command)).map(([, s]) => s);
  expect(Math.min(c.start, d.start)).to.be.at.least(read.end);
  expect(d.start, 'c and d overlap').to.be.lessThan(c.end);
});

Then('历史中应新增 1 条 tool message', async function (this: SynapseWorld) {
  expect(ctx(this).toolMessages(await ctx(this).history())).to.have.length(1);
});

Then('该消息应绑定原始 toolCallId', async function (this: SynapseWorld) {
  const history = await ctx(this).history();
  const [call] = history.find((m) => m.tool_calls)!.tool_calls!;
  expect(ctx(this).toolMessages(history)[0]).to.deep.include({ tool_call_id: call.id });
  expect(ctx(this).toolMessages(history)[0].content).to.contain('result of only');
});
