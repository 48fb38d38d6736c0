// The CLI with MCP servers and skills (features/cli/cli-extensions.feature): the built CLI as a subprocess,
// real servers from npm, served over stdio or over HTTP on 127.0.0.1.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Given, Then } from '@cucumber/cucumber';
import { expect } from 'chai';
import { CliContext } from './support/cli-context';
import { ExtensionsContext } from './support/extensions-context';
import { RecordingProxy, startHttpServer } from './support/mcp-servers';
import type { SynapseWorld } from './support/world';

const cli = (world: SynapseWorld) => world.use(CliContext);
const ext = (world: SynapseWorld) => world.use(ExtensionsContext);
const fail = (world: SynapseWorld) => `\n${cli(world).describe()}`;

/** The HTTP server (or the proxy in front of it) a scenario started, and the proxy's record. */
const http = new WeakMap<SynapseWorld, { url: string; proxy?: RecordingProxy }>();
/** The servers each CLI config file of the scenario defines so far. */
const configs = new WeakMap<SynapseWorld, Map<string, Record<string, unknown>>>();

async function addCliServer(world: SynapseWorld, file: string, name: string, server: unknown): Promise<void> {
  if (!configs.has(world)) configs.set(world, new Map());
  const servers = configs.get(world)!.get(file) ?? {};
  servers[name] = server;
  configs.get(world)!.set(file, servers);
  await writeFile(join(await cli(world).dir('work'), file), JSON.stringify({ mcpServers: servers }, null, 2));
}

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
