import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { descendants, processEnds, processTable } from './support/cli-context';
import { ChatTerminalContext } from './support/chat-terminal-context';
import type { SynapseWorld } from './support/world';

// `synapse chat` as a person meets it: the built CLI on a real pseudo-terminal (node-pty). The
// documents' `bun run chat` is `synapse chat`; ANTHROPIC_API_KEY is OPENAI_API_KEY (or --api-key).

const term = (world: SynapseWorld) => world.use(ChatTerminalContext);

// --- start-up ------------------------------------------------------------------------------------------

Given('在项目根目录且依赖已安装完成', async function (this: SynapseWorld) {
  await term(this).cli.dir('work');
});

Given('环境变量 `ANTHROPIC_API_KEY` 已正确配置', async function (this: SynapseWorld) {
  await term(this).configureModel();
});

Given('未配置 `ANTHROPIC_API_KEY` 且本地设置中也无可用 Key', async function (this: SynapseWorld) {
  // The CLI's environment drops OPENAI_API_KEY and OPENAI_BASE_URL; HOME is a fresh directory with no settings.
  await term(this).cli.dir('home');
});

Given('REPL 成功启动', async function (this: SynapseWorld) {
  await term(this).configureModel();
});

Given('LLM 客户端初始化失败（例如配置缺失或初始化异常）', async function (this: SynapseWorld) {
  // A key is configured, but the endpoint it goes with cannot be: the client cannot be set up.
  term(this).env.OPENAI_API_KEY = 'sk-test-key';
  term(this).env.OPENAI_BASE_URL = 'not a url';
});

Given('MCP 配置或连接异常导致 `initializeMcpTools\\()` 抛错', async function (this: SynapseWorld) {
  await term(this).configureModel();
  await writeFile(join(await term(this).cli.dir('work'), 'mcp_servers.json'), '{"mcpServers": {"broken": ');
});

Given('Skill 初始化流程异常导致 `initializeSkillTools\\()` 抛错', async function (this: SynapseWorld) {
  await term(this).configureModel();
  const skill = join(await term(this).cli.dir('work'), '.agents', 'skills', 'broken');
  await mkdir(skill, { recursive: true });
  await writeFile(join(skill, 'SKILL.md'), 'no front matter here\n');
});

// Starting the chat may first build dist/ (a scenario's first CLI process after a change to src/).
const BUILD_TIMEOUT = { timeout: 180_000 };

When(/^(?:执行命令|启动) `bun run chat`$/, BUILD_TIMEOUT, async function (this: SynapseWorld) {
  await term(this).start();
});

When('显示欢迎信息', BUILD_TIMEOUT, async function (this: SynapseWorld) {
  await term(this).start();
});

Then(/^(?:进程应成功启动并显示 REPL 提示符|REPL 不应直接退出|启动流程仍应继续)$/, function (this: SynapseWorld) {
  const screen = term(this).screen;
  expect(screen.hasExited, `the chat ended:\n${screen.screen}`).to.equal(false);
  expect(screen.screen).to.match(/^You> $/m);
});

Then('用户可继续输入下一条命令', async function (this: SynapseWorld) {
  const shown = await term(this).enter('/model');
  expect(shown).to.contain('Model: gpt-4o-mini');
  expect(shown).to.match(/You> $/);
});

Then('启动流程应失败并返回可读错误信息', async function (this: SynapseWorld) {
  const { exitCode } = await term(this).screen.exited;
  expect(exitCode).to.equal(2);
  const lines = term(this).screen.screen.trim().split('\n');
  expect(lines, 'one line, no stack trace').to.have.length(1);
  expect(lines[0]).to.match(/^synapse: no API key/);
});

Then('错误信息应能提示用户补充鉴权配置', function (this: SynapseWorld) {
  const line = term(this).screen.screen.trim();
  for (const hint of ['OPENAI_API_KEY', '--api-key', '--base-url']) expect(line).to.contain(hint);
});

Then('应输出 `Agent mode unavailable` 与 `Running in echo mode` 提示', async function (this: SynapseWorld) {
  const screen = term(this).screen.screen;
  expect(screen).to.contain('Agent mode unavailable: --base-url not a url is not a URL');
  expect(screen).to.contain('Running in echo mode');
  expect(await term(this).enter('hello there')).to.contain('echo: hello there');
});

