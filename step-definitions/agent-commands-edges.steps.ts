import { readdir, readlink, realpath, symlink, truncate } from 'node:fs/promises';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { walkFiles } from '../src/tools/file-walker';
import { LocalFiles } from '../src/tools/security/local-files';
import { fileHelperPids } from './support/sandbox-pids';
import { ToolsContext } from './support/tools-context';
import type { SynapseWorld } from './support/world';

const tools = (world: SynapseWorld) => world.use(ToolsContext);
const walked = new WeakMap<SynapseWorld, string[]>();

Given('工作区文件 `{}` 有 {int} 行，每行 {int} 个 {string}', async function (this: SynapseWorld, name: string, count: number, width: number, letter: string) {
  await tools(this).writeWorkspaceFile(name, `${letter.repeat(width)}\n`.repeat(count));
});

Given('工作区文件 `{}` 有 {int} 行 {string}，之后是到 {int} 字节的空洞', async function (this: SynapseWorld, name: string, count: number, line: string, bytes: number) {
  // A sparse file: big on paper, cheap to make and to read.
  await tools(this).writeWorkspaceFile(name, `${line}\n`.repeat(count));
  await truncate(await tools(this).workspacePath(name), bytes);
});

Given('工作区里的 `{}` 是指向 `{}` 的符号链接', async function (this: SynapseWorld, name: string, target: string) {
  await symlink(target, await tools(this).workspacePath(name));
});

/** The files this process holds open that are the given workspace file (agent commands run in this process). */
/** Descriptors on `path` held by this process or by the workspace's sandboxed file helper (which reads for it). */
async function openDescriptorsOf(world: SynapseWorld, path: string): Promise<string[]> {
  const holders = ['self', ...fileHelperPids(await realpath(await world.tempDir()))];
  const fds = (await Promise.all(holders.map(async (pid) => (await readdir(`/proc/${pid}/fd`).catch((): string[] => [])).map((fd) => `/proc/${pid}/fd/${fd}`)))).flat();
  const targets = await Promise.all(fds.map((fd) => readlink(fd).catch(() => '')));
  return targets.filter((target) => target === path);
}

Then('本进程与文件辅助进程都不应再打开工作区文件 `{}`', async function (this: SynapseWorld, name: string) {
  await tools(this).result();
  expect(await openDescriptorsOf(this, await realpath(await tools(this).workspacePath(name)))).to.deep.equal([]);
});

Then('{int} 毫秒内本进程与文件辅助进程都应不再打开工作区文件 `{}`', async function (this: SynapseWorld, limit: number, name: string) {
  expect((await tools(this).result()).interrupted).to.equal('cancelled');
  const path = await realpath(await tools(this).workspacePath(name));
  const openDescriptors = () => openDescriptorsOf(this, path);
  const deadline = Date.now() + limit;
  while ((await openDescriptors()).length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(await openDescriptors(), `${name} is still open ${limit} ms after the cancel`).to.deep.equal([]);
});

When(/^遍历工作区(?:，最多进入 (\d+) 层目录)?(，信号已经取消)?$/, async function (this: SynapseWorld, depth: string | undefined, cancelled: string | undefined) {
  const controller = new AbortController();
  if (cancelled) controller.abort();
  const files: string[] = [];
  const workspace = await this.tempDir();
  const local = new LocalFiles({ workspace, confined: false });
  const options = { signal: controller.signal, list: (path: string) => local.list(path), ...(depth === undefined ? {} : { maxDepth: Number(depth) }) };
  for await (const file of walkFiles(workspace, options)) files.push(file);
  walked.set(this, files);
});

Then('遍历给出的文件应为 {string}', function (this: SynapseWorld, list: string) {
  expect(walked.get(this)).to.deep.equal(list === '无' ? [] : list.split(', '));
});
