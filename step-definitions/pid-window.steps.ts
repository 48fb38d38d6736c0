// The pid window of the leftover search (features/security/process-lifeline.feature): real /proc counters.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { pidsHandedOutSince, pidWindow, type PidWindow } from '../src/tools/security/pid-window';
import type { SynapseWorld } from './support/world';

const windows = new WeakMap<SynapseWorld, { window: PidWindow; child?: number }>();

Given('记下此刻的 pid 分配窗口', function (this: SynapseWorld) {
  const window = pidWindow();
  expect(window, 'this /proc exposes ns_last_pid, /proc/stat, loadavg').to.not.equal(undefined);
  windows.set(this, { window: window! });
});

When('启动一个新进程', async function (this: SynapseWorld) {
  const child = spawn('sleep', ['5'], { stdio: 'ignore' });
  this.onCleanup(() => child.kill('SIGKILL'));
  await new Promise((resolve) => child.once('spawn', resolve));
  windows.get(this)!.child = child.pid!;
});

Then('新进程的 pid 应在窗口的区间里，本进程的 pid 不在', function (this: SynapseWorld) {
  const { window, child } = windows.get(this)!;
  const handedOut = pidsHandedOutSince(window);
  expect(handedOut, 'a window with a few forks since it was taken counts').to.be.a('function');
  expect(handedOut!(child!), `pid ${child} after ${window.lastPid}`).to.equal(true);
  expect(handedOut!(process.pid), `our pid ${process.pid}`).to.equal(false);
});

Given(/^一个(其间创建的任务多到游标可能已绕了一圈|其间有 fork 因 pids.max 被拒绝)的 pid 分配窗口$/, function (this: SynapseWorld, situation: string) {
  const now = pidWindow()!;
  const pidMax = Number(readFileSync('/proc/sys/kernel/pid_max', 'utf8'));
  // A window taken earlier: as many creations ago as there are pids, or one refused fork ago.
  const window = situation.includes('绕') ? { ...now, forks: now.forks - pidMax } : { ...now, pidLimitHits: now.pidLimitHits - 1 };
  windows.set(this, { window });
});

Then('这个窗口应不作数', function (this: SynapseWorld) {
  expect(pidsHandedOutSince(windows.get(this)!.window)).to.equal(undefined);
});
