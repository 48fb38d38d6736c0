// The CLI with MCP servers and skills (features/cli/cli-extensions.feature): the built CLI as a subprocess,
// real servers from npm, served over stdio or over HTTP on 127.0.0.1.
import { type DataTable, Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { CLI_ENTRY, CliContext, ensureFreshBuild } from './support/cli-context';
import { addCliServer } from './support/cli-mcp-config';
import { ExtensionsContext } from './support/extensions-context';
import { RecordingProxy, startHttpServer } from './support/mcp-servers';
import { runOnTerminalSteps } from './support/pseudo-terminal';
import type { SynapseWorld } from './support/world';

const cli = (world: SynapseWorld) => world.use(CliContext);
const ext = (world: SynapseWorld) => world.use(ExtensionsContext);
const fail = (world: SynapseWorld) => `\n${cli(world).describe()}`;

/** The HTTP server (or the proxy in front of it) a scenario started, and the proxy's record. */
const http = new WeakMap<SynapseWorld, { url: string; proxy?: RecordingProxy }>();
Given('CLI 工作目录的 {string} 中有 MCP 服务器 {string}：server-everything', async function (this: SynapseWorld, file: string, name: string) {
  await addCliServer(this, file, name, ext(this).stdioServer('everything'));
});

Given('server-everything 在 127.0.0.1 上以 Streamable HTTP 提供服务，前面有记录请求的代理', async function (this: SynapseWorld) {
  const { url, child } = await startHttpServer('streamableHttp', ext(this).marker);
  this.onCleanup(() => child.kill('SIGKILL'));
  const proxy = new RecordingProxy();
  this.onCleanup(() => proxy.close());
  http.set(this, { url: await proxy.start(url), proxy });
});

Given('server-everything 在 127.0.0.1 上以老式 SSE 提供服务', async function (this: SynapseWorld) {
  const { url, child } = await startHttpServer('sse', ext(this).marker);
  this.onCleanup(() => child.kill('SIGKILL'));
  http.set(this, { url });
});

Given(/^CLI 工作目录的 "(.+)" 中有 MCP 服务器 "(.+)"，URL 为该(?:代理|服务器)(?:，headers 为 `(.+)`)?$/, async function (this: SynapseWorld, file: string, name: string, headers?: string) {
  await addCliServer(this, file, name, { url: http.get(this)!.url, ...(headers ? { headers: JSON.parse(headers) } : {}) });
});

Then('代理转发的每个请求都应该带有请求头 {string} 为 {string}', function (this: SynapseWorld, name: string, value: string) {
  const { requests } = http.get(this)!.proxy!;
  expect(requests.length, 'requests through the proxy').to.be.greaterThan(1);
  for (const headers of requests) expect(headers[name], JSON.stringify(headers)).to.equal(value);
});

Then('代理应该转发过一个结束会话的 DELETE 请求', function (this: SynapseWorld) {
  const { requestLines } = http.get(this)!.proxy!;
  expect(
    requestLines.filter((line) => line.startsWith('DELETE ')),
    requestLines.join('\n'),
  ).to.have.length(1);
});

Then('CLI JSON 清单中服务器 {string} 应该是来自 {string} 的 ready stdio 服务器，工具包括 {string}', async function (this: SynapseWorld, name: string, source: string, toolList: string) {
  const [file] = await cli(this).parseArgs(source);
  const listing = cli(this).jsonLines.at(-1)!;
  const server = (listing.servers as Array<Record<string, unknown>>).find((candidate) => candidate.name === name);
  expect(server, fail(this)).to.deep.include({ source: file, state: 'ready', transport: 'stdio' });
  const tools = (server!.tools as Array<{ name: string; description: string }>).map((tool) => tool.name);
  expect(tools).to.include.members(toolList.split(', '));
});

Then('CLI JSON 输出中命令 {string} 的结果应该包含 {string}', function (this: SynapseWorld, command: string, text: string) {
  const finished = cli(this).jsonLines.find((line) => line.type === 'tool_call_finished' && line.command === command);
  expect(finished, `a tool_call_finished for ${command}${fail(this)}`).to.not.equal(undefined);
  const result = finished!.result as { isError: boolean; output: string };
  expect(result.isError, fail(this)).to.equal(false);
  expect(result.output, fail(this)).to.include(text);
});

/** Keys named in a table: `回车`, `下`, or text typed as it is. */
const TERMINAL_KEYS: Record<string, string> = { 回车: '\r', 下: '\x1b[B', 空格: ' ', 退格: '\x7f' };

When('CLI 在伪终端里运行 synapse {string}，依次回答:', async function (this: SynapseWorld, commandLine: string, table: DataTable) {
  await ensureFreshBuild();
  const context = cli(this);
  const args = await context.parseArgs(commandLine);
  const steps = table.hashes().map((row) => ({
    prompt: row.提示!,
    keys: row
      .按键!.split('、')
      .map((key) => TERMINAL_KEYS[key] ?? key)
      .join(''),
  }));
  const started = performance.now();
  const run = await runOnTerminalSteps([process.execPath, CLI_ENTRY, ...args], { cwd: await context.dir('work'), env: await context.env(), steps });
  context.last = { args, stdout: run.screen, stderr: run.screen, exitCode: run.exitCode, signal: null, durationMs: performance.now() - started };
});

Then('CLI JSON 输出中的技能应该正好是 {string}', function (this: SynapseWorld, names: string) {
  const skills = (cli(this).jsonLines.at(-1)!.skills as Array<{ name: string }>).map((skill) => skill.name);
  expect(skills, fail(this)).to.deep.equal(names.split(', '));
});

/** The loopback model calls Bash once per command, one round each (ids call_1, call_2...), then answers `text`. */
async function scriptBashCalls(world: SynapseWorld, commands: string[], text: string): Promise<void> {
  const model = await cli(world).model();
  for (const [index, command] of commands.entries()) model.reply({ toolCalls: [{ id: `call_${index + 1}`, name: 'Bash', arguments: JSON.stringify({ command }) }] });
  model.reply({ content: text });
}

Given('CLI 模型先用 Bash 执行 {string}，然后回复 {string}', async function (this: SynapseWorld, command: string, text: string) {
  await scriptBashCalls(this, [command], text);
});

Given('CLI 模型先用 Bash 执行 {string}，再执行 {string}，然后回复 {string}', async function (this: SynapseWorld, first: string, second: string, text: string) {
  await scriptBashCalls(this, [first, second], text);
});
