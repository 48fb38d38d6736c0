import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { type DataTable, Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import {
  type ApprovalAnswer,
  type BubblewrapStatus,
  bubblewrapStatus,
  loadPermissionRules,
  PermissionPolicy,
  type PermissionRequest,
  type PermissionRules,
  Sandbox,
  type SandboxMode,
  ToolSecurity,
  toolEnvironment,
} from '../src';
import { lifelineWatcherScript, PROCESS_MARKER_VARIABLE } from '../src/tools/security/process-marker';
import { SecurityContext } from './support/security-context';
import { isProcessAlive, ToolsContext, waitForProcessExit } from './support/tools-context';
import type { SynapseWorld } from './support/world';

const security = (world: SynapseWorld) => world.use(SecurityContext);
const tools = (world: SynapseWorld) => world.use(ToolsContext);

/** What the scenarios of this file arranged and saw, beyond the shared contexts. */
interface EdgeCheck {
  probe?: BubblewrapStatus;
  sandbox?: Sandbox;
  error?: unknown;
  environment?: Record<string, string>;
  gate?: GateScript;
  lifeline?: Lifeline;
  /** A process started outside the Shell with an empty environment. */
  bareProcess?: ChildProcess;
}
const checks = new WeakMap<SynapseWorld, EdgeCheck>();
const check = (world: SynapseWorld): EdgeCheck => {
  if (!checks.has(world)) checks.set(world, {});
  return checks.get(world)!;
};

/** `{name}` in a step's text is the value a step registered (the workspace, a directory outside it...). */
const fill = (world: SynapseWorld, text: string) => text.replace(/\{([\w-]+)\}/g, (placeholder, name: string) => tools(world).placeholders.get(name) ?? placeholder);

/** The scenario's directory with symlinks resolved, as the sandbox names it: {workspace}. */
async function workspace(world: SynapseWorld): Promise<string> {
  const real = await realpath(await world.tempDir());
  tools(world).placeholders.set('workspace', real);
  return real;
}

/** A new empty directory outside the workspace and outside /tmp (which the sandbox hides), removed afterwards. */
async function outsideDirectory(world: SynapseWorld, name: string): Promise<string> {
  const dir = await realpath(await mkdtemp('/var/tmp/synapse-spec-outside-'));
  world.onCleanup(() => rm(dir, { recursive: true, force: true }));
  tools(world).placeholders.set(name, dir);
  return dir;
}

// --- bubblewrap, probed ----------------------------------------------------------------------------------

Given('假的 bwrap 程序 `{word}` 的内容为:', async function (this: SynapseWorld, name: string, script: string) {
  const path = join(await this.tempDir(), name);
  await writeFile(path, `${script}\n`);
  await chmod(path, 0o755);
  tools(this).placeholders.set('path', path);
});

Given('假的 bwrap 程序 `{word}` 存在但不可执行', async function (this: SynapseWorld, name: string) {
  const path = join(await this.tempDir(), name);
  await writeFile(path, '#!/bin/sh\nexit 0\n');
  await chmod(path, 0o644);
  tools(this).placeholders.set('path', path);
});

Given('环境变量 SYNAPSE_BWRAP 为 {string}', async function (this: SynapseWorld, value: string) {
  this.setEnv('SYNAPSE_BWRAP', value.replace('{dir}', await this.tempDir()));
});

When(/^探测 bubblewrap `(\S+)`( 两次)?$/, async function (this: SynapseWorld, name: string, twice?: string) {
  const path = join(await this.tempDir(), name);
  tools(this).placeholders.set('path', path);
  check(this).probe = bubblewrapStatus(path);
  if (twice) check(this).probe = bubblewrapStatus(path);
});

Then('探测结果应为可用', function (this: SynapseWorld) {
  expect(check(this).probe).to.deep.equal({ available: true, path: fill(this, '{path}') });
});

Then('探测结果应为不可用，原因为 {string}', function (this: SynapseWorld, reason: string) {
  expect(check(this).probe).to.deep.equal({ available: false, path: fill(this, '{path}'), reason: fill(this, reason) });
});

Then('假的 bwrap 应只运行过 {int} 次，参数为 `{}`', async function (this: SynapseWorld, times: number, args: string) {
  const log = await readFile(`${fill(this, '{path}')}.log`, 'utf8');
  expect(log).to.equal(`${args}\n`.repeat(times));
});

// --- The sandbox object: mode, description, warning, how it starts a shell ---------------------------------

When(/^为工作区创建沙箱(?:，模式 "([\w-]+)")?(，允许网络)?(?:，可读路径为 `(.+)`)?$/, async function (this: SynapseWorld, mode?: string, network?: string, readable?: string) {
  const root = await workspace(this);
  const readablePaths = readable?.split('、').map((path) => fill(this, path));
  check(this).sandbox = new Sandbox(root, { mode: mode as SandboxMode | undefined, allowNetwork: network ? true : undefined, readablePaths });
});

When('为还不存在的工作区 `{word}` 创建沙箱', async function (this: SynapseWorld, name: string) {
  check(this).sandbox = new Sandbox(join(await workspace(this), name), { mode: 'off' });
});

When('把沙箱换成模式 {string}', function (this: SynapseWorld, mode: SandboxMode) {
  check(this).sandbox = check(this).sandbox!.withMode(mode);
});

Then('沙箱的模式应为 {string}，描述为 {string}', function (this: SynapseWorld, mode: string, description: string) {
  const { sandbox } = check(this);
  expect({ mode: sandbox!.mode, description: sandbox!.describe() }).to.deep.equal({ mode, description });
});

Then('沙箱没有警告', function (this: SynapseWorld) {
  expect(check(this).sandbox!.warning).to.equal(undefined);
});

Then('沙箱的警告应为 {string}', function (this: SynapseWorld, warning: string) {
  expect(check(this).sandbox!.warning).to.equal(fill(this, warning));
});

Then('沙箱的工作区应为 {string}', function (this: SynapseWorld, path: string) {
  expect(check(this).sandbox!.workspace).to.equal(fill(this, path));
});

Then(/^沙箱在 `(.+)` 启动 Shell 的命令应为(?:（(随父进程结束)）)?:$/, function (this: SynapseWorld, cwd: string, diesWithParent: string | undefined, expected: string) {
  const launch = check(this).sandbox!.launch(fill(this, cwd));
  expect([launch.file, ...launch.args].join(' ')).to.equal(fill(this, expected.trim().replace(/\s+/g, ' ')));
  expect(launch.diesWithParent).to.equal(Boolean(diesWithParent));
});

Given('工作区外有一个空目录 {string}', async function (this: SynapseWorld, name: string) {
  await outsideDirectory(this, name);
});

// --- Paths the sandbox refuses ---------------------------------------------------------------------------

Given('工作区里的 `{word}` 是指向工作区外一个空目录的符号链接', async function (this: SynapseWorld, link: string) {
  await workspace(this);
  await symlink(await outsideDirectory(this, 'outside'), join(await this.tempDir(), link));
});

Given('宿主的 \\/tmp 与另设的 TMPDIR 里各有一个文件', async function (this: SynapseWorld) {
  await this.tempDir(); // the workspace stays where it is
  const inTmp = await mkdtemp('/tmp/synapse-spec-hidden-');
  this.onCleanup(() => rm(inTmp, { recursive: true, force: true }));
  await writeFile(join(inTmp, 'a.txt'), 'in /tmp\n');
  const elsewhere = await outsideDirectory(this, 'tmpdir');
  await writeFile(join(elsewhere, 'b.txt'), 'in TMPDIR\n');
  tools(this).placeholders.set('in-tmp', join(inTmp, 'a.txt'));
  tools(this).placeholders.set('in-tmpdir', join(elsewhere, 'b.txt'));
  this.setEnv('TMPDIR', elsewhere);
});

Then('命令被拒绝，原因恰为 {string}', async function (this: SynapseWorld, reason: string) {
  const result = await tools(this).result();
  expect(result).to.deep.equal({ stdout: '', stderr: `${fill(this, reason)}\n`, exitCode: 126, failureCategory: 'permission_denied' });
});

// --- Rules as a library sees them --------------------------------------------------------------------------

When('用下列规则直接构造权限策略:', function (this: SynapseWorld, table: DataTable) {
  const rules: PermissionRules = {};
  for (const [action, pattern] of table.rows()) rules[action as 'allow' | 'ask' | 'deny'] = [...(rules[action as 'allow' | 'ask' | 'deny'] ?? []), pattern!];
  try {
    new PermissionPolicy(rules);
  } catch (error) {
    check(this).error = error;
  }
});

When('加载规则文件 `{}`，记下错误', async function (this: SynapseWorld, name: string) {
  tools(this).placeholders.set('dir', await this.tempDir());
  try {
    loadPermissionRules(join(await this.tempDir(), name));
  } catch (error) {
    check(this).error = error;
  }
});

Then('失败的错误应为 {word}，信息为 {string}', function (this: SynapseWorld, name: string, message: string) {
  const error = check(this).error as Error;
  expect(error, 'it should have failed').to.be.instanceOf(Error);
  expect({ name: error.name, message: error.message }).to.deep.equal({ name, message: fill(this, message) });
});

Then('策略里的每条规则对命令的判断应为:', function (this: SynapseWorld, table: DataTable) {
  const { rules } = new PermissionPolicy((security(this).current().permissions as PermissionRules | undefined) ?? {});
  const actual = table.rows().map(([pattern, command]) => {
    const rule = rules.find((candidate) => candidate.pattern === pattern);
    return [pattern!, command!, rule?.test(command!) ? '匹配' : '不匹配'];
  });
  expect(actual).to.deep.equal(table.rows());
});

When('按密钥名字模式 {string} 由下列环境生成工具环境:', function (this: SynapseWorld, patterns: string, table: DataTable) {
  check(this).environment = toolEnvironment({ env: table.rowsHash(), secretNames: patterns.split('、') });
});

Then('生成的工具环境应只有 {}', function (this: SynapseWorld, names: string) {
  expect(Object.keys(check(this).environment ?? {}).sort()).to.deep.equal(names.split('、').sort());
});

// --- The permission gate, one question at a time ------------------------------------------------------------

/** A person at the prompt: each question waits until the scenario answers it; a cancelled one is withdrawn. */
interface GateScript {
  security?: ToolSecurity;
  questions: Array<{ request: PermissionRequest; answer: (answer: ApprovalAnswer) => void }>;
  checks: Array<{ command: string; controller: AbortController; outcome?: { allowed: boolean; reason?: string } }>;
}

const gate = (world: SynapseWorld): GateScript => {
  check(world).gate ??= { questions: [], checks: [] };
  return check(world).gate!;
};

Given('审批者的回答由场景逐个给出', function (this: SynapseWorld) {
  const script = gate(this);
  security(this).configure({
    approve: (request, { signal }) =>
      new Promise<ApprovalAnswer>((resolve, reject) => {
        script.questions.push({ request, answer: resolve });
        signal?.addEventListener('abort', () => reject(new Error('the question was withdrawn')), { once: true });
      }),
  });
});

Given('权限关卡批准一切询问', function (this: SynapseWorld) {
  security(this).configure({ approveAll: true });
});

async function startCheck(world: SynapseWorld, command: string, aborted: boolean): Promise<void> {
  const script = gate(world);
  script.security ??= ToolSecurity.create(await world.tempDir(), security(world).current());
  await script.security.gate.policy.evaluate('true'); // the shell parser loads once per process, before the first check
  const controller = new AbortController();
  if (aborted) controller.abort();
  const entry: GateScript['checks'][number] = { command, controller };
  script.checks.push(entry);
  void script.security.gate.check(command, { cwd: await world.tempDir(), signal: controller.signal }).then((outcome) => {
    entry.outcome = outcome;
  });
  // Let the gate run as far as it can without an answer.
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
}

When(/^权限关卡开始检查 `(.+)`$/, async function (this: SynapseWorld, command: string) {
  await startCheck(this, command, false);
});

When(/^权限关卡用已经中止的信号检查 `(.+)`$/, async function (this: SynapseWorld, command: string) {
  await startCheck(this, command, true);
});

When('审批者回答第 {int} 个问题 {string}', async function (this: SynapseWorld, n: number, answer: ApprovalAnswer) {
  gate(this).questions[n - 1]!.answer(answer);
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
});

When('中止第 {int} 个检查', async function (this: SynapseWorld, n: number) {
  gate(this).checks[n - 1]!.controller.abort();
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
});

Then(/^第 (\d+) 个检查应已得出：(允许|拒绝)(?:，原因为 "(.*)")?$/, async function (this: SynapseWorld, n: string, decision: string, reason?: string) {
  const entry = gate(this).checks[Number(n) - 1]!;
  const expected = decision === '允许' ? { allowed: true } : { allowed: false, reason: reason?.replace(/\\"/g, '"') };
  expect(entry.outcome, `the check of ${entry.command} has not settled`).to.deep.equal(expected);
});

Then('第 {int} 个检查应还在等待', function (this: SynapseWorld, n: number) {
  expect(gate(this).checks[n - 1]!.outcome).to.equal(undefined);
});

Then('审批者被问到的命令依次为 {string}', function (this: SynapseWorld, commands: string) {
  expect(gate(this).questions.map((question) => question.request.command)).to.deep.equal(commands ? commands.split('、') : []);
});

// --- The lifeline watcher, on its own -----------------------------------------------------------------------

/** A marked bash running the watcher, as a shell without a sandbox does, and the pids it started. */
interface Lifeline {
  shell: ChildProcess;
  marked: number;
  unmarked: number;
}

Given(/^一个带标记的 bash (自成进程组|在别人的进程组里)，运行着看守脚本，并启动了一个脱离进程组的带标记进程与一个同组的无标记进程$/, async function (this: SynapseWorld, group: string) {
  const token = randomBytes(6).toString('hex');
  // In someone else's group: `sh` leads a new group and runs bash in it, as we run a command attached to a
  // terminal (a group of its own, so a watcher that wrongly killed "its" group cannot take the test run down).
  const [file, args] = group === '自成进程组' ? ['bash', []] : ['sh', ['-c', 'bash; true']];
  const shell = spawn(file, args, { detached: true, stdio: ['pipe', 'pipe', 'ignore', 'pipe'], env: { ...process.env, [PROCESS_MARKER_VARIABLE]: token } });
  (shell.stdio[3] as Readable).on('error', () => {});
  this.onCleanup(() => {
    for (const pid of [shell.pid, check(this).lifeline?.marked, check(this).lifeline?.unmarked]) {
      try {
        if (pid) process.kill(pid === shell.pid ? -pid : pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
  });
  const pids = new Promise<number[]>((resolve) => {
    let text = '';
    shell.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const numbers = text.split('\n').filter(Boolean).map(Number);
      if (numbers.length === 2) resolve(numbers);
    });
  });
  shell.stdin!.write(`${lifelineWatcherScript(token)}\n`);
  shell.stdin!.write(`setsid sleep 30 & echo $!\nenv -u ${PROCESS_MARKER_VARIABLE} sleep 31 & echo $!\n`);
  const [marked, unmarked] = await pids;
  check(this).lifeline = { shell, marked: marked!, unmarked: unmarked! };
  // `$!` comes right after the fork: wait until both are sleep (detached, and without the marker).
  for (const pid of [marked!, unmarked!]) await waitForProgram(pid, 'sleep');
});

Given('Shell 之外刚启动了一个环境为空的进程', async function (this: SynapseWorld) {
  const bare = spawn('/bin/sleep', ['30'], { env: {}, stdio: 'ignore' });
  this.onCleanup(() => void bare.kill('SIGKILL'));
  check(this).bareProcess = bare;
  await waitForProgram(bare.pid!, 'sleep');
});

Then('那个环境为空的进程应仍在运行', async function (this: SynapseWorld) {
  const bare = check(this).bareProcess!;
  // A SIGKILL sent during the close would have ended it well within this.
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect({ exitCode: bare.exitCode, signal: bare.signalCode }).to.deep.equal({ exitCode: null, signal: null });
});

/** Resolves once process `pid` runs `program` (it has exec'd), or fails after 5 s. */
async function waitForProgram(pid: number, program: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while ((await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '')) !== `${program}\n`) {
    if (Date.now() > deadline) throw new Error(`process ${pid} did not start ${program} within 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

When('`{word}` 记录的进程已运行到 `{word}`', async function (this: SynapseWorld, file: string, program: string) {
  await waitForProgram(tools(this).hostPid(Number(await tools(this).readWorkspaceFile(file))), program);
});

When('生命线断开', function (this: SynapseWorld) {
  (check(this).lifeline!.shell.stdio[3] as Readable).destroy();
});

Then(/^带标记的进程应已结束，同组的无标记进程应(已结束|仍在运行)$/, async function (this: SynapseWorld, unmarked: string) {
  const lifeline = check(this).lifeline!;
  expect(await waitForProcessExit(lifeline.marked, 5000), 'the marked process').to.equal(true);
  if (unmarked === '已结束') expect(await waitForProcessExit(lifeline.unmarked, 5000), 'the unmarked process of the group').to.equal(true);
  else {
    // Give the watcher the time a group kill would take.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(isProcessAlive(lifeline.unmarked), 'the unmarked process of the group').to.equal(true);
  }
});

Given('工作区里有目录 `{word}`', async function (this: SynapseWorld, name: string) {
  await mkdir(join(await this.tempDir(), name), { recursive: true });
});
