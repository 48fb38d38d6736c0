import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { ensureFreshBuild } from './support/cli-context';
import type { SynapseWorld } from './support/world';

const REPO = resolve(__dirname, '..');
const exported = new WeakMap<SynapseWorld, string[]>();
const names = (list: string) => list.split(',').map((name) => name.trim());

// A separate Node process requires the built package by its name, as a user's code would (the package
// refers to itself through package.json's "exports").
When('用 Node 按包名导入 {string}', { timeout: 180_000 }, async function (this: SynapseWorld, specifier: string) {
  await ensureFreshBuild();
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', `console.log(JSON.stringify(Object.keys(require(${JSON.stringify(specifier)}))))`], { cwd: REPO });
  exported.set(this, JSON.parse(stdout) as string[]);
});

Then('导出应该包括 {string}', function (this: SynapseWorld, list: string) {
  expect(exported.get(this)).to.include.members(names(list));
});

Then('导出不应该包括 {string}', function (this: SynapseWorld, list: string) {
  const present = names(list).filter((name) => exported.get(this)!.includes(name));
  expect(present, 'internals exported').to.deep.equal([]);
});
