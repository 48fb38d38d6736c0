import { readFile, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { SessionStore } from '../src/session';
import { CLI_ENTRY, CliContext, ensureFreshBuild } from './support/cli-context';
import { ChatTerminalContext } from './support/chat-terminal-context';
import { addCliServer } from './support/cli-mcp-config';
import { ExtensionsContext } from './support/extensions-context';
import { TerminalSession } from './support/terminal-session';
import { renderTerminal } from './support/terminal-screen';
import { ACTIVE_CHARACTERS, TerminalOutputContext, withControls } from './support/terminal-output-context';
import type { SynapseWorld } from './support/world';

// features/security/terminal-output.feature: what a model, a tool or a file writes reaches the terminal
// only as text. `\u001b`, `\r` and `\n` in these steps' quoted text are the control characters they name.

const cli = (world: SynapseWorld) => world.use(CliContext);
const term = (world: SynapseWorld) => world.use(ChatTerminalContext);
const library = (world: SynapseWorld) => world.use(TerminalOutputContext);
const fail = (world: SynapseWorld) => `\n${cli(world).describe()}`;
const screenOf = (world: SynapseWorld) => renderTerminal(term(world).screen.raw);

const KEYS: Record<string, string> = { 回车: '\r', 下: '\x1b[B' };

// --- what the model, the tools and the files say

Given('CLI 模型会调用 Bash 执行含控制字符的命令 {string}', async function (this: SynapseWorld, command: string) {
  (await cli(this).model()).reply({ toolCalls: [{ name: 'Bash', arguments: { command: withControls(command) } }] });
});

Given('CLI 模型会回复含控制字符的 {string}', async function (this: SynapseWorld, text: string) {
  (await cli(this).model()).reply({ content: withControls(text) });
});

Given('CLI 模型会分段流出含控制字符的回复 {string} 与 {string}', async function (this: SynapseWorld, first: string, second: string) {
  (await cli(this).model()).reply({ content: [withControls(first), withControls(second)] });
});

Given('CLI 工作目录中有文件 {string}，内容含控制字符 {string}', async function (this: SynapseWorld, name: string, content: string) {
  await writeWorkFile(this, name, withControls(content));
});

Given('CLI 工作目录中有文件 {string}，内容含控制字符:', async function (this: SynapseWorld, name: string, content: string) {
  await writeWorkFile(this, name, `${withControls(content)}\n`);
});

Given('CLI 会话目录中有一个会话，用户说含控制字符的 {string}，模型答 {string}，记下它的 id 为 {string}', async function (this: SynapseWorld, said: string, answer: string, name: string) {
  // Seeded through the library, as a session of the work directory: what matters is how it is listed and shown.
  const session = await new SessionStore(await cli(this).dir('sessions')).create({ origin: { cwd: await cli(this).dir('work'), model: 'gpt-4o-mini' } });
  await session.append([
    { role: 'user', content: withControls(said) },
    { role: 'assistant', content: withControls(answer) },
  ]);
  await session.flush();
  cli(this).saved.set(name, session.id);
});

Given('CLI 工作目录的 {string} 中有 MCP 服务器 {string}：fixtures\\/mcp-odd-server.cjs --hostile', async function (this: SynapseWorld, file: string, name: string) {
  const server = this.use(ExtensionsContext).stdioServer('odd') as { args: string[] };
  await addCliServer(this, file, name, { ...server, args: [...server.args, '--hostile'] });
});

async function writeWorkFile(world: SynapseWorld, name: string, content: string): Promise<void> {
  const path = join(await cli(world).dir('work'), name);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, content);
}

// --- running synapse

When('CLI 运行含控制字符的 synapse {string}', async function (this: SynapseWorld, commandLine: string) {
  await cli(this).run(withControls(commandLine));
});

When('在伪终端里运行 synapse {string} 到结束', { timeout: 180_000 }, async function (this: SynapseWorld, commandLine: string) {
  await (await startOnTerminal(this, commandLine)).exited;
});

When('在伪终端里运行 synapse {string} 到结束，出现 {string} 时按下 {string}', { timeout: 180_000 }, async function (this: SynapseWorld, commandLine: string, prompt: string, keys: string) {
  const terminal = await startOnTerminal(this, commandLine);
  await terminal.waitFor(prompt, { timeoutMs: 60_000 });
  for (const key of keys.split('、')) terminal.type(KEYS[key] ?? key);
  await terminal.exited;
});

