import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type DataTable, Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { loadPermissionRules, PermissionPolicy, type ApprovalAnswer, type PermissionAction, type PermissionRules, type PermissionVerdict, type SandboxMode } from '../src';
import { RunnerContext } from './support/runner-context';
import { type FAILING_APPROVAL, SecurityContext } from './support/security-context';
import { ToolsContext } from './support/tools-context';
import type { SynapseWorld } from './support/world';

const security = (world: SynapseWorld) => world.use(SecurityContext);
const tools = (world: SynapseWorld) => world.use(ToolsContext);
const runner = (world: SynapseWorld) => world.use(RunnerContext);

interface PolicyCheck {
  verdict?: PermissionVerdict;
  elapsedMs?: number;
  loadError?: unknown;
}
const checks = new WeakMap<SynapseWorld, PolicyCheck>();
const check = (world: SynapseWorld): PolicyCheck => {
  if (!checks.has(world)) checks.set(world, {});
  return checks.get(world)!;
};

// --- Secrets -----------------------------------------------------------------------------------------

Given(/^环境变量 `(\w+)` 与 `(\w+)` 是真实样子的密钥$/, function (this: SynapseWorld, first: string, second: string) {
  security(this).plantSecret(first);
  security(this).plantSecret(second);
});

Given(/^环境变量 `(\w+)` 的值是 `(\w+)` 的值$/, function (this: SynapseWorld, name: string, source: string) {
  this.setEnv(name, security(this).secrets.get(source)!);
});

Given(/^Router 放行环境变量 `(\w+)`$/, async function (this: SynapseWorld, name: string) {
  security(this).configure({ passEnv: [name] });
  await tools(this).router();
});

Given(/^工作区文件 `(.+)` 里写着 `(\w+)` 的值$/, async function (this: SynapseWorld, file: string, name: string) {
  await tools(this).writeWorkspaceFile(file, `# pasted config\napi_key = ${security(this).secrets.get(name)}\n`);
});

Given('Router 的沙箱模式为 {string}', async function (this: SynapseWorld, mode: SandboxMode) {
  security(this).configure({ sandbox: mode });
  await tools(this).router();
});

Then('命令输出中不应出现任何一个密钥', async function (this: SynapseWorld) {
  const { stdout, stderr } = await tools(this).result();
  expect(security(this).secrets.size).to.be.greaterThan(0);
  security(this).assertNoSecret(stdout + stderr, 'the command output');
});

Then('命令输出应包含 {string}', async function (this: SynapseWorld, text: string) {
  const { stdout, stderr } = await tools(this).result();
  expect(stdout + stderr).to.contain(text);
});

