import { spawn } from 'node:child_process';
import { lstat, mkdir, mkdtemp, readdir, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { type DataTable, Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import type { SandboxMode } from '../src';
import { resourceLimitsFromFlags } from '../src/cli/limit-options';
import { type CgroupPlaces, cgroupPlacesIn } from '../src/tools/security/sandbox-cgroup';
import { CliContext } from './support/cli-context';
import { eventually } from './support/mcp-servers';
import { fileHelperPids } from './support/sandbox-pids';
import { SecurityContext } from './support/security-context';
import { ToolsContext, waitForProcessExit } from './support/tools-context';
import type { SynapseWorld } from './support/world';

const security = (world: SynapseWorld) => world.use(SecurityContext);
const tools = (world: SynapseWorld) => world.use(ToolsContext);
const placeholder = (world: SynapseWorld, name: string) => {
  const value = tools(world).placeholders.get(name);
  if (value === undefined) throw new Error(`no step set {${name}} in this scenario`);
  return value;
};
const fill = (world: SynapseWorld, text: string) => text.replace(/\{([\w-]+)\}/g, (_, name: string) => placeholder(world, name));

/** Every output of the commands a repeated step routed, to assert on all of them. */
const repeatedOutputs = new WeakMap<SynapseWorld, string[]>();

// The bubblewrap case is tagged @bwrap (skipped, with the reason, where bwrap cannot work); the other hides bwrap.
Given(/^Router 的沙箱模式为 "([\w-]+)"（(bubblewrap 把关|没有 bubblewrap)）$/, async function (this: SynapseWorld, mode: SandboxMode, guard: string) {
  if (guard === '没有 bubblewrap') this.setEnv('SYNAPSE_BWRAP', 'none');
  tools(this).placeholders.set('workspace', await realpath(await this.tempDir()));
  security(this).configure({ sandbox: mode });
  const router = await tools(this).router();
  expect(router.security.sandbox.enforced).to.equal(guard === 'bubblewrap 把关');
});

Given('工作区外的目录 {string} 里有文件 `{}` 内容为 {string}', async function (this: SynapseWorld, name: string, file: string, content: string) {
  if (!tools(this).placeholders.has(name)) {
    const dir = await realpath(await mkdtemp('/var/tmp/synapse-spec-outside-'));
    this.onCleanup(() => rm(dir, { recursive: true, force: true }));
    tools(this).placeholders.set(name, dir);
  }
  await writeFile(join(placeholder(this, name), file), content);
});

Given(/^宿主的 \/tmp 里有一个内容为 "(.*)" 的文件 `\{secret\}`$/, async function (this: SynapseWorld, content: string) {
  const dir = await mkdtemp('/tmp/synapse-spec-hidden-');
  this.onCleanup(() => rm(dir, { recursive: true, force: true }));
  await writeFile(join(dir, 'secret.txt'), content);
  await writeFile(join(dir, 'only-there.txt'), content);
  tools(this).placeholders.set('secret', join(dir, 'secret.txt'));
  tools(this).placeholders.set('secret-dir', dir);
});

/**
 * A host process (not the sandboxed shell: it may do anything in the workspace) that swaps `name` between
 * two states with atomic renames until the scenario ends. Each state is held for a random time between a
 * microsecond and 5 ms (log-uniform): the short holds race every step of a command, the long ones let a
 * command run whole in one state, so both states are met however fast or loaded the machine is. One
 * process that forks nothing: a shell loop of `ln` and `mv` would go through the pid space in seconds,
 * and a pid used again by a process group leader is one a stale kill could reach.
 */
async function startSwapper(world: SynapseWorld, name: string, first: SwapState, second: SwapState): Promise<void> {
  const script = `
    const fs = require('node:fs');
    const [name, first, second] = JSON.parse(process.argv[1]);
    const make = (state, path) => (state.link ? fs.symlinkSync(state.link, path) : fs.writeFileSync(path, state.content));
    const hold = new Int32Array(new SharedArrayBuffer(4));
    for (;;) for (const state of [first, second]) {
      fs.rmSync('.swap', { force: true });
      make(state, '.swap');
      fs.renameSync('.swap', name);
      Atomics.wait(hold, 0, 0, 10 ** (Math.random() * 3.7 - 3));
    }`;
  const workspace = await world.tempDir();
  const swapper = spawn(process.execPath, ['-e', script, JSON.stringify([name, first, second])], { cwd: workspace, stdio: 'ignore' });
  world.onCleanup(async () => {
    swapper.kill('SIGKILL');
    await waitForProcessExit(swapper.pid!);
  });
  // It is swapping once the name is there (a command before that would only find nothing).
  const started = await eventually(
    () =>
      lstat(join(workspace, name)).then(
        () => true,
        () => false,
      ),
    10_000,
  );
  expect(started, `the swapping process never made ${name}`).to.equal(true);
}

type SwapState = { content: string } | { link: string };

Given('宿主上一个进程不停地把工作区里的 `{word}` 在内容为 {string} 的普通文件与指向 `{}` 的符号链接之间切换', async function (this: SynapseWorld, name: string, content: string, target: string) {
  await startSwapper(this, name, { content }, { link: fill(this, target) });
});

Given('宿主上一个进程不停地把工作区里的 `{word}` 在指向 `{}` 与指向 `{}` 的符号链接之间切换', async function (this: SynapseWorld, name: string, first: string, second: string) {
  await startSwapper(this, name, { link: fill(this, first) }, { link: fill(this, second) });
});

/** How a routed command ended, as the repeated step counts it: each kind is met in one state of the swapped name. */
const OUTCOMES: Record<string, (exitCode: number) => boolean> = {
  成功: (exitCode) => exitCode === 0,
  失败: (exitCode) => exitCode !== 0,
  被拒绝: (exitCode) => exitCode === 126,
  未被拒绝: (exitCode) => exitCode !== 126,
};

When(
  /^反复路由命令 `(.+)`，直到(成功|失败|被拒绝|未被拒绝)与(成功|失败|被拒绝|未被拒绝)各至少 (\d+) 次（最多 (\d+) 次）$/,
  async function (this: SynapseWorld, command: string, first: string, second: string, enough: string, most: string) {
    const router = await tools(this).router();
    const outputs: string[] = [];
    repeatedOutputs.set(this, outputs);
    const counts = { [first]: 0, [second]: 0 };
    const examples: Record<string, string> = {};
    const done = () => counts[first]! >= Number(enough) && counts[second]! >= Number(enough);
    for (let attempt = 0; attempt < Number(most) && !done(); attempt++) {
      const result = await router.route(command);
      outputs.push(result.stdout + result.stderr);
      for (const kind of [first, second]) {
        if (!OUTCOMES[kind]!(result.exitCode)) continue;
        counts[kind]!++;
        examples[kind] ??= `${result.stdout}${result.stderr}`.trim();
      }
    }
    this.log(`${command}: ${[first, second].map((kind) => `${counts[kind]} ${kind} (such as: ${examples[kind]})`).join(', ')}`);
    // Both states of the name were met: the race was really run.
    expect(done(), `\`${command}\` did not meet both states within ${most} attempts: ${JSON.stringify(counts)}`).to.equal(true);
  },
);

Then('这些命令的输出中都不应出现 {string}', function (this: SynapseWorld, text: string) {
  const outputs = repeatedOutputs.get(this)!;
  expect(outputs.length).to.be.greaterThan(0);
  const leaked = outputs.filter((output) => output.includes(text));
  expect(leaked, `${leaked.length} of ${outputs.length} outputs revealed it, such as:\n${leaked[0]}`).to.deep.equal([]);
});

Then('工作区外的目录 {string} 应仍是空的', async function (this: SynapseWorld, name: string) {
  await tools(this).result();
  expect(await readdir(placeholder(this, name))).to.deep.equal([]);
});

Then('工作区外的目录 {string} 里的文件 `{}` 应仍为 {string}', async function (this: SynapseWorld, name: string, file: string, content: string) {
  expect(await readdir(placeholder(this, name))).to.deep.equal([file]);
  expect(await readFile(join(placeholder(this, name), file), 'utf8')).to.equal(content);
});

// --- The sandbox's mounts and where a shell starts again ---------------------------------------------------

Given(/^本进程在宿主上的 pid 记为 `\{host-pid\}`$/, function (this: SynapseWorld) {
  tools(this).placeholders.set('host-pid', String(process.pid));
});

Given('工作区外有指向 `{}` 的符号链接 {string} 与指向 `{}` 的符号链接 {string}', async function (this: SynapseWorld, first: string, firstName: string, second: string, secondName: string) {
  const dir = await realpath(await mkdtemp('/var/tmp/synapse-spec-links-'));
  this.onCleanup(() => rm(dir, { recursive: true, force: true }));
  for (const [target, name] of [
    [first, firstName],
    [second, secondName],
  ] as const) {
    await symlink(target, join(dir, name));
    tools(this).placeholders.set(name, join(dir, name));
  }
});

Given('Router 的可读路径是工作区所在的目录，沙箱模式为 {string}', async function (this: SynapseWorld, mode: SandboxMode) {
  security(this).configure({ sandbox: mode, readablePaths: [dirname(await realpath(await this.tempDir()))] });
  await tools(this).router();
});

Then('命令结果的 stderr 应包含 {string}', async function (this: SynapseWorld, text: string) {
  expect((await tools(this).result()).stderr).to.contain(fill(this, text));
});

Then('命令的标准输出应以工作区的路径结尾', async function (this: SynapseWorld) {
  expect((await tools(this).result()).stdout).to.match(new RegExp(`(^|\\n)${escapeRegExp(await realpath(await this.tempDir()))}\\n$`));
});

Then('路由器的当前目录应为工作区本身', async function (this: SynapseWorld) {
  expect((await tools(this).router()).cwd).to.equal(await realpath(await this.tempDir()));
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// --- Resource limits ---------------------------------------------------------------------------------------

Given('workspace-write 沙箱的 Router 有这些资源上限:', async function (this: SynapseWorld, table: DataTable) {
  const [row] = table.hashes();
  const limits = resourceLimitsFromFlags({ limitProcesses: row!['进程'], limitMemory: row!['内存'], limitFileSize: row!['文件大小'], limitCpu: row!['CPU 秒'] });
  security(this).configure({ sandbox: 'workspace-write', limits });
  await tools(this).router();
});

// --- The same through the CLI ------------------------------------------------------------------------------

Given(/^CLI 工作区外有一个空目录 <(\w+)>$/, async function (this: SynapseWorld, name: string) {
  const dir = await realpath(await mkdtemp('/var/tmp/synapse-spec-outside-'));
  this.onCleanup(() => rm(dir, { recursive: true, force: true }));
  this.use(CliContext).saved.set(name, dir);
});

Then(/^CLI 工作区外的目录 <(\w+)> 应该是空的$/, async function (this: SynapseWorld, name: string) {
  expect(await readdir(this.use(CliContext).saved.get(name)!)).to.deep.equal([]);
});

// --- The sandboxed file helper's life ----------------------------------------------------------------------

const helperPids = async (world: SynapseWorld) => fileHelperPids(await realpath(await world.tempDir()));

Then('应有为这个工作区运行的文件辅助进程', async function (this: SynapseWorld) {
  expect(await helperPids(this)).to.not.deep.equal([]);
});

Then('不应再有为这个工作区运行的文件辅助进程', async function (this: SynapseWorld) {
  const gone = await eventually(async () => (await helperPids(this)).length === 0, 2000);
  expect(gone, `still running: ${await helperPids(this)}`).to.equal(true);
});

When('杀掉为这个工作区运行的文件辅助进程', async function (this: SynapseWorld) {
  const pids = await helperPids(this);
  expect(pids).to.not.deep.equal([]);
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone with the one killed before it (the helper dies with its bwrap)
    }
  }
  for (const pid of pids) await waitForProcessExit(pid);
});

Then('命令结果应为成功，或说明 {string}', async function (this: SynapseWorld, reason: string) {
  const { exitCode, stderr } = await tools(this).result();
  if (exitCode !== 0) expect(stderr).to.contain(reason);
});

// --- Where cgroups can be made ---------------------------------------------------------------------------

const cgroupChecks = new WeakMap<SynapseWorld, { root?: string; places?: CgroupPlaces; leftover?: string }>();
const cgroupCheck = (world: SynapseWorld) => cgroupChecks.get(world) ?? cgroupChecks.set(world, {}).get(world)!;

Given('一个假的 cgroup 根目录，统一层级的子 cgroup 启用的控制器为 {string}', async function (this: SynapseWorld, enabled: string) {
  const root = join(await this.tempDir(), 'cgroup');
  await mkdir(join(root, 'user', 'app'), { recursive: true });
  if (enabled !== '不是统一层级') {
    await writeFile(join(root, 'cgroup.controllers'), 'cpu memory pids\n');
    await writeFile(join(root, 'user', 'app', 'cgroup.subtree_control'), `${enabled}\n`);
  }
  cgroupCheck(this).root = root;
});

When('按 \\/proc\\/self\\/cgroup 的内容 {string} 找能建 cgroup 的地方', function (this: SynapseWorld, content: string) {
  cgroupCheck(this).places = cgroupPlacesIn(cgroupCheck(this).root!, content.replace(/\\n/g, '\n'));
});

Then('进程数的 cgroup 应建在 {string}，内存的建在 {string}', function (this: SynapseWorld, pids: string, memory: string) {
  const { root, places } = cgroupCheck(this);
  const expected = (where: string) => (where === '无' ? undefined : where.replace('{root}', root!));
  expect({ pids: places!.pids, memory: places!.memory }).to.deep.equal({ pids: expected(pids), memory: expected(memory) });
});

Given('进程数的 cgroup 层级里有一个已经结束的 synapse 进程留下的空 cgroup', async function (this: SynapseWorld) {
  const { pids } = cgroupPlacesIn('/sys/fs/cgroup', await readFile('/proc/self/cgroup', 'utf8'));
  // Beyond any pid the kernel hands out (pid_max is at most 2^22): no process runs with it.
  const leftover = join(pids!, 'synapse-99999999-1');
  await mkdir(leftover);
  this.onCleanup(() => rm(leftover, { recursive: false, force: true }).catch(() => undefined));
  cgroupCheck(this).leftover = leftover;
});

Then('那个留下的 cgroup 应已不在', async function (this: SynapseWorld) {
  await tools(this).result();
  expect(
    await lstat(cgroupCheck(this).leftover!).then(
      () => 'still there',
      () => 'gone',
    ),
  ).to.equal('gone');
});

When(/^在宿主上删掉(?:工作区里的目录 `(.+)`|工作区本身)$/, async function (this: SynapseWorld, directory: string | null) {
  await rm(directory ? join(await this.tempDir(), directory) : await this.tempDir(), { recursive: true, force: true });
});
