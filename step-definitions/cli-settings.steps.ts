import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Given, Then } from '@cucumber/cucumber';
import { expect } from 'chai';
import { CliContext } from './support/cli-context';
import type { SynapseWorld } from './support/world';

const cli = (world: SynapseWorld) => world.use(CliContext);
const fail = (world: SynapseWorld) => `\n${cli(world).describe()}`;
const folder = (where: string) => (where === '的 HOME ' ? 'home' : 'work');

/** Writes a file under the CLI's HOME or working directory; `<model>` in it is the scenario's loopback model. */
Given(/^CLI (的 HOME |工作目录)中有文件 "([^"]+)" 内容为:$/, async function (this: SynapseWorld, where: string, name: string, content: string) {
  const text = content.includes('<model>') ? content.replaceAll('<model>', await (await cli(this).model()).start()) : content;
  const path = join(await cli(this).dir(folder(where)), name);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
});

Then(/^CLI (的 HOME |工作目录)中的文件 "([^"]+)" 应该是 JSON:$/, async function (this: SynapseWorld, where: string, name: string, json: string) {
  const text = await readFile(join(await cli(this).dir(folder(where)), name), 'utf8');
  expect(JSON.parse(text), fail(this)).to.deep.equal(JSON.parse(json));
});

Then('CLI JSON 输出的最后一行的 {string} 应该约等于 {float}', function (this: SynapseWorld, path: string, expected: number) {
  const found = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], cli(this).jsonLines.at(-1));
  expect(found, fail(this)).to.be.a('number').and.closeTo(expected, 1e-9);
});
