import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { AgentRunner, RunSummary, SessionStore } from '../src';
import type { ScriptedReply } from '../src/testing';
import { LLM_MODEL } from './support/llm-mock';
import { RunnerContext } from './support/runner-context';
import type { SynapseWorld } from './support/world';

const ctx = (world: SynapseWorld) => world.use(RunnerContext);
const usage = (prompt_tokens: number, completion_tokens: number) => ({ prompt_tokens, completion_tokens });
const bash = (id: string, command: string) => ({ id, name: 'Bash', arguments: { command } });
/** One of the parent conversation's replies (routed by its input), or a sub-agent's (routed by its prompt). */
const parentReply = (world: SynapseWorld, reply: Omit<ScriptedReply, 'when'>) => world.llm.reply({ when: ctx(world).input, ...reply });
const costs = (world: SynapseWorld) => ctx(world).events.flatMap(({ event }) => (event.type === 'usage' ? [event.costUsd] : []));
const warnings = (world: SynapseWorld) => ctx(world).events.flatMap(({ event }) => (event.type === 'warning' ? [event.message] : []));
const summaryCost = (world: SynapseWorld) => {
  const summary = new RunSummary();
  for (const { event } of ctx(world).events) summary.observe(event);
  return summary.get().costUsd;
};

async function writePricing(content: string): Promise<void> {
  await mkdir(join(homedir(), '.synapse'), { recursive: true });
  await writeFile(join(homedir(), '.synapse', 'pricing.json'), content);
}

// --- prices and scripted calls

Given('定价文件给模型 {string} 每百万 token 输入 {float} 美元、输出 {float} 美元', async function (this: SynapseWorld, model: string, input: number, output: number) {
  await writePricing(JSON.stringify({ [model]: { inputPerMillion: input, outputPerMillion: output } }));
});

Given(
  '定价文件给模型 {string} 每百万 token 输入 {float} 美元、输出 {float} 美元、缓存读 {float} 美元、缓存写 {float} 美元',
  async function (this: SynapseWorld, model: string, input: number, output: number, cacheRead: number, cacheWrite: number) {
    await writePricing(JSON.stringify({ [model]: { inputPerMillion: input, outputPerMillion: output, cacheReadPerMillion: cacheRead, cacheWritePerMillion: cacheWrite } }));
  },
);

Given('定价文件的内容是 {string}', async function (this: SynapseWorld, content: string) {
  await writePricing(content);
});

Given('定价文件的位置上是一个目录', async function (this: SynapseWorld) {
  await mkdir(join(homedir(), '.synapse', 'pricing.json'), { recursive: true });
});

Given('Runner 的 pricing 选项给模型 {string} 每百万 token 输入 {float} 美元、输出 {float} 美元', function (this: SynapseWorld, model: string, input: number, output: number) {
  ctx(this).options.pricing = { [model]: { inputPerMillion: input, outputPerMillion: output } };
});

Given('模型调用 `{}` 并用掉 {int} 与 {int} 个 token', function (this: SynapseWorld, command: string, input: number, output: number) {
  parentReply(this, { toolCalls: [bash('call_1', command)], usage: usage(input, output) });
});

Given(
  '模型先调用 `{}` 并用掉 {int} 与 {int} 个 token，再回复 {string} 并用掉 {int} 与 {int} 个 token',
  function (this: SynapseWorld, command: string, input: number, output: number, text: string, input2: number, output2: number) {
    parentReply(this, { toolCalls: [bash('call_1', command)], usage: usage(input, output) });
    parentReply(this, { content: text, usage: usage(input2, output2) });
  },
);

Given('模型回复 {string} 并用掉 {int} 与 {int} 个 token', function (this: SynapseWorld, text: string, input: number, output: number) {
  parentReply(this, { content: text, usage: usage(input, output) });
});

Given(
  '模型回复 {string} 并报告 {int} 个输入 token，其中 {int} 个读自缓存、{int} 个写入缓存，输出 {int} 个',
  function (this: SynapseWorld, text: string, input: number, read: number, written: number, output: number) {
    // OpenAI's name for the cached part, Anthropic's for what was written to the cache.
    parentReply(this, { content: text, usage: { ...usage(input, output), prompt_tokens_details: { cached_tokens: read }, cache_creation_input_tokens: written } });
  },
);

function delegate(world: SynapseWorld, prompt: string, command: string, tokens: ReturnType<typeof usage>): void {
  parentReply(world, { toolCalls: [bash('call_task', `task:general --prompt "${prompt}" --description "delegated"`)], usage: tokens });
  world.llm.reply({ when: prompt, toolCalls: [bash('call_sub', command)], usage: tokens });
}

Given('模型先让子代理 {string} 工作，子代理调用 `{}`，每次各用掉 {int} 与 {int} 个 token', function (this: SynapseWorld, prompt: string, command: string, input: number, output: number) {
  delegate(this, prompt, command, usage(input, output));
});

Given(
  '模型先让子代理 {string} 工作，子代理调用 `{}` 后回复 {string}，每次各用掉 {int} 与 {int} 个 token',
  function (this: SynapseWorld, prompt: string, command: string, text: string, input: number, output: number) {
    delegate(this, prompt, command, usage(input, output));
    this.llm.reply({ when: prompt, content: text, usage: usage(input, output) });
    parentReply(this, { content: 'done', usage: usage(input, output) });
  },
);

