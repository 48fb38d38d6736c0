// Trust for the project's own configuration (features/security/project-trust.feature): the built CLI,
// a model that writes an MCP config into the workspace, and servers that leave a marker file when started.
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { ProjectTrust, type ProjectTrustDecision, trustedProjectsFile } from '../src';
import { CliContext } from './support/cli-context';
import type { SynapseWorld } from './support/world';

const cli = (world: SynapseWorld) => world.use(CliContext);
const fail = (world: SynapseWorld) => `\n${cli(world).describe()}`;

/** Where a server of this feature writes when it starts: the scenario's directory, outside the workspace. */
const markerOf = async (world: SynapseWorld, name: string) => join(await world.tempDir(), `started-${name}`);

/** A config whose one server is a program that leaves its marker file (then exits: started is all it proves). */
async function markingConfig(world: SynapseWorld, name: string): Promise<string> {
  const program = `require('fs').writeFileSync(${JSON.stringify(await markerOf(world, name))}, 'started')`;
  return JSON.stringify({ mcpServers: { [name]: { command: process.execPath, args: ['-e', program] } } }, null, 2);
}

Given('模型在一次 CLI 运行中把会留下标记文件的 MCP 服务器 {string} 写进工作目录的 {string}', async function (this: SynapseWorld, name: string, file: string) {
  const model = await cli(this).model();
  model.reply({ toolCalls: [{ name: 'Bash', arguments: { command: `cat > ${file} <<'EOF'\n${await markingConfig(this, name)}\nEOF` } }] });
  model.reply({ content: 'written' });
  const run = await cli(this).run("run --no-session --base-url <model> 'set up the project'");
  // The scenario is about what the next command does with the file: without it, it would prove nothing.
  if (run.exitCode !== 0 || !existsSync(join(await cli(this).dir('work'), file))) throw new Error(`the model's run did not write ${file}${fail(this)}`);
});

Given('会留下标记文件的 MCP 服务器 {string} 写在 HOME 的 {string} 里', async function (this: SynapseWorld, name: string, path: string) {
  const file = join(await cli(this).dir('home'), path);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, await markingConfig(this, name));
});

Given(/^CLI 的信任记录里有 ?(工作目录|HOME)$/, async function (this: SynapseWorld, which: string) {
  const home = await cli(this).dir('home');
  const problems = await new ProjectTrust(which === 'HOME' ? home : await cli(this).dir('work'), { home }).remember();
  expect(problems).to.deep.equal([]);
});

Given('CLI 的信任记录的内容是 {string}', async function (this: SynapseWorld, text: string) {
  const store = trustedProjectsFile(await cli(this).dir('home'));
  await mkdir(dirname(store), { recursive: true });
  await writeFile(store, text);
});

When('CLI 以 HOME 为工作目录运行 synapse {string}', async function (this: SynapseWorld, commandLine: string) {
  await cli(this).run(`${commandLine} --cwd ${await cli(this).dir('home')}`);
});

When('删去 MCP 服务器 {string} 的标记文件', async function (this: SynapseWorld, name: string) {
  await rm(await markerOf(this, name));
});

Then(/^MCP 服务器 "(.+)" (应该|不应该)被启动过$/, async function (this: SynapseWorld, name: string, should: string) {
  expect(existsSync(await markerOf(this, name)), `marker of ${name}${fail(this)}`).to.equal(should === '应该');
});

Then('CLI 标准错误中应该恰好有 {int} 条警告包含 {string}', function (this: SynapseWorld, count: number, text: string) {
  const warnings = cli(this)
    .result.stderr.split('\n')
    .filter((line) => line.startsWith('synapse: warning: ') && line.includes(text));
  expect(warnings, fail(this)).to.have.length(count);
});

Then('CLI 模型收到的第 {int} 次请求的系统提示不应该提到 {string}', async function (this: SynapseWorld, n: number, text: string) {
  const system = (await cli(this).model()).received[n - 1]!.body.messages[0]!;
  expect(system.role).to.equal('system');
  expect(system.content).to.not.include(text);
});

Then('CLI 的信任记录应该按真实路径记下工作目录', async function (this: SynapseWorld) {
  const store = JSON.parse(await readFile(trustedProjectsFile(await cli(this).dir('home')), 'utf8'));
  expect(Object.keys(store.projects)).to.deep.equal([await realpath(await cli(this).dir('work'))]);
});

Then('CLI 的 HOME 中不应该有信任记录', async function (this: SynapseWorld) {
  expect(existsSync(trustedProjectsFile(await cli(this).dir('home')))).to.equal(false);
});

Then('CLI 的 HOME 中应该有内容为 {string} 的旁证文件', async function (this: SynapseWorld, text: string) {
  const dir = dirname(trustedProjectsFile(await cli(this).dir('home')));
  const kept = readdirSync(dir).filter((name) => name.startsWith('trusted-projects.json.corrupt-'));
  expect(kept).to.have.length(1);
  expect(await readFile(join(dir, kept[0]!), 'utf8')).to.equal(text);
});

// --- the library's ProjectTrust on its own ------------------------------------------------------------

interface LibraryTrust {
  before?: ProjectTrustDecision;
  after?: ProjectTrustDecision;
}
const library = new WeakMap<SynapseWorld, LibraryTrust>();

Given(/^库的信任记录是(版本不对的 JSON|一个目录|所在的 .synapse 是个文件)$/, async function (this: SynapseWorld, kind: string) {
  const store = trustedProjectsFile(await cli(this).dir('home'));
  if (kind.includes('.synapse')) return writeFile(dirname(store), 'not a directory');
  await mkdir(kind === '一个目录' ? store : dirname(store), { recursive: true });
  if (kind.includes('JSON')) await writeFile(store, JSON.stringify({ version: 2, projects: {} }));
});

When('库为工作区询问信任，回答"是"', async function (this: SynapseWorld) {
  const options = { home: await cli(this).dir('home') };
  const request = async () => ({ project: 'p', programs: [] });
  const before = await new ProjectTrust(await cli(this).dir('work'), options).decide(request);
  const after = await new ProjectTrust(await cli(this).dir('work'), { ...options, ask: async () => true }).decide(request);
  library.set(this, { before, after });
});

Then('询问前的判断应是不信任，说明包含 {string}', function (this: SynapseWorld, text: string) {
  const { before } = library.get(this)!;
  expect(before!.trusted).to.equal(false);
  expect(before!.problems.join('\n')).to.include(text);
});

Then('回答之后项目应受信任，说明包含 {string}', function (this: SynapseWorld, text: string) {
  const { after } = library.get(this)!;
  expect(after).to.deep.include({ trusted: true, by: 'answer' });
  expect(after!.problems.join('\n')).to.include(text);
});
