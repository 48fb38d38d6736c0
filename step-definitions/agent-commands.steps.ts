import { readFile, symlink } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { Given, Then } from '@cucumber/cucumber';
import { expect } from 'chai';
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
