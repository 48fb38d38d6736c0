import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { ChatContext } from './support/chat-context';
import { ChatTerminalContext } from './support/chat-terminal-context';
import type { SynapseWorld } from './support/world';

// 01-p0-core-runtime-part05: the chat on a real pseudo-terminal (`synapse chat`, node-pty) and Ctrl-C in
// the command layer. (The document's session scenarios, rewriteHistory, clear() and eviction, are the
// context work's: their steps come with its session API.)

const term = (world: SynapseWorld) => world.use(ChatTerminalContext);
const chat = (world: SynapseWorld) => world.use(ChatContext);
const BUILD_TIMEOUT = { timeout: 180_000 };
const WAITING_COMMAND = 'while [ ! -f release.flag ]; do sleep 0.05; done; echo released';

async function startChat(world: SynapseWorld): Promise<void> {
  await term(world).configureModel();
  await term(world).start();
}

// --- REPL PTY 真实用户输入链路 -------------------------------------------------------------------------

Given('使用 PTY 启动 `synapse chat` 并注入首条普通输入 `hello`', BUILD_TIMEOUT, async function (this: SynapseWorld) {
  (await term(this).cli.model()).reply({ content: 'Hello to you.' });
  await startChat(this);
  await term(this).enter('hello');
});

When(/^用户(随后输入 `\/exit`|继续输入其它命令并最终 `\/exit`)$/, async function (this: SynapseWorld, which: string) {
  if (which.startsWith('继续')) await term(this).enter('/model');
  await term(this).enter('/exit', 'Goodbye');
});

Then('输出中应包含 `Synapse Agent` 与 `You>` 提示符', function (this: SynapseWorld) {
  const screen = term(this).screen.screen;
  expect(screen).to.contain('Synapse Agent');
  expect(screen).to.match(/^You> hello$/m);
  expect(screen).to.contain('Hello to you.');
});

Then('退出时应包含 `Goodbye`', async function (this: SynapseWorld) {
  expect(term(this).screen.screen.trimEnd()).to.match(/Goodbye!$/);
  expect((await term(this).screen.exited).exitCode).to.equal(0);
});

Given('用户连续输入 `!echo first` 与 `!echo second`', BUILD_TIMEOUT, async function (this: SynapseWorld) {
  await startChat(this);
});

When('REPL 逐条执行命令', async function (this: SynapseWorld) {
  await term(this).enter('!echo first');
  await term(this).enter('!echo second');
});

Then('输出顺序应先出现 `first` 再出现 `second`', function (this: SynapseWorld) {
  const screen = term(this).screen.screen;
  const first = screen.indexOf('✓ first');
  const second = screen.indexOf('✓ second');
  expect(first, screen).to.be.greaterThan(screen.indexOf('$ echo first'));
  expect(second, screen).to.be.greaterThan(first);
});

Then('两条命令都应在同一会话内成功返回', function (this: SynapseWorld) {
  const screen = term(this).screen.screen;
  expect(screen.match(/Session: session-/g)).to.have.length(1);
  expect(screen.match(/✓ (first|second)$/gm)).to.have.length(2);
  expect(term(this).screen.hasExited).to.equal(false);
});

Given('用户输入 `!echo {string}`', BUILD_TIMEOUT, async function (this: SynapseWorld, _text: string) {
  await startChat(this);
});

When('REPL 执行该命令', async function (this: SynapseWorld) {
  await term(this).enter('!echo "hello-pty-test"');
});

Then('不应出现参数被截断或丢失引号语义', function (this: SynapseWorld) {
  // The shell took the quotes: the output is the word alone, whole.
  expect(term(this).screen.screen).to.match(/✓ hello-pty-test$/m);
});

Given('当前会话已启动且用户先输入 `\\/help`', BUILD_TIMEOUT, async function (this: SynapseWorld) {
  await startChat(this);
  await term(this).enter('/help');
});

Then('`\\/help` 输出应包含 `Common`、`\\/clear`、`\\/exit`', function (this: SynapseWorld) {
  const help = term(this).screen.screen.split('You> /help')[1]!.split('You> ')[0]!;
  for (const part of ['Common', '/clear', '/exit']) expect(help).to.contain(part);
});

Then('会话应继续响应直到显式退出', async function (this: SynapseWorld) {
  const screen = term(this).screen.screen;
  expect(screen.indexOf('Model: gpt-4o-mini')).to.be.greaterThan(screen.indexOf('Common'));
  expect(screen.indexOf('Goodbye!')).to.be.greaterThan(screen.indexOf('Model: gpt-4o-mini'));
  expect((await term(this).screen.exited).exitCode).to.equal(0);
});

Given('用户先输入空行再输入 `\\/exit`', BUILD_TIMEOUT, async function (this: SynapseWorld) {
  await startChat(this);
});

When('REPL 处理空输入', async function (this: SynapseWorld) {
  await term(this).enter('');
});

Then('应继续显示 `You>` 提示符', function (this: SynapseWorld) {
  expect(term(this).screen.screen.match(/You> /g)).to.have.length(2);
  expect(term(this).screen.hasExited).to.equal(false);
});

Then('会话可被后续命令正常结束', async function (this: SynapseWorld) {
  await term(this).enter('/exit', 'Goodbye!');
  expect((await term(this).screen.exited).exitCode).to.equal(0);
});

// --- 中断交互一致性 (the command layer) ------------------------------------------------------------------

Given('当前 `isProcessing=true` 且存在 `interruptCurrentTurn` 回调', async function (this: SynapseWorld) {
  this.llm.reply({ toolCalls: [{ name: 'Bash', arguments: { command: WAITING_COMMAND } }] });
  const c = chat(this);
  await c.start('Please wait for the flag');
  await c.until(() => c.events.some((event) => event.type === 'tool_call_started'), 'the tool to start');
});

Given('当前 `isProcessing=false` 且存在 `clearCurrentInput` 回调', async function (this: SynapseWorld) {
  await chat(this).controller();
});

When('用户触发 `Ctrl+C`', async function (this: SynapseWorld) {
  (await chat(this).controller()).handleSigint();
});

Then('应调用 `interruptCurrentTurn\\()` 一次', async function (this: SynapseWorld) {
  const c = chat(this);
  await c.turn;
  expect(c.interruptCalls).to.equal(1);
  expect(c.outcomes).to.have.length(1);
  expect(c.outcomes[0]).to.include({ kind: 'message', status: 'interrupted' });
  // The command it was waiting on never got its flag: it was stopped, not finished.
  await writeFile(join(await c.cwd(), 'release.flag'), '');
});

Then('应重置为可继续输入状态而非退出 REPL', async function (this: SynapseWorld) {
  expect((await chat(this).controller()).isProcessing).to.equal(false);
  expect(chat(this).calls.at(-1)).to.deep.equal({ kind: 'prompt', answering: false });
  expect(chat(this).count('end')).to.equal(0);
});

Then('不应调用 `interruptCurrentTurn`', function (this: SynapseWorld) {
  expect(chat(this).interruptCalls).to.equal(0);
});

Then('应调用 `clearCurrentInput\\()` 并重新展示提示符', function (this: SynapseWorld) {
  expect(chat(this).calls.map((call) => call.kind)).to.deep.equal(['clearInput', 'prompt']);
});
