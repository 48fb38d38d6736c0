import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { defaultSystemPrompt, formatRunSummary, ProjectInstructionsError, readProjectInstructions, RunSummary, type ProjectInstructions } from '../src';
import { RunnerContext } from './support/runner-context';
import type { SynapseWorld } from './support/world';

const ctx = (world: SynapseWorld) => world.use(RunnerContext);
/** A Gherkin string with JSON escapes (\n, \t) turned into the characters they stand for. */
const withEscapes = (text: string) => JSON.parse(`"${text}"`) as string;

/** What reading AGENTS.md gave, or how it failed. */
interface InstructionsOutcome {
  read?: ProjectInstructions;
  error?: unknown;
}
const outcomes = new WeakMap<SynapseWorld, InstructionsOutcome>();
const summaries = new WeakMap<SynapseWorld, { summary?: RunSummary; line?: string; startedAt?: number }>();
const summaryOf = (world: SynapseWorld) => summaries.get(world) ?? summaries.set(world, {}).get(world)!;

// --- the system prompt ------------------------------------------------------------------------------

Given('Runner 以子代理身份运行', function (this: SynapseWorld) {
  ctx(this).options.isSubAgent = true;
});

Given('工作目录中有文件 {string} 内容为 {string}', async function (this: SynapseWorld, name: string, content: string) {
  await writeFile(join(await this.tempDir(), name), withEscapes(content));
});

Given('Runner 的系统提示替换为 {string}，读入工作目录的 AGENTS.md，并追加 {string}', async function (this: SynapseWorld, base: string, append: string) {
  const c = ctx(this);
  c.options.systemPrompt = withEscapes(base);
  c.options.projectInstructions = await readProjectInstructions(await this.tempDir());
  c.options.appendSystemPrompt = withEscapes(append);
});

Then('模型收到的系统提示应恰好是（<工作目录> 为 Runner 的工作目录）：', async function (this: SynapseWorld, expected: string) {
  const [system] = this.llm.requests[0]!.messages;
  expect(system!.role).to.equal('system');
  expect(system!.content).to.equal(expected.replaceAll('<工作目录>', await this.tempDir()));
});

// --- AGENTS.md --------------------------------------------------------------------------------------

Given(/^工作目录中的 "(.+)" (是一个目录|是指向自己的符号链接|有 \d+ 字节)$/, async function (this: SynapseWorld, name: string, kind: string) {
  const path = join(await this.tempDir(), name);
  const bytes = /^有 (\d+) 字节$/.exec(kind)?.[1];
  if (bytes) await writeFile(path, 'x'.repeat(Number(bytes)));
  else if (kind === '是一个目录') await mkdir(path);
  else await symlink(name, path);
});

When('读取工作目录的项目说明', async function (this: SynapseWorld) {
  const outcome: InstructionsOutcome = {};
  outcomes.set(this, outcome);
  await readProjectInstructions(await this.tempDir()).then(
    (read) => (outcome.read = read),
    (error: unknown) => (outcome.error = error),
  );
});

Then('应没有项目说明', function (this: SynapseWorld) {
  expect(outcomes.get(this)).to.deep.equal({ read: undefined });
});

Then('读到的项目说明应有 {int} 个字符，路径是工作目录中的 {string}', async function (this: SynapseWorld, length: number, name: string) {
  const { read, error } = outcomes.get(this)!;
  expect(error).to.equal(undefined);
  expect(read!.path).to.equal(join(await this.tempDir(), name));
  expect(read!.text).to.have.length(length);
});

Then('读取应以 ProjectInstructionsError 失败，消息为工作目录中的 {string} 后接 {string}', async function (this: SynapseWorld, name: string, reason: string) {
  const { error } = outcomes.get(this)!;
  expect(error).to.be.instanceOf(ProjectInstructionsError);
  expect((error as Error).name).to.equal('ProjectInstructionsError');
  expect((error as Error).message).to.equal(`${join(await this.tempDir(), name)} ${reason}`);
});

// --- the run summary --------------------------------------------------------------------------------

Given(
  '模型第一轮调用工具 `{}` 与 `{}` 并用掉 {int} 与 {int} 个 token，第二轮回复 {string} 并用掉 {int} 与 {int} 个 token',
  function (this: SynapseWorld, first: string, second: string, inFirst: number, outFirst: number, text: string, inSecond: number, outSecond: number) {
    const toolCalls = [first, second].map((command, i) => ({ id: `call_${i + 1}`, name: 'Bash', arguments: { command } }));
    this.llm.reply({ toolCalls, usage: { prompt_tokens: inFirst, completion_tokens: outFirst } });
    this.llm.reply({ content: text, usage: { prompt_tokens: inSecond, completion_tokens: outSecond } });
  },
);

When('执行一次运行，同时用运行汇总观察它的事件', async function (this: SynapseWorld) {
  summaryOf(this).startedAt = performance.now();
  const summary = new RunSummary();
  summaryOf(this).summary = summary;
  // The runner's events, as the scenario's listener recorded them, observed in the order they came.
  await ctx(this).run();
  for (const { event } of ctx(this).events) summary.observe(event);
});

Then(
  '运行汇总应为 {int} 次模型请求、{int} 次工具调用、{int} 个输入 token、{int} 个输出 token',
  function (this: SynapseWorld, modelCalls: number, toolCalls: number, inputTokens: number, outputTokens: number) {
    const { durationMs, ...figures } = summaryOf(this).summary!.get();
    const elapsedMs = performance.now() - summaryOf(this).startedAt!;
    expect(figures).to.deep.include({ modelCalls, toolCalls, inputTokens, outputTokens });
    // The summary's clock runs from its creation: never longer than the scenario has timed since then.
    expect(durationMs).to.be.at.least(0).and.at.most(Math.ceil(elapsedMs));
  },
);

Then('汇总那一行应以 {string} 开头，以一位小数的秒数结尾', function (this: SynapseWorld, start: string) {
  const line = formatRunSummary(summaryOf(this).summary!.get());
  expect(line.startsWith(start), line).to.equal(true);
  expect(line.slice(start.length)).to.match(/^\d+\.\ds$/);
});

When(
  '汇总一次 {int} 次模型请求、{int} 次工具调用、{int} 与 {int} 个 token、用时 {int} 毫秒的运行',
  function (this: SynapseWorld, modelCalls: number, toolCalls: number, inputTokens: number, outputTokens: number, durationMs: number) {
    summaryOf(this).line = formatRunSummary({ modelCalls, toolCalls, inputTokens, outputTokens, costUsd: 0, durationMs });
  },
);

Then('汇总那一行应为 {string}', function (this: SynapseWorld, expected: string) {
  expect(summaryOf(this).line).to.equal(expected);
});

Then('导出的 defaultSystemPrompt 对工作目录给出的文本应与模型收到的系统提示完全相同', async function (this: SynapseWorld) {
  const [system] = this.llm.requests[0]!.messages;
  expect(defaultSystemPrompt(await this.tempDir())).to.equal(system!.content);
});