/** `synapse <commandLine>` (not a chat) on a real pseudo-terminal, as the chat steps' terminal. */
async function startOnTerminal(world: SynapseWorld, commandLine: string): Promise<TerminalSession> {
  await ensureFreshBuild();
  const argv = [process.execPath, CLI_ENTRY, ...(await cli(world).parseArgs(commandLine))];
  const terminal = new TerminalSession(argv, { cwd: await cli(world).dir('work'), env: await cli(world).env(term(world).env) });
  term(world).terminal = terminal;
  world.onCleanup(() => terminal.kill());
  return terminal;
}

// --- what the person sees on the terminal (its bytes read by a terminal emulator)

Then('终端画面上 {string} 下面一行去掉缩进后应该是 {string}', async function (this: SynapseWorld, above: string, line: string) {
  const { lines } = await screenOf(this);
  const at = lines.findIndex((shown) => shown.includes(above));
  expect(at, `the screen shows "${above}":\n${lines.join('\n')}`).to.be.at.least(0);
  expect(lines[at + 1]?.trim(), lines.join('\n')).to.equal(line);
});

Then('终端画面上应该有 {string}', async function (this: SynapseWorld, text: string) {
  const { lines } = await screenOf(this);
  expect(lines.join('\n')).to.include(text);
});

Then('终端没有收到 OSC {int} 命令', async function (this: SynapseWorld, code: number) {
  const { osc } = await screenOf(this);
  expect(
    osc.filter((command) => command.code === code),
    'OSC commands the terminal received',
  ).to.deep.equal([]);
});

Then('终端收到的字节里不应该有含控制字符的 {string}', function (this: SynapseWorld, text: string) {
  expect(term(this).screen.raw).to.not.include(withControls(text));
});

Then('终端上仍有 synapse 自己的颜色', function (this: SynapseWorld) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ESC [ 2 m (dim) and ESC [ 3x m (a colour), the chat's own styles
  expect(term(this).screen.raw).to.match(/\x1b\[(2|3[0-9])m/);
});

// --- what synapse printed through pipes (a terminal may be at their other end)

Then('CLI 的输出里不应该有终端会执行的字符', function (this: SynapseWorld) {
  const { stdout, stderr } = cli(this).result;
  for (const [name, text] of [
    ['stdout', stdout],
    ['stderr', stderr],
  ] as const) {
    const found = ACTIVE_CHARACTERS.exec(text);
    expect(found && `U+${found[0].codePointAt(0)!.toString(16).padStart(4, '0')} at ${found.index} of ${name}`, fail(this)).to.equal(null);
  }
});

Then('CLI 工作目录中的文件 {string} 应该是含控制字符的 {string}', async function (this: SynapseWorld, name: string, content: string) {
  expect(await readFile(join(await cli(this).dir('work'), name), 'utf8')).to.equal(withControls(content));
});

Then('CLI JSON 输出中 {string} 事件的 {string} 应该是含控制字符的 {string}', function (this: SynapseWorld, type: string, field: string, value: string) {
  const event = cli(this).jsonLines.find((line) => line.type === type);
  expect(event?.[field], fail(this)).to.equal(withControls(value));
});

Then('CLI JSON 输出的 {string} 应该包含含控制字符的 {string}', function (this: SynapseWorld, field: string, value: string) {
  expect(cli(this).jsonLines.at(-1)?.[field], fail(this)).to.include(withControls(value));
});

// --- the library's visibleText, visibleCommand and VisibleTextStream, in process

When('把含控制字符的 {string} 交给 visibleText 和 visibleCommand', function (this: SynapseWorld, text: string) {
  library(this).show(withControls(text));
});

Then('visibleText 给出含控制字符的 {string}，visibleCommand 给出含控制字符的 {string}', function (this: SynapseWorld, asText: string, asCommand: string) {
  expect(library(this).asText, 'visibleText').to.equal(withControls(asText));
  expect(library(this).asCommand, 'visibleCommand').to.equal(withControls(asCommand));
});

When(/^把含控制字符的 (".*") 依次交给一个 VisibleTextStream，最后结束它$/, function (this: SynapseWorld, chunks: string) {
  library(this).stream(quotedList(chunks));
});

Then(/^各段流出的应该依次是含控制字符的 (".*")$/, function (this: SynapseWorld, chunks: string) {
  expect(library(this).streamed).to.deep.equal(quotedList(chunks));
});

/** `"a"、"b"、""`: each quoted piece, its escapes decoded. */
function quotedList(text: string): string[] {
  return [...text.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) => withControls(match[1]!));
}
