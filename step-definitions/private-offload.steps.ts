import { spawn } from 'node:child_process';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Given, Then } from '@cucumber/cucumber';
import { expect } from 'chai';
import { newPrivateOffloadDir } from '../src/runner/private-offload-dir';
import { CliContext } from './support/cli-context';
import type { SynapseWorld } from './support/world';

const cli = (world: SynapseWorld) => world.use(CliContext);
const leftovers = new WeakMap<SynapseWorld, { running: string; elsewhere: string }>();

/** A pid no process has now: that of a process that has just ended. */
async function endedPid(): Promise<number> {
  const child = spawn('true');
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

Given('CLI 的 HOME 里有本机一个已结束进程、本机一个仍在运行的进程和另一台主机各留下的卸载目录', async function (this: SynapseWorld) {
  const root = join(await cli(this).dir('home'), '.synapse', 'offload');
  const ended = newPrivateOffloadDir(root, await endedPid());
  const running = newPrivateOffloadDir(root, process.pid);
  const elsewhere = join(root, `runner-elsewhere.example-${await endedPid()}-0123456789ab`);
  for (const dir of [ended, running, elsewhere]) {
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'result-0000000000000000.txt'), 'an offloaded result');
  }
  leftovers.set(this, { running: basename(running), elsewhere: basename(elsewhere) });
});

Then('HOME 的 ~\\/.synapse\\/offload 里应只剩仍在运行的进程和另一台主机的卸载目录', async function (this: SynapseWorld) {
  const { running, elsewhere } = leftovers.get(this)!;
  const left = await readdir(join(await cli(this).dir('home'), '.synapse', 'offload'));
  expect(left.sort()).to.deep.equal([running, elsewhere].sort());
});
