import { Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { CliContext, processEnds } from './support/cli-context';
import { ToolsContext } from './support/tools-context';
import type { SynapseWorld } from './support/world';

const tools = (world: SynapseWorld) => world.use(ToolsContext);
const cli = (world: SynapseWorld) => world.use(CliContext);
const killedTools = new WeakMap<SynapseWorld, number[]>();

When('关闭路由器，用时不超过 {int} 毫秒', async function (this: SynapseWorld, limit: number) {
  const started = performance.now();
  await (await tools(this).router()).close();
  expect(performance.now() - started).to.be.below(limit);
});

When('CLI 中的进程 {string} 与 {string} 都运行后，用 SIGKILL 杀死 CLI', async function (this: SynapseWorld, first: string, second: string) {
  const running = cli(this).running!;
  const pids = [await running.waitForDescendant(first), await running.waitForDescendant(second)];
  killedTools.set(this, pids);
  running.child.kill('SIGKILL');
  const run = await running.exited;
  expect(run.signal).to.equal('SIGKILL');
});

Then('这些进程应在 {int} 秒内全部结束', async function (this: SynapseWorld, seconds: number) {
  const pids = killedTools.get(this)!;
  expect(pids).to.have.length(2);
  // Each is waited for within the same overall budget: they die together, not one after the other.
  const deadline = Date.now() + seconds * 1000;
  for (const pid of pids) {
    const left = Math.max(0, deadline - Date.now());
    expect(await processEnds(pid, left), `process ${pid} outlived the SIGKILLed CLI by ${seconds} s`).to.equal(true);
  }
});
