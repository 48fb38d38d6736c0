import { readFile, symlink } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { fileErrorResult } from '../src/tools/agent-commands/file-errors';
import { ToolsContext } from './support/tools-context';
import type { SynapseWorld } from './support/world';

const tools = (world: SynapseWorld) => world.use(ToolsContext);

Given('工作区里的 `{}` 是指向自己的符号链接', async function (this: SynapseWorld, name: string) {
  await symlink(name, await tools(this).workspacePath(name));
});

Then('主目录里的文件 `{}` 的内容应为 {string}', async function (this: SynapseWorld, name: string, content: string) {
  // HOME is the scenario's own directory (see hooks.ts).
  expect(await readFile(join(homedir(), name), 'utf8')).to.equal(content);
});

/** What an agent command reports when the file system fails on a path (a code no test machine can provoke as root, EACCES). */
When('访问 `{}` 时文件系统报告错误码 {word}', function (this: SynapseWorld, path: string, code: string) {
  tools(this).record(`(file error ${code} on ${path})`, fileErrorResult(Object.assign(new Error(`${code}: simulated failure, open '${path}'`), { code }), path));
});

When('访问 `{}` 时抛出的不是 Error 而是 {}', function (this: SynapseWorld, path: string, thrown: string) {
  const value: unknown = thrown === 'undefined' ? undefined : JSON.parse(thrown);
  tools(this).record(`(${thrown} thrown on ${path})`, fileErrorResult(value, path));
});