Then(/^输出应包含 `(MCP|Skill) tools unavailable` 警告$/, function (this: SynapseWorld, which: string) {
  const expected = which === 'MCP' ? /warning: MCP tools unavailable: MCP config .*mcp_servers\.json/ : /warning: Skill tools unavailable: .*broken.*skipped/;
  expect(term(this).screen.screen).to.match(expected);
});

Then('输出应包含 `\\/help`、`\\/exit`、`!<command>` 使用提示', function (this: SynapseWorld) {
  const banner = term(this).screen.screen.split('You> ')[0]!;
  for (const hint of ['/help', '/exit', '!<command>']) expect(banner).to.contain(hint);
});

Then('输出应包含当前 `Session` 标识', async function (this: SynapseWorld) {
  const id = /Session: (session-\d{13}-[0-9a-f]{8}) \(new\)/.exec(term(this).screen.screen)?.[1];
  expect(id, 'the banner names the session').to.be.a('string');
  // It is the session the conversation is saved in.
  (await term(this).cli.model()).reply({ content: 'Saved.' });
  await term(this).enter('remember this');
  expect(await term(this).enter('/sessions')).to.contain(id!.slice(-8));
});

// --- closing -------------------------------------------------------------------------------------------

Given('已进入 REPL 并初始化底部渲染器与 SIGINT 监听', BUILD_TIMEOUT, async function (this: SynapseWorld) {
  await term(this).configureModel();
  await term(this).start();
  await term(this).enter('!echo shell started');
  term(this).descendants = descendants(await processTable(), term(this).screen.pid).map((entry) => entry.pid);
});

When('触发 `rl.close` 事件', function (this: SynapseWorld) {
  term(this).screen.type('\x04');
});

Then('应释放固定底部渲染器资源', async function (this: SynapseWorld) {
  await term(this).screen.waitFor('Goodbye!');
  expect(term(this).descendants, 'the session shell was running').to.have.length.greaterThan(0);
  for (const pid of term(this).descendants) expect(await processEnds(pid, 5000), `process ${pid} under the chat ended`).to.equal(true);
});

Then('应移除 SIGINT 监听后退出进程', async function (this: SynapseWorld) {
  const { exitCode } = await term(this).screen.exited;
  expect(exitCode).to.equal(0);
});

// --- our own chat scenarios (features/cli/cli-chat.feature) --------------------------------------------

const KEYS: Record<string, string> = { 'Ctrl-C': '\x03', 'Ctrl-D': '\x04', 上箭头: '\x1b[A', 回车: '\r' };

/** Text typed since the screen was marked: a later wait looks past what the typing itself echoed. */
const lastMark = new WeakMap<SynapseWorld, number>();

When('在伪终端里启动 synapse {string}', BUILD_TIMEOUT, async function (this: SynapseWorld, commandLine: string) {
  await term(this).start(commandLine);
});

When('在伪终端里启动 synapse {string}，不等提示符就输入 {string}', BUILD_TIMEOUT, async function (this: SynapseWorld, commandLine: string, line: string) {
  await term(this).start(commandLine, `${line}\r`);
});

When('在 NO_COLOR=1 时在伪终端里启动 synapse {string}', BUILD_TIMEOUT, async function (this: SynapseWorld, commandLine: string) {
  term(this).env.NO_COLOR = '1';
  await term(this).start(commandLine);
});

When('在终端里输入 {string}', async function (this: SynapseWorld, line: string) {
  lastMark.set(this, term(this).screen.mark());
  await term(this).enter(line);
});

When('在终端里输入 {string}，等到出现 {string}', async function (this: SynapseWorld, line: string, until: string) {
  lastMark.set(this, term(this).screen.mark());
  await term(this).enter(line, until);
});

When('在终端里输入以反斜杠结尾的 {string}，等到出现 {string}', async function (this: SynapseWorld, line: string, until: string) {
  await term(this).enter(`${line}\\`, until);
});

When('在终端里键入 {string}', function (this: SynapseWorld, text: string) {
  term(this).screen.type(text);
});