Given('工具开始执行时，库的使用者通过 recordUsage 记下模型 {string} 的 {int} 与 {int} 个 token', function (this: SynapseWorld, model: string, input: number, output: number) {
  const c = ctx(this);
  c.onEvent = (event) => {
    if (event.type === 'tool_call_started') void c.runner().then((runner) => runner.recordUsage({ prompt_tokens: input, completion_tokens: output, total_tokens: input + output }, model));
  };
});

Given('Runner 的会话保存在临时目录', async function (this: SynapseWorld) {
  await ctx(this).sessionsDir();
});

Given('Runner 的预算是 {float} 美元', function (this: SynapseWorld, budget: number) {
  ctx(this).options.maxBudgetUsd = budget;
});

// --- runs

When('同一个 Runner 先后执行两次运行', async function (this: SynapseWorld) {
  await ctx(this).run();
  await ctx(this).run('And once more.');
});

When('用预算 {word} 创建 Runner', function (this: SynapseWorld, budget: string) {
  try {
    new AgentRunner({ model: LLM_MODEL, client: this.llm.client(), maxBudgetUsd: Number(budget) });
  } catch (error) {
    ctx(this).error = error;
  }
});

// --- outcomes

Then('usage 事件的成本应该依次是 {string}', function (this: SynapseWorld, expected: string) {
  const wanted = expected.split(/,\s*/).map((text) => (text === 'null' ? null : Number(text)));
  const got = costs(this);
  expect(got.length, `costs ${JSON.stringify(got)}`).to.equal(wanted.length);
  for (const [i, cost] of got.entries()) {
    if (wanted[i] === null) expect(cost).to.equal(null);
    else expect(cost).to.be.closeTo(wanted[i]!, 1e-12);
  }
});

Then('运行汇总的成本应该是 {float} 美元', function (this: SynapseWorld, dollars: number) {
  expect(summaryCost(this)).to.be.closeTo(dollars, 1e-12);
});

Then('运行汇总的成本应该是 null', function (this: SynapseWorld) {
  expect(summaryCost(this)).to.equal(null);
});

Then('Runner 不应该发出 warning 事件', function (this: SynapseWorld) {
  expect(warnings(this)).to.deep.equal([]);
});

Then('Runner 应该只发出一个 warning 事件，包含 {string}', function (this: SynapseWorld, text: string) {
  const found = warnings(this);
  expect(found).to.have.length(1);
  expect(found[0])
    .to.include(join(homedir(), '.synapse', 'pricing.json'))
    .and.include(text)
    .and.include('costs are not computed');
});

Then('会话记录的用量应该是 {int} 次调用、{int} 个输入 token', async function (this: SynapseWorld, calls: number, input: number) {
  const recorded = (await (await ctx(this).runner()).getSessionUsage())!;
  expect(recorded.roundCount).to.equal(calls);
  expect(recorded.total.prompt_tokens).to.equal(input);
  expect(recorded.byModel[LLM_MODEL]!.rounds).to.equal(calls);
});

Then('会话的 usage.jsonl 应该记下缓存读 {int}、缓存写 {int}', async function (this: SynapseWorld, read: number, written: number) {
  const id = (await ctx(this).runner()).getSessionId()!;
  const lines = (await readFile(join(await ctx(this).sessionsDir(), id, 'usage.jsonl'), 'utf8')).trim().split('\n');
  expect(lines).to.have.length(1);
  expect(JSON.parse(lines[0]!).usage).to.deep.equal({ prompt_tokens: 1000, completion_tokens: 10, total_tokens: 1010, cache_read_tokens: read, cache_write_tokens: written });
});

Then('运行应该以 {string} 结束，回答是 {string}', function (this: SynapseWorld, stopReason: string, text: string) {
  const c = ctx(this);
  expect(c.error).to.equal(undefined);
  expect(c.result).to.equal(text);
  expect(c.events.at(-1)?.event).to.deep.equal({ type: 'run_finished', text, stopReason });
});

Then('模型应该只收到 {int} 次请求', function (this: SynapseWorld, count: number) {
  expect(this.llm.requests).to.have.length(count);
});

Then('会话中的消息角色应该依次是 {string}', async function (this: SynapseWorld, roles: string) {
  const id = (await ctx(this).runner()).getSessionId()!;
  // Read back from disk, as the next process would.
  const session = await new SessionStore(await ctx(this).sessionsDir()).open(id);
  expect(session.messages.map((message) => message.role).join(', ')).to.equal(roles);
});

Then('子代理任务的结果应该包含 {string}', function (this: SynapseWorld, text: string) {
  const finished = ctx(this).events.flatMap(({ event }) => (event.type === 'tool_call_finished' && event.isTask ? [event.result] : []));
  expect(finished).to.have.length(1);
  expect(finished[0]!.isError).to.equal(true);
  expect(finished[0]!.message).to.include(text);
});

Then('运行应该被拒绝，错误是 UnpricedBudgetError，说明是 {string}', function (this: SynapseWorld, text: string) {
  const error = ctx(this).error as Error;
  expect(error?.name).to.equal('UnpricedBudgetError');
  expect(error.message).to.equal(text.replace('<home>', homedir()));
});

Then('会话目录中不应该有会话', async function (this: SynapseWorld) {
  expect(await readdir(await ctx(this).sessionsDir()).catch(() => [])).to.deep.equal([]);
});

Then('创建应该失败，说明是 {string}', function (this: SynapseWorld, message: string) {
  expect((ctx(this).error as Error | undefined)?.message).to.equal(message);
});
