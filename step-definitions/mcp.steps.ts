// MCP through the router and the agent loop (features/mcp.feature): real servers from npm, real processes.
import { readFile } from 'node:fs/promises';
import { Given, Then, When, type DataTable } from '@cucumber/cucumber';
import { expect } from 'chai';
import { BashRouter, type CommandResult, type McpListing } from '../src';
import { splitCommandLine } from './support/cli-context';
import { ExtensionsContext, type ConfigPlace } from './support/extensions-context';
import { EVERYTHING_SERVER, eventually, killUnnoticed, processesWith } from './support/mcp-servers';
import { RunnerContext } from './support/runner-context';
import { ToolsContext } from './support/tools-context';
import type { SynapseWorld } from './support/world';

const ext = (world: SynapseWorld) => world.use(ExtensionsContext);
const tools = (world: SynapseWorld) => world.use(ToolsContext);
const runner = (world: SynapseWorld) => world.use(RunnerContext);

/** Per-scenario state of this file that no context models. */
interface McpScenario {
  listing?: McpListing;
  tapLog?: string;
  parallel?: CommandResult[];
}
const scenarios = new WeakMap<SynapseWorld, McpScenario>();
const scenario = (world: SynapseWorld): McpScenario => {
  if (!scenarios.has(world)) scenarios.set(world, {});
  return scenarios.get(world)!;
};

const PLACES: Record<string, ConfigPlace> = { '--mcp-config 文件': 'explicit', 项目配置: 'project', 用户配置: 'home' };
const PLACE = '(--mcp-config 文件|项目配置|用户配置)';

// --- arranging servers ------------------------------------------------------------------------------

Given(new RegExp(`^${PLACE}中有 MCP 服务器 "(.+)"：server-everything$`), async function (this: SynapseWorld, place: string, name: string) {
  await ext(this).addServer(PLACES[place]!, name, ext(this).stdioServer('everything'));
});

Given(new RegExp(`^${PLACE}中有 MCP 服务器 "(.+)"：server-filesystem，根目录为工作区$`), async function (this: SynapseWorld, place: string, name: string) {
  await ext(this).addServer(PLACES[place]!, name, ext(this).stdioServer('filesystem', await ext(this).workspace()));
});

Given(new RegExp(`^${PLACE}中有 MCP 服务器 "(.+)"：fixtures/mcp-odd-server.cjs( --no-tools)?$`), async function (this: SynapseWorld, place: string, name: string, noTools?: string) {
  const server = ext(this).stdioServer('odd') as { args: string[] };
  await ext(this).addServer(PLACES[place]!, name, { ...server, args: [...server.args, ...(noTools ? ['--no-tools'] : [])] });
});

Given(/^项目配置中有 MCP 服务器 "(.+)"：server-everything，env 为 `(.+)`$/, async function (this: SynapseWorld, name: string, env: string) {
  await ext(this).addServer('project', name, { ...ext(this).stdioServer('everything'), env: JSON.parse(env) });
});

Given(/^项目配置中有经由记录器启动的 MCP 服务器 "(.+)"：server-everything$/, async function (this: SynapseWorld, name: string) {
  const log = `${await this.tempDir()}/tap.jsonl`;
  scenario(this).tapLog = log;
  await ext(this).addServer('project', name, ext(this).stdioServer('everything', undefined, log));
});

Given(new RegExp(`^${PLACE}中有 MCP 服务器 "(.+)"，命令为 \`(.+)\`$`), async function (this: SynapseWorld, place: string, name: string, commandLine: string) {
  const [command, ...args] = splitCommandLine(await ext(this).expand(commandLine));
  await ext(this).addServer(PLACES[place]!, name, { command, args });
});

Given(/^项目配置中有 (\d+) 个 MCP 服务器$/, async function (this: SynapseWorld, count: string) {
  for (let i = 1; i <= Number(count); i++) await ext(this).addServer('project', `server-${String(i).padStart(2, '0')}`, { command: 'synapse-never-started' });
});

