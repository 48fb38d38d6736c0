import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { Before, Given, Then } from '@cucumber/cucumber';
import { expect } from 'chai';
import { bubblewrapStatus, cgroupLimitsAvailable } from '../src';
import { SecurityContext } from './support/security-context';
import { ToolsContext } from './support/tools-context';
import type { SynapseWorld } from './support/world';

const security = (world: SynapseWorld) => world.use(SecurityContext);
const tools = (world: SynapseWorld) => world.use(ToolsContext);

// Sandbox scenarios need a working bwrap; without one they are reported as skipped, with the reason.
Before({ tags: '@bwrap' }, function (this: SynapseWorld) {
  const status = bubblewrapStatus();
  if (status.available) return undefined;
  this.log(`skipped: ${status.reason}`);
  process.stderr.write(`[@bwrap scenario skipped: ${status.reason}]\n`);
  return 'skipped';
});

// Sandbox-wide limits need a cgroup this process may make; where it cannot, those scenarios are skipped, saying so.
Before({ tags: '@cgroup' }, function (this: SynapseWorld) {
  const available = cgroupLimitsAvailable();
  if (available.processes && available.memory) return undefined;
  const reason = `no writable cgroup for ${available.processes ? 'memory' : 'processes'} here`;
  this.log(`skipped: ${reason}`);
  process.stderr.write(`[@cgroup scenario skipped: ${reason}]\n`);
  return 'skipped';
});

/** A directory outside the workspace that the sandbox does not hide (not under /tmp): /var/tmp. */
const outsideDirs = new WeakMap<SynapseWorld, string>();

Given('工作区外有一个目录，工作区里的 `out` 是指向它的符号链接', async function (this: SynapseWorld) {
  const outside = await mkdtemp(join(existsSync('/var/tmp') ? '/var/tmp' : tmpdir(), 'synapse-spec-outside-'));
  outsideDirs.set(this, outside);
  this.onCleanup(() => rm(outside, { recursive: true, force: true }));
  await symlink(outside, join(await this.tempDir(), 'out'));
});

Given('工作区外的目录里有文件 `{}` 内容为 {string}', async function (this: SynapseWorld, name: string, content: string) {
  await writeFile(join(outsideDirs.get(this)!, name), content);
});

Then('工作区外的目录应仍是空的', async function (this: SynapseWorld) {
  await tools(this).result();
  expect(await readdir(outsideDirs.get(this)!)).to.deep.equal([]);
});

Then('工作区外的文件 `{}` 应仍为 {string}', async function (this: SynapseWorld, name: string, content: string) {
  expect(await readFile(join(outsideDirs.get(this)!, name), 'utf8')).to.equal(content);
});

/** Paths outside every sandbox a broken one would let a command create; unique, and removed afterwards. */
const probes = new WeakMap<SynapseWorld, string[]>();

Given('宿主上的探针路径已备好（场景结束后删除）', async function (this: SynapseWorld) {
  const name = `synapse-probe-${process.pid}-${Date.now().toString(36)}`;
  // The account's real home (from passwd): HOME is a per-scenario directory under /tmp, which the sandbox replaces.
  const paths = [join('/etc', name), join(userInfo().homedir, name), join(dirname(await this.tempDir()), name)];
  probes.set(this, paths);
  for (const path of paths) this.onCleanup(() => rm(path, { force: true }));
  tools(this).placeholders.set('etc-probe', paths[0]!);
  tools(this).placeholders.set('home-probe', paths[1]!);
  tools(this).placeholders.set('probe-name', name);
});

Then('宿主上的探针路径都不存在', async function (this: SynapseWorld) {
  await tools(this).result();
  for (const path of probes.get(this)!) expect(existsSync(path), `${path} was written outside the sandbox`).to.equal(false);
});

Given('宿主的 \\/tmp 里有另一个文件', async function (this: SynapseWorld) {
  const other = await mkdtemp(join(tmpdir(), 'synapse-spec-other-'));
  this.onCleanup(() => rm(other, { recursive: true, force: true }));
  await writeFile(join(other, 'secret.txt'), 'a secret of another program\n');
  tools(this).placeholders.set('other', join(other, 'secret.txt'));
  tools(this).placeholders.set('other-dir', other);
});

Then('命令应失败，输出包含 {string}', async function (this: SynapseWorld, text: string) {
  const { stdout, stderr, exitCode } = await tools(this).result();
  expect(exitCode, `${stdout}${stderr}`).to.not.equal(0);
  expect((stdout + stderr).toLowerCase()).to.contain(text.toLowerCase());
});

Then('命令输出不应包含 {string}', async function (this: SynapseWorld, text: string) {
  const { stdout, stderr } = await tools(this).result();
  expect(stdout + stderr).to.not.contain(text.replace(/\\n/g, '\n'));
});

Then('宿主的 `{}` 不应存在', async function (this: SynapseWorld, written: string) {
  await tools(this).result();
  const path = written.replace(/\{([\w-]+)\}/g, (placeholder, name: string) => tools(this).placeholders.get(name) ?? placeholder);
  expect(existsSync(path), `${path} was written outside the sandbox`).to.equal(false);
});

Given('宿主的 127.0.0.1 上有一个 TCP 服务', async function (this: SynapseWorld) {
  const server = createServer((socket) => socket.end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  this.onCleanup(() => new Promise((resolve) => server.close(resolve)));
  tools(this).placeholders.set('port', String((server.address() as { port: number }).port));
});

Given('Router 允许网络', async function (this: SynapseWorld) {
  security(this).configure({ allowNetwork: true });
  await tools(this).router();
});

Given('本场景没有 bubblewrap', function (this: SynapseWorld) {
  this.setEnv('SYNAPSE_BWRAP', 'none');
});

Then('Router 的警告应只有一条，说明 {string} 与 {string}', async function (this: SynapseWorld, first: string, second: string) {
  const { warnings } = (await tools(this).router()).security;
  expect(warnings).to.have.length(1);
  expect(warnings[0]).to.contain(first).and.to.contain(second);
});

Then('Router 的沙箱模式应为 {string}，没有警告', async function (this: SynapseWorld, mode: string) {
  const router = await tools(this).router();
  expect(router.security.sandbox.mode).to.equal(mode);
  expect(router.security.warnings).to.deep.equal([]);
});
