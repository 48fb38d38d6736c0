import { Then } from '@cucumber/cucumber';
import { expect } from 'chai';
import { CliContext } from './support/cli-context';
import type { SynapseWorld } from './support/world';

const cli = (world: SynapseWorld) => world.use(CliContext);
const fail = (world: SynapseWorld) => `\n${cli(world).describe()}`;

Then('CLI 在进程结束前标准输出应该出现 {string}', async function (this: SynapseWorld, text: string) {
  const running = cli(this).running!;
  await running.waitForOutput(new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  expect(running.child.exitCode, `"${text}" only appeared once the command had ended`).to.equal(null);
  expect(running.stdout).not.to.include('second');
});

Then('CLI 进程结束后退出码应该是 {int}，标准输出应该是 {string}', async function (this: SynapseWorld, code: number, text: string) {
  cli(this).last = await cli(this).running!.exited;
  expect(cli(this).result.exitCode, fail(this)).to.equal(code);
  expect(cli(this).result.stdout.trim(), fail(this)).to.equal(text.replace(/\\n/g, '\n'));
});

Then('CLI 标准输出应该有 {int} 行，最后一行是 {string}', function (this: SynapseWorld, count: number, last: string) {
  const lines = cli(this).result.stdout.trimEnd().split('\n');
  expect(lines.length, `${lines.length} lines; stderr: ${cli(this).result.stderr}`).to.equal(count);
  expect(lines.at(-1)).to.equal(last);
  expect(cli(this).result.stdout).not.to.include('truncated');
});

Then('CLI JSON 输出的最后一行的 {string} 应该包含 {string}', function (this: SynapseWorld, field: string, text: string) {
  expect(String(cli(this).jsonLines.at(-1)?.[field]), fail(this)).to.include(text);
});