Given(new RegExp(`^${PLACE}的内容为:$`), async function (this: SynapseWorld, place: string, text: string) {
  await ext(this).writeConfig(PLACES[place]!, await ext(this).expand(text));
  if (PLACES[place] === 'explicit') ext(this).options.mcpConfig = [await ext(this).configFile('explicit')];
});

Given('--mcp-config 指定的文件不存在', async function (this: SynapseWorld) {
  ext(this).options.mcpConfig = [await ext(this).configFile('explicit')];
});

Given(/^扩展层的基础环境只有 PATH 与 `(\w+)=(.*)`$/, function (this: SynapseWorld, name: string, value: string) {
  ext(this).options.env = { PATH: process.env.PATH, [name]: value };
});

Given(/^此前另一个进程调用过 `(.+)` 后已退出$/, async function (this: SynapseWorld, command: string) {
  // Another Extensions over the same files and HOME, as a CLI run before this one would have.
  const earlier = await ext(this).separateExtensions();
  const router = new BashRouter({ cwd: await ext(this).workspace(), extensions: earlier.handlers });
  try {
    const result = await router.route(command);
    expect(result.exitCode, result.stderr).to.equal(0);
  } finally {
    await router.close();
    await earlier.close();
  }
});

// --- the runner -------------------------------------------------------------------------------------

Given('Runner 使用本场景的扩展层', async function (this: SynapseWorld) {
  runner(this).options.extensions = await ext(this).extensions();
});

Given('Runner 自己创建扩展层，HOME 为场景目录', async function (this: SynapseWorld) {
  this.setEnv('HOME', await ext(this).home());
  const explicit = Object.keys(ext(this).configs.explicit).length ? [await ext(this).configFile('explicit')] : [];
  Object.assign(runner(this).options, { mcpConfig: explicit, skillsDirs: ext(this).skillsDirs, trustProject: ext(this).options.trustProject });
});

Given('本场景的扩展层信任项目', function (this: SynapseWorld) {
  ext(this).options.trustProject = true;
});

Given('模型直接回复 {string}', function (this: SynapseWorld, text: string) {
  runner(this).reply(text);
});

Given(/^模型先调用 Bash 执行 `(.+)`，然后回复 "(.*)"$/, function (this: SynapseWorld, command: string, text: string) {
  runner(this).reply([command]);
  runner(this).reply(text);
});

When('关闭 Runner', async function (this: SynapseWorld) {
  await (await runner(this).runner()).close();
});

// --- acting -------------------------------------------------------------------------------------------

When('列出 MCP 服务器', async function (this: SynapseWorld) {
  scenario(this).listing = await (await ext(this).extensions()).mcp.list();
});

When('关闭扩展层', async function (this: SynapseWorld) {
  await (await ext(this).extensions()).close();
});

When('杀掉本场景的 MCP 服务器进程', async function (this: SynapseWorld) {
  const pids = await ext(this).serverProcesses();
  expect(pids, 'a server process to kill').to.have.length(1);
  process.kill(pids[0]!, 'SIGKILL');
  expect(await eventually(async () => (await ext(this).serverProcesses()).length === 0), 'the killed server to be gone').to.equal(true);
});

async function killEverythingServer(world: SynapseWorld): Promise<void> {
  const [pid, ...more] = await processesWith(`${ext(world).marker} ${EVERYTHING_SERVER}`);
  expect(more, 'one server-everything process').to.deep.equal([]);
  expect(killUnnoticed(pid!), 'the killed server to end').to.equal(true);
}

When('杀掉本场景运行 server-everything 的那个进程', async function (this: SynapseWorld) {
  await killEverythingServer(this);
});

