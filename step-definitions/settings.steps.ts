import { mkdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { DEFAULT_SETTINGS, SettingsFileError, SettingsManager, userSettingsPath, type PermissionMode } from '../src/settings';
import { ToolSecurity } from '../src/tools';
import { COMPLETE_SETTINGS, SettingsContext } from './support/settings-context';
import type { SynapseWorld } from './support/world';

const ctx = (world: SynapseWorld) => world.use(SettingsContext);

// --- SettingsManager (04-p3 part06): the user's file, ~/.synapse/settings.json under the scenario's HOME

Given('`settings.json` 尚不存在', function (this: SynapseWorld) {
  // The scenario's HOME is new and empty: nothing to arrange.
  SettingsManager.resetInstance();
});

When('调用 `SettingsManager.get\\(\\)`', function (this: SynapseWorld) {
  ctx(this).capture(() => SettingsManager.getInstance().get());
});

Then('应返回 `DEFAULT_SETTINGS`', function (this: SynapseWorld) {
  expect(ctx(this).error).to.equal(undefined);
  expect(ctx(this).result).to.deep.equal(DEFAULT_SETTINGS);
  expect(ctx(this).result, 'a copy, not the constant').to.not.equal(DEFAULT_SETTINGS);
});

Then('文件系统应生成新的 `settings.json`', async function (this: SynapseWorld) {
  expect(JSON.parse(await readFile(userSettingsPath(), 'utf8'))).to.deep.equal(DEFAULT_SETTINGS);
  // It may come to hold an API key: readable by its owner only.
  expect((await stat(userSettingsPath())).mode & 0o777).to.equal(0o600);
});

Given('`settings.json` 存在但字段结构不符合 schema', async function (this: SynapseWorld) {
  // Valid JSON; `permissions.allow` must be a list of rules, not one string.
  ctx(this).textBefore = JSON.stringify({ model: 'gpt-4o', permissions: { allow: 'git status' } });
  await ctx(this).write('user', ctx(this).textBefore!);
});

When('调用 `get\\(\\)`', function (this: SynapseWorld) {
  ctx(this).capture(() => SettingsManager.getInstance().get());
});

Then('应抛出 `Invalid settings file`', function (this: SynapseWorld) {
  const { error } = ctx(this);
  expect(error).to.be.instanceOf(SettingsFileError);
  expect(error!.message).to.equal(`Invalid settings file ${userSettingsPath()}: permissions.allow: Invalid input: expected array, received string`);
});

Then('不应返回半合法配置对象', async function (this: SynapseWorld) {
  const c = ctx(this);
  expect(c.result).to.equal(undefined);
  // The file is left as it was (not replaced by defaults), and a run does not use a part of it either.
  expect(await readFile(userSettingsPath(), 'utf8')).to.equal(c.textBefore);
  c.error = undefined;
  await c.resolve();
  expect(c.resolved).to.equal(undefined);
  expect((c.error as Error | undefined)?.message).to.match(/^Invalid settings file .*: permissions\.allow: /);
});

Given('已存在完整 settings 配置', async function (this: SynapseWorld) {
  await ctx(this).write('user', COMPLETE_SETTINGS);
});

// The document's `skillEnhance.autoEnhance` (upstream's skill-enhancement switch) has no counterpart here;
// the nested boolean key of ours is `sandbox.allowNetwork` (see the README's table).
When("执行 `set\\('skillEnhance.autoEnhance', true\\)`", function (this: SynapseWorld) {
  ctx(this).capture(() => SettingsManager.getInstance().set('sandbox.allowNetwork', true));
});

Then('目标键应更新', async function (this: SynapseWorld) {
  expect(ctx(this).error).to.equal(undefined);
  expect(((await ctx(this).readJson('user')) as typeof COMPLETE_SETTINGS).sandbox?.allowNetwork).to.equal(true);
  expect(SettingsManager.getInstance().get().sandbox?.allowNetwork).to.equal(true);
});

Then('其它无关配置值应保持不变', async function (this: SynapseWorld) {
  expect(await ctx(this).readJson('user')).to.deep.equal({ ...COMPLETE_SETTINGS, sandbox: { mode: 'read-only', allowNetwork: true } });
});

Given('多次调用 `SettingsManager.getInstance\\(\\)`', function (this: SynapseWorld) {
  ctx(this).instances.push(SettingsManager.getInstance(), SettingsManager.getInstance());
});

When('未执行 `resetInstance\\(\\)`', function (this: SynapseWorld) {
  ctx(this).instances.push(SettingsManager.getInstance());
});

Then('返回对象应为同一实例', function (this: SynapseWorld) {
  const [first, ...rest] = ctx(this).instances;
  expect(first).to.be.instanceOf(SettingsManager);
  for (const instance of rest) expect(instance).to.equal(first);
});

Then('调用 `resetInstance\\(\\)` 后下一次 `getInstance\\(\\)` 应返回新实例', function (this: SynapseWorld) {
  const [first] = ctx(this).instances;
  SettingsManager.resetInstance();
  const next = SettingsManager.getInstance();
  expect(next).to.be.instanceOf(SettingsManager).and.not.equal(first);
  expect(SettingsManager.getInstance()).to.equal(next);
});

// --- settings files of our own: order, errors, trust

/** `<home>`, `.synapse/` (the project's) and `<temp>` in an expected text, as paths of this scenario. */
async function paths(world: SynapseWorld, text: string): Promise<string> {
  const project = await ctx(world).project();
  return text
    .replaceAll('<home>', homedir())
    .replaceAll('<temp>', await world.tempDir())
    .replace(/(^|\s)\.synapse\//gm, `$1${project}/.synapse/`);
}

Given('设置文件 {word} 的内容是:', async function (this: SynapseWorld, where: string, content: string) {
  await ctx(this).write(where, content);
});

When('在受信任的项目里解析设置', async function (this: SynapseWorld) {
  await ctx(this).resolve({ trusted: true });
});

When('在不受信任的项目里解析设置', async function (this: SynapseWorld) {
  await ctx(this).resolve({ trusted: false });
});

When('带上 --settings {string} 在受信任的项目里解析设置', async function (this: SynapseWorld, file: string) {
  await ctx(this).resolve({ settingsFile: file, trusted: true });
});

Then('生效的设置应该是:', function (this: SynapseWorld, json: string) {
  expect(ctx(this).error).to.equal(undefined);
  expect(ctx(this).resolved!.settings).to.deep.equal(JSON.parse(json));
});

Then('设置 {string} 应该来自 {string}', async function (this: SynapseWorld, key: string, files: string) {
  const expected = await Promise.all(files.split(/,\s*/).map((where) => ctx(this).pathOf(where)));
  expect(ctx(this).resolved!.sources[key]).to.deep.equal(expected);
});

Then('解析设置时不应该有警告', function (this: SynapseWorld) {
  expect(ctx(this).resolved!.warnings).to.deep.equal([]);
});

Then('解析设置时的警告应该是:', async function (this: SynapseWorld, lines: string) {
  expect(ctx(this).resolved!.warnings).to.deep.equal((await paths(this, lines)).split('\n'));
});

Then('解析设置应该失败，错误是 {string}', async function (this: SynapseWorld, message: string) {
  const { error, resolved } = ctx(this);
  expect(resolved).to.equal(undefined);
  expect(error).to.be.instanceOf(SettingsFileError);
  const expected = await paths(this, message);
  expect(error!.message.startsWith(expected), `${error!.message}\ndoes not start with\n${expected}`).to.equal(true);
});

Then('用户设置文件不应该存在', async function (this: SynapseWorld) {
  expect(await stat(userSettingsPath()).catch(() => undefined)).to.equal(undefined);
});

// --- permission modes

When('以权限模式 {string} 建立工具安全设置，有一个总是同意的审批人', async function (this: SynapseWorld, mode: string) {
  const c = ctx(this);
  c.security = ToolSecurity.create(await c.project(), {
    permissionMode: mode as PermissionMode,
    approve: async () => {
      c.approverCalls += 1;
      return 'once';
    },
    onEvent: (event) => c.permissionEvents.push(event),
  });
});

Then(/^默认规则询问的 "(.+)" 应该(经审批人同意后放行|不问审批人直接放行|不问审批人直接拒绝)$/, async function (this: SynapseWorld, command: string, outcome: string) {
  const c = ctx(this);
  const result = await c.security!.gate.check(command, { cwd: await c.project(), signal: new AbortController().signal });
  const decided = c.permissionEvents.find((event) => event.type === 'permission_decided');
  const expected = { 经审批人同意后放行: ['allow', 'user', 1], 不问审批人直接放行: ['allow', 'approve_all', 0], 不问审批人直接拒绝: ['deny', 'no_approver', 0] }[outcome]!;
  expect([decided?.type === 'permission_decided' && decided.decision, decided?.type === 'permission_decided' && decided.by, c.approverCalls]).to.deep.equal(expected);
  expect(result.allowed).to.equal(expected[0] === 'allow');
});

Then('沙箱模式应该是 {string}', function (this: SynapseWorld, mode: string) {
  expect(ctx(this).security!.sandbox.mode).to.equal(mode);
});

Given('设置文件 {word} 的内容是 {string}', async function (this: SynapseWorld, where: string, content: string) {
  await ctx(this).write(where, content);
});

Then('生效的设置应该是 {string}', function (this: SynapseWorld, json: string) {
  expect(ctx(this).error).to.equal(undefined);
  expect(ctx(this).resolved!.settings).to.deep.equal(JSON.parse(json));
});

Given('用户设置文件的位置上是一个目录', async function (this: SynapseWorld) {
  await mkdir(userSettingsPath(), { recursive: true });
});

Given('项目的 .synapse 是指向项目外一个目录的符号链接，那里的 settings.json 内容是:', async function (this: SynapseWorld, content: string) {
  const elsewhere = join(await this.tempDir(), 'elsewhere');
  await mkdir(elsewhere, { recursive: true });
  await writeFile(join(elsewhere, 'settings.json'), content);
  await symlink(elsewhere, join(await ctx(this).project(), '.synapse'));
});

Given('用户的 ~\\/.synapse 是一个指向不存在位置的符号链接', async function (this: SynapseWorld) {
  SettingsManager.resetInstance();
  await symlink(join(await this.tempDir(), 'nowhere'), join(homedir(), '.synapse'));
});

Then('SettingsManager 应该报错 {string}', async function (this: SynapseWorld, message: string) {
  expect(ctx(this).result).to.equal(undefined);
  expect(ctx(this).error).to.be.instanceOf(SettingsFileError);
  expect(ctx(this).error!.message).to.equal(await paths(this, message));
});
