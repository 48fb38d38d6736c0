import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { ChatContext } from './support/chat-context';
import { LLM_MODEL } from './support/llm-mock';
import type { SynapseWorld } from './support/world';

// The chat's command layer (src/repl) driven without a terminal: what the documents say of special
// commands, `!`, input handling, /resume and Ctrl-C. The terminal paths are in repl-terminal.steps.ts.

const chat = (world: SynapseWorld) => world.use(ChatContext);

/** What a step's line printed, per line entered in this scenario. */
const outputs = new WeakMap<SynapseWorld, string[]>();
const lastOutput = (world: SynapseWorld) => outputs.get(world)?.at(-1) ?? '';

async function enter(world: SynapseWorld, line: string): Promise<string> {
  const printed = await chat(world).enter(line);
  outputs.set(world, [...(outputs.get(world) ?? []), printed]);
  chat(world).lastOutput = printed;
  return printed;
}

async function helpText(world: SynapseWorld): Promise<string> {
  const result = await (await chat(world).controller()).handleSpecialCommand('/help');
  return result.handled ? result.output : '';
}

// --- REPL 特殊命令 ---------------------------------------------------------------------------------

Given(/^已进入 REPL(?: 会话)?$/, async function (this: SynapseWorld) {
  await chat(this).controller();
});

Given('已进入 REPL 会话且 Runner 已初始化', async function (this: SynapseWorld) {
  await chat(this).controller();
});

Given('已进入 REPL 会话且存在会话用量统计', async function (this: SynapseWorld) {
  this.llm.reply({ content: 'Hello.', usage: { prompt_tokens: 1234, completion_tokens: 56 } });
  await chat(this).enter('Hi');
});

When(/^输入命令 `(.+)`$/, async function (this: SynapseWorld, line: string) {
  await enter(this, line);
});

When('输入文本 `hello world`', async function (this: SynapseWorld) {
  const result = await (await chat(this).controller()).handleSpecialCommand('hello world');
  this.attach(JSON.stringify(result));
  expect(result, 'a plain text line is not a special command').to.deep.equal({ handled: false });
  outputs.set(this, ['unhandled']);
});

When('依次输入 `\\/HELP`、`\\/Help`、`\\/hElP`、`\\/EXIT`', async function (this: SynapseWorld) {
  for (const line of ['/HELP', '/Help', '/hElP', '/EXIT']) await enter(this, line);
});

Then(/^命令应(?:被识别为特殊命令并执行成功|成功处理|被正确处理|被处理)$/, function (this: SynapseWorld) {
  const output = lastOutput(this);
  expect(output, 'the command printed something').to.not.equal('');
  expect(output).to.not.match(/^Unknown command|failed:/);
});

Then('输出中包含帮助说明', function (this: SynapseWorld) {
  for (const part of ['/help', '/exit', '/resume', '/model', '!<command>', 'Ctrl-C']) expect(lastOutput(this)).to.contain(part);
});

Then(/^行为与 `\/help` 一致$/, async function (this: SynapseWorld) {
  expect(lastOutput(this)).to.equal(await helpText(this));
});

Then('输出中包含工具列表或工具状态说明', function (this: SynapseWorld) {
  expect(lastOutput(this)).to.contain('Bash: the one tool the model calls');
  expect(lastOutput(this)).to.match(/agent commands\s+read, write, edit, glob, search, TodoWrite/);
});

Then('输出中包含技能列表或无技能时的提示', function (this: SynapseWorld) {
  expect(lastOutput(this)).to.match(/^No skills installed \(looked in .*\.agents\/skills/);
});

Then('输出包含当前模型名称', function (this: SynapseWorld) {
  expect(lastOutput(this)).to.equal(`Model: ${LLM_MODEL}`);
});

Then('输出包含 token\\/cost 相关字段', function (this: SynapseWorld) {
  const output = lastOutput(this);
  expect(output).to.match(/prompt tokens:\s+1,234/);
  expect(output).to.match(/completion tokens:\s+56/);
  expect(output).to.match(/total tokens:\s+1,290/);
});

Then('输出包含 session id 的使用说明', function (this: SynapseWorld) {
  expect(lastOutput(this)).to.contain('Usage: /resume [--latest | <session id or prefix>]');
});

Then('输出应包含无法恢复会话的提示而非崩溃', function (this: SynapseWorld) {
  expect(lastOutput(this)).to.contain('Session not found: invalid-id');
  expect(chat(this).count('end')).to.equal(0);
});

Then('进程应按预期退出', function (this: SynapseWorld) {
  expect(lastOutput(this)).to.equal('Goodbye!');
  expect(chat(this).calls.at(-1)).to.deep.equal({ kind: 'end' });
});

Then(/^行为与 `\/exit` 一致$/, function (this: SynapseWorld) {
  expect(lastOutput(this)).to.equal('Goodbye!');
  expect(chat(this).calls.at(-1)).to.deep.equal({ kind: 'end' });
});

Then('命令应被识别并返回“未知命令”提示', function (this: SynapseWorld) {
  expect(lastOutput(this)).to.equal('Unknown command: /unknown. Type /help for the list.');
});

Then('REPL 会话保持可继续输入状态', async function (this: SynapseWorld) {
  const c = chat(this);
  expect(c.count('end')).to.equal(0);
  expect(c.calls.at(-1)).to.deep.equal({ kind: 'prompt', answering: false });
  expect(await enter(this, '/help')).to.equal(await helpText(this));
});

Then('特殊命令处理器应返回“未处理”', function (this: SynapseWorld) {
  expect(lastOutput(this)).to.equal('unhandled');
});

Then('后续进入正常对话处理流程', async function (this: SynapseWorld) {
  this.llm.reply({ content: 'Hello to you too.' });
  await chat(this).enter('hello world');
  expect(this.llm.requests).to.have.length(1);
  expect(JSON.stringify(this.llm.requests[0]!.messages.at(-1))).to.contain('hello world');
  expect(chat(this).outcomes).to.deep.equal([{ kind: 'message', status: 'done' }]);
});

Then('每条命令都应被正确识别并处理成功', async function (this: SynapseWorld) {
  const [upper, title, mixed, exit] = outputs.get(this)!;
  const help = await helpText(this);
  expect([upper, title, mixed]).to.deep.equal([help, help, help]);
  expect(exit).to.equal('Goodbye!');
  expect(chat(this).calls.at(-1)).to.deep.equal({ kind: 'end' });
});

// --- ! 前缀 ----------------------------------------------------------------------------------------

function lastToolResult(world: SynapseWorld) {
  const finished = chat(world).events.filter((event) => event.type === 'tool_call_finished');
  expect(finished, 'the command ran through the Bash tool').to.have.length.greaterThan(0);
  return (finished.at(-1) as Extract<(typeof finished)[number], { type: 'tool_call_finished' }>).result;
}

Then(/^(?:命令退出码应为|返回退出码为) `(\d+)`$/, function (this: SynapseWorld, code: string) {
  expect(lastToolResult(this).extras?.exitCode).to.equal(Number(code));
});

Then('命令退出码应为非 `{int}`', function (this: SynapseWorld, code: number) {
  const result = lastToolResult(this);
  expect(result.isError).to.equal(true);
  expect(result.extras?.exitCode).to.not.equal(code);
});

Then('输出中包含 `test`', function (this: SynapseWorld) {
  expect(lastToolResult(this).output).to.contain('test');
});

Then('命令应执行成功', function (this: SynapseWorld) {
  expect(lastToolResult(this).isError).to.equal(false);
  expect(chat(this).outcomes.at(-1)).to.deep.equal({ kind: 'shell', status: 'done' });
});