When(/^路由命令 `(.+)`，服务器收到调用后杀掉本场景运行 server-everything 的那个进程$/, async function (this: SynapseWorld, command: string) {
  const routed = tools(this).run(command);
  // Listing waits for the server the call is starting; the call is sent as soon as it is ready.
  await (await ext(this).extensions()).mcp.list();
  await new Promise((resolve) => setTimeout(resolve, 300));
  await killEverythingServer(this);
  await routed;
});

When(/^杀掉本场景的 MCP 服务器进程，不等运行时察觉就路由命令 `(.+)`$/, async function (this: SynapseWorld, command: string) {
  const pids = await ext(this).serverProcesses();
  expect(pids, 'a server process to kill').to.have.length(1);
  await tools(this).router();
  expect(killUnnoticed(pids[0]!), 'the killed server to end').to.equal(true);
  await tools(this).run(command);
});

When(/^用 AbortSignal 调用 Bash 工具执行 `(.+)` 并在服务器收到调用后中止$/, async function (this: SynapseWorld, command: string) {
  const controller = new AbortController();
  const pending = (await tools(this).tool()).execute({ command }, { signal: controller.signal });
  const received = await eventually(async () => (await tapMessages(this)).some((message) => message.method === 'tools/call'), 10_000);
  expect(received, 'the server to receive the tools/call').to.equal(true);
  controller.abort();
  tools(this).pendingToolArgs = { command };
  tools(this).recordToolResult(await pending);
});

When(/^经由 (\d+) 个路由器同时调用 `(.+)`$/, async function (this: SynapseWorld, count: string, command: string) {
  const handlers = (await ext(this).extensions()).handlers;
  const cwd = await ext(this).workspace();
  const routers = Array.from({ length: Number(count) }, () => new BashRouter({ cwd, extensions: handlers }));
  this.onCleanup(() => Promise.all(routers.map((router) => router.close())));
  scenario(this).parallel = await Promise.all(routers.map((router) => router.route(command)));
});

// --- checking -----------------------------------------------------------------------------------------

Then(/^MCP 服务器 "(.+)" 应为 "(\w+)"，定义来自 ?(--mcp-config 文件|项目配置|用户配置)$/, async function (this: SynapseWorld, name: string, state: string, place: string) {
  const server = scenario(this).listing!.servers.find((candidate) => candidate.name === name);
  expect(server, `server ${name} in the listing`).to.not.equal(undefined);
  expect(server!.state, server!.error).to.equal(state);
  expect(server!.source).to.equal(await ext(this).configFile(PLACES[place]!));
});

Then(/^标准输出应包含 `(.+)`$/, async function (this: SynapseWorld, text: string) {
  expect((await tools(this).result()).stdout).to.include(await ext(this).expand(text));
});

Then(/^标准输出不应包含 `(.+)`$/, async function (this: SynapseWorld, text: string) {
  expect((await tools(this).result()).stdout).not.to.include(text);
});

Then(/^stderr 应是一行，包含 `(.+)`，不超过 (\d+) 个字符$/, async function (this: SynapseWorld, text: string, max: string) {
  const { stderr } = await tools(this).result();
  expect(stderr).to.contain(text);
  expect(stderr.trimEnd().split('\n'), stderr).to.have.length(1);
  expect(stderr.length).to.be.at.most(Number(max));
});

Then(/^标准输出应有一行匹配 `(.+)`$/, async function (this: SynapseWorld, pattern: string) {
  const { stdout } = await tools(this).result();
  expect(
    stdout.split('\n').some((line) => new RegExp(pattern).test(line)),
    `a line matching ${pattern} in:\n${stdout}`,
  ).to.equal(true);
});

Then(/^标准输出应不超过 (\d+) 个字符$/, async function (this: SynapseWorld, limit: string) {
  expect((await tools(this).result()).stdout.length).to.be.at.most(Number(limit));
});