When('在终端里键入 {string} 后按下 Ctrl-C', async function (this: SynapseWorld, text: string) {
  const screen = term(this).screen;
  screen.type(text);
  await screen.waitFor(`You> ${text}`);
  const from = screen.mark();
  screen.type(KEYS['Ctrl-C']!);
  await screen.waitFor('You> ', { after: from });
});

When(/^在终端里按下(?: )?(Ctrl-C|Ctrl-D|上箭头)$/, async function (this: SynapseWorld, key: string) {
  const screen = term(this).screen;
  const from = screen.mark();
  screen.type(KEYS[key]!);
  if (key === '上箭头') await screen.waitFor(/You> \S/, { after: from });
  // Ctrl-C during a turn: the turn is over once the prompt is back.
  if (key === 'Ctrl-C') await screen.waitFor('You> ', { after: from });
  if (key === 'Ctrl-D') await screen.exited;
});

When('在终端里按下回车，等到出现 {string}', async function (this: SynapseWorld, until: string) {
  const screen = term(this).screen;
  const from = screen.mark();
  screen.type('\r');
  await screen.waitFor(until, { after: from });
});

When('把终端调整为 {int} 列 {int} 行', function (this: SynapseWorld, cols: number, rows: number) {
  term(this).screen.resize(cols, rows);
});

Given('CLI 模型会先流出 {string} 停顿后再流出 {string}', async function (this: SynapseWorld, first: string, second: string) {
  (await term(this).cli.model()).reply({ content: [first, second], pauseMs: 1500 });
});

Then('终端上应该显示 {string}', async function (this: SynapseWorld, text: string) {
  await term(this).screen.waitFor(text.replace(/\\n/g, '\n'), { timeoutMs: 10_000 });
});

Then('终端上 {string} 应该只出现一次', function (this: SynapseWorld, text: string) {
  expect(term(this).screen.screen.split(text), term(this).screen.screen).to.have.length(2);
});

Then('终端上不应该显示 {string}', function (this: SynapseWorld, text: string) {
  expect(term(this).screen.screen).to.not.contain(text);
});

Then('终端里的 synapse 应该以退出码 {int} 结束', async function (this: SynapseWorld, code: number) {
  expect((await term(this).screen.exited).exitCode).to.equal(code);
});

Then('终端里的 synapse 应该仍在运行', async function (this: SynapseWorld) {
  const screen = term(this).screen;
  await screen.waitFor(/You> $/);
  expect(screen.hasExited).to.equal(false);
});

Then('终端输出中不应该有颜色', function (this: SynapseWorld) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ESC [ ... m, a colour (SGR) sequence
  expect(term(this).screen.raw).to.not.match(/\x1b\[[0-9;]*m/);
});

Then('CLI 模型收到的首条 user 消息应该是两行 {string} 与 {string}', async function (this: SynapseWorld, first: string, second: string) {
  const request = (await term(this).cli.model()).script.requests[0]!;
  const user = request.messages.find((message) => message.role === 'user');
  expect(user?.content).to.equal(`${first}\n${second}`);
});

Then('CLI 工作目录中的文件 {string} 应该包含 {string}', async function (this: SynapseWorld, name: string, text: string) {
  expect(await readFile(join(await term(this).cli.dir('work'), name), 'utf8')).to.contain(text);
});

Then('CLI 模型收到的第 {int} 次请求中应该有一条消息以 {string} 开头', async function (this: SynapseWorld, n: number, start: string) {
  const messages = (await term(this).cli.model()).received[n - 1]?.body.messages ?? [];
  expect(
    messages.some((message) => typeof message.content === 'string' && message.content.startsWith(start)),
    JSON.stringify(messages.map((message) => message.content)),
  ).to.equal(true);
});

Then('CLI 工作目录中应该没有文件 {string}', async function (this: SynapseWorld, name: string) {
  expect(existsSync(join(await term(this).cli.dir('work'), name))).to.equal(false);
});

Then('CLI 工作目录中应该有文件 {string}', async function (this: SynapseWorld, name: string) {
  expect(existsSync(join(await term(this).cli.dir('work'), name))).to.equal(true);
});