Given(/^模型第一轮同时调用工具 (.+)$/, function (this: SynapseWorld, list: string) {
  const commands = [...list.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
  runner(this).reply(commands);
  runner(this).reply('All printed.');
});

Then('模型收到的请求中不应出现任何一个密钥', function (this: SynapseWorld) {
  expect(this.llm.requests.length).to.be.greaterThan(1);
  security(this).assertNoSecret(JSON.stringify(this.llm.requests), 'a request to the model');
});

Then('运行事件中不应出现任何一个密钥', function (this: SynapseWorld) {
  const events = runner(this).events.map(({ event }) => event);
  expect(events.some((event) => event.type === 'tool_call_finished')).to.equal(true);
  security(this).assertNoSecret(JSON.stringify(events), 'the runner events');
});

Then('会话目录的文件中不应出现任何一个密钥', async function (this: SynapseWorld) {
  const files = await security(this).filesBelow(await runner(this).sessionsDir());
  expect(files.length).to.be.greaterThan(0);
  for (const file of files) security(this).assertNoSecret(file.text, file.path);
});

Then('模型收到的第 {int} 次请求应包含 {string}', function (this: SynapseWorld, n: number, text: string) {
  expect(JSON.stringify(this.llm.requests[n - 1]?.messages)).to.contain(text);
});

// --- Permission rules ------------------------------------------------------------------------------

Given('权限规则:', function (this: SynapseWorld, table: DataTable) {
  const rules: PermissionRules = {};
  // An optional third column names where an action's rules came from (`--deny`, `rules.json`).
  for (const [action, pattern, source] of table.rows()) {
    if (action === 'unmatched') rules.unmatched = pattern as PermissionAction;
    else if (action === 'defaults') rules.defaults = pattern !== 'false';
    else rules[action as PermissionAction] = [...(rules[action as PermissionAction] ?? []), pattern!];
    if (source) rules.sources = { ...rules.sources, [action!]: source };
  }
  security(this).setRules(rules);
});

const policyOf = (world: SynapseWorld) => new PermissionPolicy((security(world).current().permissions as PermissionRules | undefined) ?? {});

When(/^按权限策略判定命令 `([\s\S]*)`$/, async function (this: SynapseWorld, command: string) {
  check(this).verdict = await policyOf(this).evaluate(command);
});

When('按权限策略判定一条由 {int} 个 {string} 加一个 {string} 组成的命令', async function (this: SynapseWorld, count: number, letter: string, last: string) {
  const policy = policyOf(this);
  await policy.evaluate('true'); // the parser loads once per process; the figure is the verdict's
  const started = performance.now();
  check(this).verdict = await policy.evaluate(letter.repeat(count) + last);
  check(this).elapsedMs = performance.now() - started;
});

Then('判定结果应为 {string}', function (this: SynapseWorld, action: string) {
  expect(check(this).verdict?.action, JSON.stringify(check(this).verdict?.rule?.label)).to.equal(action);
});

Then(/^判定的理由应包含 "(.*)"$/, function (this: SynapseWorld, text: string) {
  const verdict = check(this).verdict;
  expect(verdict?.rule?.label ?? verdict?.reason ?? '').to.contain(text);
});

Then(/^需要批准的部分依次为 `([\s\S]*)`$/, function (this: SynapseWorld, parts: string) {
  expect(check(this).verdict?.askingParts).to.deep.equal(parts.split('；'));
});

When('按权限策略判定 JSON 字符串所写的命令 {}', async function (this: SynapseWorld, json: string) {
  check(this).verdict = await policyOf(this).evaluate(JSON.parse(json) as string);
});

Then('需要批准的部分应为 JSON {}', function (this: SynapseWorld, json: string) {
  expect(check(this).verdict?.askingParts).to.deep.equal(JSON.parse(json));
});

When('按权限策略判定 {int} 层 {string} 嵌套的命令 `{}`', async function (this: SynapseWorld, levels: number, wrapper: string, command: string) {
  const [open, close = ''] = wrapper.split('…');
  check(this).verdict = await policyOf(this).evaluate(open!.repeat(levels) + command + close.repeat(levels));
});

Then('策略的规则依次为下列规则，再加上 {int} 条默认规则:', async function (this: SynapseWorld, defaults: number, table: DataTable) {
  // A rule file in the scenario's directory is named relative to it.
  const dir = `${await this.tempDir()}/`;
  const labels = policyOf(this).rules.map((rule) => rule.label.replace(dir, ''));
  const mine = table.raw().map(([label]) => label!);
  expect(labels.slice(0, mine.length)).to.deep.equal(mine);
  expect(labels.slice(mine.length)).to.have.length(defaults);
  for (const label of labels.slice(mine.length)) expect(label).to.match(/^ask rule ".+" \(default\)$/);
});

Then('命令的判定与做出判定的规则应为:', async function (this: SynapseWorld, table: DataTable) {
  const policy = policyOf(this);
  const actual = await Promise.all(
    table.rows().map(async ([command]) => {
      const verdict = await policy.evaluate(command!);
      return [command!, verdict.action, verdict.rule?.pattern ?? ''];
    }),
  );
  expect(actual).to.deep.equal(table.rows());
});

Then('策略对没有规则匹配的命令的结论应为 {string}', function (this: SynapseWorld, action: string) {
  expect(policyOf(this).unmatched).to.equal(action);
});

Then('判定应在 {int} 毫秒内完成', function (this: SynapseWorld, limit: number) {
  expect(check(this).elapsedMs).to.be.below(limit);
});

Then('命令的判定应为:', async function (this: SynapseWorld, table: DataTable) {
  const policy = policyOf(this);
  const actual = await Promise.all(table.rows().map(async ([command]) => [command!, (await policy.evaluate(command!)).action]));
  expect(actual).to.deep.equal(table.rows());
});

// --- Denials and approvals through the router ---------------------------------------------------------

Then('命令结果应为拒绝，说明 {string}', async function (this: SynapseWorld, reason: string) {
  const result = await tools(this).result();
  expect(result).to.deep.include({ exitCode: 126, failureCategory: 'permission_denied', stdout: '' });
  expect(result.stderr).to.contain(reason);
});

Then('SubAgent 执行器不应收到任何请求', function (this: SynapseWorld) {
  expect(tools(this).taskRequests).to.deep.equal([]);
});

Given(/^审批者会依次回答 (.+)$/, function (this: SynapseWorld, list: string) {
  security(this).approveWith([...list.matchAll(/"(\w+)"/g)].map((match) => match[1] as ApprovalAnswer | typeof FAILING_APPROVAL));
});

Then('审批者应被询问 {int} 次，每次都看到完整的命令 `{}`', function (this: SynapseWorld, times: number, command: string) {
  const { approvals } = security(this);
  expect(approvals.map((request) => request.command)).to.deep.equal(Array(times).fill(command));
  for (const request of approvals) expect(request.rule).to.match(/^ask rule /);
});

Then('权限事件应依次为 {string}', function (this: SynapseWorld, list: string) {
  const names = security(this).events.map((event) => (event.type === 'permission_decided' ? `${event.type}:${event.decision}:${event.by}` : event.type));
  expect(names.join(', ')).to.equal(list);
});

Given('另一个 approveAll 的 Router', async function (this: SynapseWorld) {
  security(this).configure({ approveAll: true });
  await tools(this).replaceRouter();
});

Then('工作区文件 `{}` 应仍为 {string}', async function (this: SynapseWorld, name: string, content: string) {
  expect(await tools(this).readWorkspaceFile(name)).to.equal(content.replace(/\\n/g, '\n'));
});

Given('权限策略批准一切询问（这里只看沙箱）', function (this: SynapseWorld) {
  security(this).configure({ approveAll: true });
});

// --- Denials in a run ------------------------------------------------------------------------------

Given('模型第一轮调用工具 `{}`，第二轮调用 `{}`，然后回答 {string}', function (this: SynapseWorld, first: string, second: string, answer: string) {
  runner(this).reply([first]);
  runner(this).reply([second]);
  runner(this).reply(answer);
});

Given('Runner 的 maxConsecutiveToolFailures 为 {int}', function (this: SynapseWorld, limit: number) {
  runner(this).options.maxConsecutiveToolFailures = limit;
});

Given('模型连续 {int} 轮调用工具 `{}`，然后回答 {string}', function (this: SynapseWorld, rounds: number, command: string, answer: string) {
  for (let i = 0; i < rounds; i++) runner(this).reply([command]);
  runner(this).reply(answer);
});

function toolResultsOfRequest(world: SynapseWorld, n: number): string {
  const toolMessages = (world.llm.requests[n - 1]?.messages ?? []).filter((message) => message.role === 'tool');
  return toolMessages.map((message) => message.content).join('\n');
}

Then('模型收到的第 {int} 次请求中的工具结果应包含 {string}', function (this: SynapseWorld, n: number, text: string) {
  expect(toolResultsOfRequest(this, n)).to.contain(text);
});

Then('模型收到的第 {int} 次请求中的工具结果不应包含 {string}', function (this: SynapseWorld, n: number, text: string) {
  expect(toolResultsOfRequest(this, n)).to.not.contain(text);
});

Then('运行事件应包含一个拒绝命令 `{}` 的 permission_decided 事件，由 {string} 做出', function (this: SynapseWorld, command: string, by: string) {
  const decided = runner(this)
    .events.map(({ event }) => event)
    .filter((event) => event.type === 'permission_decided');
  expect(decided).to.deep.include({ type: 'permission_decided', command, decision: 'deny', by, rule: 'ask rule "rm -r (recursive delete)" (default)' });
});

Given(/^模型发起一个 `task:(general|explore)` 子代理（提示 "(.+)"），子代理尝试 `(.+)`$/, function (this: SynapseWorld, type: string, prompt: string, command: string) {
  const c = runner(this);
  c.reply([`task:${type} --description "sub" --prompt "${prompt}"`]);
  c.subAgentReply(prompt, { toolCalls: [{ name: 'Bash', arguments: { command } }] });
  c.subAgentReply(prompt, { content: 'It was not permitted.' });
  c.reply('Delegated.');
});

// --- Rule files --------------------------------------------------------------------------------------

Given('规则文件 `{}` 的内容为 `{}`', async function (this: SynapseWorld, name: string, content: string) {
  const dir = await this.tempDir();
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, name), content);
});

When('加载规则文件 `{}`', async function (this: SynapseWorld, name: string) {
  try {
    security(this).setRules(loadPermissionRules(join(await this.tempDir(), name)));
  } catch (error) {
    check(this).loadError = error;
  }
});

Then('加载应失败，错误信息包含 {string}', function (this: SynapseWorld, text: string) {
  expect(check(this).loadError, 'the rule file should have been refused').to.be.instanceOf(Error);
  expect((check(this).loadError as Error).message).to.contain(text);
});