Then('依次路由下列命令，每条都应成功并输出:', async function (this: SynapseWorld, table: DataTable) {
  for (const row of table.hashes()) {
    const result = await tools(this).run(row['命令']);
    expect(result, row['写法']).to.deep.include({ stdout: `${row['输出']}\n`, stderr: '', exitCode: 0 });
  }
});

Then('依次路由下列命令，每条都应是 invalid_usage，stderr 给出错误与 --help 指引:', async function (this: SynapseWorld, table: DataTable) {
  for (const row of table.hashes()) {
    const result = await tools(this).run(row['命令']);
    expect(result.failureCategory, row['情形']).to.equal('invalid_usage');
    expect(result.stderr, row['情形']).to.include(row['错误']);
    expect(result.usageHelp, row['情形']).to.equal(`${row['命令']!.split(' ')[0]} --help`);
  }
});

Then('标准输出中工具 {string} 的描述应为 {string}', async function (this: SynapseWorld, tool: string, description: string) {
  const { stdout } = await tools(this).result();
  const line = stdout.split('\n').find((candidate) => new RegExp(`^\\s+${tool}\\s{2,}`).test(candidate));
  expect(line, `a line for ${tool}`).to.not.equal(undefined);
  expect(line!.trim().slice(tool.length).trim()).to.equal(description);
});

Then('每个调用都应输出 {string}', function (this: SynapseWorld, text: string) {
  for (const result of scenario(this).parallel!) expect(result).to.deep.include({ stdout: `${text}\n`, exitCode: 0 });
});

Then(/^应有 (\d+) 个本场景的 MCP 服务器进程在运行$/, async function (this: SynapseWorld, count: string) {
  expect(await ext(this).serverProcesses()).to.have.length(Number(count));
});

Then('本场景不应有 MCP 服务器进程在运行', async function (this: SynapseWorld) {
  const gone = await eventually(async () => (await ext(this).serverProcesses()).length === 0);
  expect(gone, `processes still running: ${await ext(this).serverProcesses()}`).to.equal(true);
});

Then(/^服务器应收到对这次 tools\/call 的 notifications\/cancelled$/, async function (this: SynapseWorld) {
  const call = (await tapMessages(this)).find((message) => message.method === 'tools/call');
  const cancelled = await eventually(async () => (await tapMessages(this)).some((message) => message.method === 'notifications/cancelled' && message.params?.requestId === call!.id));
  expect(cancelled, `notifications/cancelled for request ${call!.id}`).to.equal(true);
});

Then(/^服务器不应收到任何 tools\/call$/, async function (this: SynapseWorld) {
  const messages = await tapMessages(this);
  expect(
    messages.some((message) => message.method === 'tools/list'),
    'the tap saw the server start',
  ).to.equal(true);
  expect(messages.filter((message) => message.method === 'tools/call')).to.deep.equal([]);
});

Then(/^模型收到的系统提示应包含 `(.+)`$/, function (this: SynapseWorld, text: string) {
  expect(systemPrompt(this)).to.include(text);
});

Then(/^模型收到的系统提示应列出 (\d+) 个 MCP 服务器$/, function (this: SynapseWorld, count: string) {
  expect(
    systemPrompt(this)
      .split('\n')
      .filter((line) => /^- server-\d+: /.test(line)),
  ).to.have.length(Number(count));
});

Then('模型收到的工具结果应为 {string}', function (this: SynapseWorld, text: string) {
  const last = this.llm.requests.at(-1)!.messages.at(-1)!;
  expect(last.role).to.equal('tool');
  expect(last.content).to.equal(JSON.parse(`"${text}"`));
});

function systemPrompt(world: SynapseWorld): string {
  const first = world.llm.requests[0]?.messages[0];
  expect(first?.role).to.equal('system');
  return String(first!.content);
}

/** The messages the client sent through the tap, in order. */
async function tapMessages(world: SynapseWorld): Promise<Array<{ id?: number; method?: string; params?: { requestId?: number } }>> {
  const log = scenario(world).tapLog!;
  const text = await readFile(log, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}
