// The Bash tool and its router (02-p1-core-tools part05/part06, features/bash-router.feature): a real
// BashRouter with a real bash in the scenario's temp directory.
import { getEventListeners } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type DataTable, Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { ChatContext } from './support/chat-context';
import { ChatTerminalContext } from './support/chat-terminal-context';
import { BashTool } from '../src';
import { classifyCommand } from '../src/tools/command-line';
import { runWithBashC, ToolsContext, waitForFile, waitForProcessExit, WORKSPACE_FILE, WORKSPACE_FILE_SEED } from './support/tools-context';
import { unescapeStepText } from './support/step-text';
import type { SynapseWorld } from './support/world';

const HEREDOC_BODY = 'first line\n$HOME and `date` stay literal\n  indented "quotes"\n';
const tools = (world: SynapseWorld) => world.use(ToolsContext);

/** A step text matched literally (it holds ( ) / that Cucumber expressions would read as syntax). */
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);

// --- Router: arranging and running commands -------------------------------------------------------

Given('Router 已就绪', async function (this: SynapseWorld) {
  await tools(this).router();
  await tools(this).writeWorkspaceFile(WORKSPACE_FILE, WORKSPACE_FILE_SEED);
});

Given(/^Router 已就绪，每个输出流保留 (\d+) 字节$/, async function (this: SynapseWorld, bytes: string) {
  tools(this).routerOptions.maxOutputBytes = Number(bytes);
  await tools(this).router();
});

Given('Router 未注入 `subAgentExecutorFactory`', async function (this: SynapseWorld) {
  delete tools(this).routerOptions.subAgentExecutorFactory;
  await tools(this).router();
});

// `执行 \`store.update(items)\`` belongs to the TodoStore steps, `/resume ...` to the chat's; the usage and settings
// calls (`accumulateUsage`, `resetSessionUsage`, `set(...)`) and `executeAll(`, `offloadIfNeeded(`, `clear(`, `rewriteHistory` to the
// usage, settings, stop-hook, context and session steps, hence the lookahead. As a When it runs the command; as a
// Given it arranges it for the When that follows (`When 进入 JSON.parse`).
Given(
  /^执行 `(?!store\.|runner\.|run\(|\/resume |accumulateUsage`|resetSessionUsage`|set\(|executeAll\(|offloadIfNeeded\(|clear\(|rewriteHistory`)([^`]+)`$/,
  async function (this: SynapseWorld, command: string) {
    if (this.inAction) await tools(this).run(command);
    else tools(this).prepare(command);
  },
);

// `!...` and `/...` are typed at the chat prompt (repl-input.steps.ts).
Given(/^用户输入 `(?![!/])(.+)`$/, function (this: SynapseWorld, command: string) {
  tools(this).prepare(command);
});

When('Router 处理命令', async function (this: SynapseWorld) {
  await tools(this).run();
});

When(exactly("执行 `cat <<'EOF' > ./tmp.txt` 多行 heredoc 命令"), async function (this: SynapseWorld) {
  await tools(this).run(`cat <<'EOF' > ./${WORKSPACE_FILE}\n${HEREDOC_BODY}EOF`);
});

// --- Router: results -----------------------------------------------------------------------------

Then(/^(?:应)?返回 `exitCode=(\d+)`$/, async function (this: SynapseWorld, code: string) {
  expect((await tools(this).result()).exitCode).to.equal(Number(code));
});

Then(/^退出码应为 `(\d+)`$/, async function (this: SynapseWorld, code: string) {
  expect((await tools(this).result()).exitCode).to.equal(Number(code));
});

Then(/^返回应为(成功|失败)$/, async function (this: SynapseWorld, outcome: string) {
  const { exitCode } = await tools(this).result();
  if (outcome === '成功') expect(exitCode).to.equal(0);
  else expect(exitCode).to.not.equal(0);
});

Then(/^stderr (?:应)?包含 `([^`]+)`$/, async function (this: SynapseWorld, text: string) {
  expect((await tools(this).result()).stderr).to.include(text.replaceAll('{workspace}', await this.tempDir()));
});

Then('应路由到 native shell 会话执行', async function (this: SynapseWorld) {
  expect((await tools(this).result()).exitCode).to.equal(0);
  // Only a shell turns `echo "hello" > ./tmp.txt` into this file.
  expect(await tools(this).readWorkspaceFile(WORKSPACE_FILE)).to.equal('hello\n');
});

Then('命令文本应原样传递给 native shell', async function (this: SynapseWorld) {
  await tools(this).result();
  // A quoted delimiter keeps $HOME and `date` literal: any rewriting of the text would show here.
  expect(await tools(this).readWorkspaceFile(WORKSPACE_FILE)).to.equal(HEREDOC_BODY);
});

Then('应作为 native shell 命令执行', async function (this: SynapseWorld) {
  expect((await tools(this).result()).exitCode).to.equal(0);
  expect(await tools(this).readWorkspaceFile(WORKSPACE_FILE)).to.equal(WORKSPACE_FILE_SEED.replace(/a/g, 'b'));
});

Then('不应误判为 Agent Shell 内建命令', async function (this: SynapseWorld) {
  const result = await tools(this).result();
  expect(classifyCommand(tools(this).lastCommand!)).to.equal('native');
  expect(result.stderr).to.equal('');
  expect(result.failureCategory).to.equal(undefined);
});

Then(/^实际执行命令应为去除前缀后的 `(.+)`$/, async function (this: SynapseWorld, stripped: string) {
  const result = await tools(this).result();
  // The reference: the stripped command run by a fresh bash in a directory of its own.
  const referenceDir = join(await this.tempDir(), 'reference');
  await mkdir(referenceDir);
  const reference = runWithBashC(stripped, referenceDir);
  expect(result).to.deep.include({ stdout: reference.stdout, stderr: reference.stderr, exitCode: reference.exitCode });
  expect(await tools(this).readWorkspaceFile(WORKSPACE_FILE)).to.equal(await readFile(join(referenceDir, WORKSPACE_FILE), 'utf8'));
});

// --- Router: restart and cancellation ------------------------------------------------------------

Given(/^`route\(command, true\)` 触发重启并返回可取消 promise$/, async function (this: SynapseWorld) {
  const context = tools(this);
  const router = await context.router();
  await router.route('export SYNAPSE_SET_BEFORE_RESTART=yes');
  context.inFlight = router.route('sleep 30 & echo $! > sleep.pid; wait', true);
  await waitForFile(await context.workspacePath('sleep.pid'));
  context.noteSandboxPids();
});

When(exactly('调用外层 promise 的 `cancel()`'), async function (this: SynapseWorld) {
  const context = tools(this);
  const started = Date.now();
  context.inFlight!.cancel();
  context.record('sleep 30 (cancelled)', await context.inFlight!);
  context.cancelSettledInMs = Date.now() - started;
});

Then(exactly('内部任务 promise 的 `cancel()` 也应被调用'), async function (this: SynapseWorld) {
  const context = tools(this);
  expect(await context.result()).to.deep.include({ exitCode: 130, interrupted: 'cancelled' });
  const sleepPid = context.hostPid(Number(await context.readWorkspaceFile('sleep.pid')));
  expect(await waitForProcessExit(sleepPid), `sleep (pid ${sleepPid}) should have been killed`).to.equal(true);
});

Then('不应丢失取消信号', async function (this: SynapseWorld) {
  const context = tools(this);
  // Well short of the sleep 30 it cancelled, with room for a loaded machine.
  expect(context.cancelSettledInMs).to.be.below(3000);
  // The session restarted (the export is gone) and still answers after the cancel.
  const after = await (await context.router()).route('echo "[$SYNAPSE_SET_BEFORE_RESTART]" alive');
  expect(after).to.deep.include({ stdout: '[] alive\n', exitCode: 0 });
});

// --- BashTool ------------------------------------------------------------------------------------

Given('用户将 `command` 误写为 `Bash`', function (this: SynapseWorld) {
  tools(this).pendingToolArgs = { command: 'Bash' };
});

Given(/^用户将命令字符串误写为 `(.+)`$/, function (this: SynapseWorld, command: string) {
  tools(this).pendingToolArgs = { command };
});

Given('`read` 执行返回 usage 错误', function (this: SynapseWorld) {
  tools(this).pendingToolArgs = { command: 'read' };
});

Given('命令执行得到 `exitCode != 0` 且含 stderr', function (this: SynapseWorld) {
  tools(this).pendingToolArgs = { command: 'ls ./no-such-entry' };
});

Given('命令执行失败并返回非零退出码', function (this: SynapseWorld) {
  tools(this).pendingToolArgs = { command: 'cat ./missing.txt' };
});

Given(/^执行 `((?:mcp|skill):[^`]+)` 失败$/, function (this: SynapseWorld, command: string) {
  tools(this).pendingToolArgs = { command };
});

Given(/^命令执行成功（如 `(.+)`）$/, function (this: SynapseWorld, command: string) {
  tools(this).pendingToolArgs = { command };
});

When(/^(?:调用 Bash 工具|Bash 工具组装失败信息|Bash 工具返回错误|BashTool 组装错误消息|返回错误消息|BashTool 返回结果)$/, async function (this: SynapseWorld) {
  await tools(this).callTool();
});

Then(/^(?:返回应标记为|失败类别应为) `(\w+)`$/, function (this: SynapseWorld, category: string) {
  const result = tools(this).toolResult;
  expect(result.isError).to.equal(true);
  expect(result.extras?.failureCategory).to.equal(category);
});

Then(exactly('提示中应包含正确示例 `Bash(command="...")`'), function (this: SynapseWorld) {
  const { message, extras } = tools(this).toolResult;
  expect(message).to.include('Bash(command="...")');
  expect(message).to.match(/Bash\(command="[^".]+"\)/); // and a concrete one
  expect(extras?.exitCode, 'nothing should have run').to.equal(undefined);
});

Then(exactly('返回应说明“不要在 command 内再包裹 Bash(...)”'), function (this: SynapseWorld) {
  const { message, extras } = tools(this).toolResult;
  expect(message).to.include('Do not wrap Bash(...) inside command');
  expect(message).to.include('Bash(command="ls -la")'); // the unwrapped call
  expect(extras?.exitCode, 'nothing should have run').to.equal(undefined);
});

/** What the scenario's last action showed: the REPL's output or screen, the Bash tool's, or a routed command's stdout. */
async function shownOutput(world: SynapseWorld): Promise<string> {
  const repl = world.use(ChatContext).lastOutput;
  if (repl !== undefined) return repl;
  const terminal = world.use(ChatTerminalContext).terminal;
  if (terminal) return terminal.screen;
  return tools(world).hasToolResult ? tools(world).toolResult.output : (await tools(world).result()).stdout;
}

Then(/^输出应包含 `([^`]+)`$/, async function (this: SynapseWorld, text: string) {
  expect(await shownOutput(this)).to.include(text);
});

Then('指导模型先学习用法后重试', function (this: SynapseWorld) {
  const { message, extras } = tools(this).toolResult;
  expect(extras?.failureCategory).to.equal('invalid_usage');
  expect(message).to.include('Usage: read <path>');
  expect(message).to.match(/learn the usage first with Bash\(command="read --help"\), then retry/);
});

Then('输出应包含 `[stderr]` 与原始错误文本', async function (this: SynapseWorld) {
  const { output } = tools(this).toolResult;
  const reference = runWithBashC((tools(this).pendingToolArgs as { command: string }).command, await this.tempDir());
  expect(reference.stderr).to.not.equal('');
  expect(output).to.include(`[stderr]\n${reference.stderr}`);
});

Then(/^message 中应提供 `--help` 或同等修复建议$/, function (this: SynapseWorld) {
  const { message, extras } = tools(this).toolResult;
  // The scenario's failing command is `ls ./no-such-entry` (see "命令执行得到 `exitCode != 0` 且含 stderr").
  expect(extras?.baseCommand).to.equal('ls');
  expect(message).to.include('Bash(command="ls --help")');
});

Then(/^(?:message 应包含 `--help` 建议|提示中应包含 `--help`)$/, function (this: SynapseWorld) {
  const { isError, message } = tools(this).toolResult;
  expect(isError).to.equal(true);
  expect(message).to.include('--help');
});

Then('应包含失败命令名用于定位', function (this: SynapseWorld) {
  const { message } = tools(this).toolResult;
  const commandName = (tools(this).pendingToolArgs as { command: string }).command.split(' ')[0];
  expect(message).to.include(`Command failed with exit code 1: ${commandName}`);
  expect(message).to.include(`Bash(command="${commandName} --help")`);
});

Then(/^应包含原命令标识 `(.+)`$/, function (this: SynapseWorld, id: string) {
  const { message, extras } = tools(this).toolResult;
  expect(extras?.baseCommand).to.equal(id);
  expect(message).to.include(`Bash(command="${id} --help")`);
});

Then('`isError` 应为 `false`', async function (this: SynapseWorld) {
  const { isError, output } = tools(this).toolResult;
  expect(isError).to.equal(false);
  expect(output).to.equal(runWithBashC((tools(this).pendingToolArgs as { command: string }).command, await this.tempDir()).stdout);
});

Then('message 中不应包含 `Hint:` 或失败修复提示', function (this: SynapseWorld) {
  const { message } = tools(this).toolResult;
  expect(message).to.not.include('Hint:');
  expect(message).to.not.include('--help');
  expect(message).to.not.match(/failed|retry/i);
});

// --- Our own router scenarios (features/bash-router.feature) ---------------------------------------

const pidIn = async (world: SynapseWorld, file: string) => tools(world).hostPid(Number(await tools(world).readWorkspaceFile(file)));

// Approving every ask lets commands the default policy asks about (dd, git push, ...) reach the read-only screen.
Given(/^只读的 Router 已就绪(，权限询问一律批准)?$/, async function (this: SynapseWorld, approveAll: string | undefined) {
  tools(this).routerOptions.readOnly = true;
  if (approveAll) tools(this).routerOptions.security = { approveAll: true };
  await tools(this).router();
  await tools(this).writeWorkspaceFile(WORKSPACE_FILE, WORKSPACE_FILE_SEED);
});

Then('只读的 Router 对下表的每条命令，拒绝理由应如表所示（空白表示照常执行并成功）:', async function (this: SynapseWorld, table: DataTable) {
  for (const { 命令: command, 拒绝理由: reason } of table.hashes()) {
    const { stderr, exitCode } = await tools(this).run(command);
    if (!reason) expect({ exitCode, stderr }, command).to.deep.equal({ exitCode: 0, stderr: '' });
    else expect({ refusal: stderr.startsWith(`read-only: ${reason}, which is not allowed here.`), exitCode }, `${command}: ${stderr}`).to.deep.equal({ refusal: true, exitCode: 1 });
  }
});

Given(/^工作区文件 `(.+)` 的内容为 "(.*)"$/, async function (this: SynapseWorld, name: string, content: string) {
  await tools(this).writeWorkspaceFile(name, unescapeStepText(content));
});

Given('Router 注入了记录请求的 SubAgent 执行器', async function (this: SynapseWorld) {
  const context = tools(this);
  context.routerOptions.subAgentExecutorFactory = (type) => {
    if (type === 'nope') throw new Error(`Unknown task type: ${type}`);
    return {
      execute: async (request) => {
        context.taskRequests.push(request);
        return { stdout: `done: ${request.prompt}\n`, stderr: '', exitCode: 0 };
      },
    };
  };
  await context.router();
});

Given(/^Router 注入了只认识服务器 "(.+)" 的 MCP 处理器$/, async function (this: SynapseWorld, known: string) {
  tools(this).routerOptions.extensions = {
    mcp: (target, args) => {
      const [server, tool] = target.split(':');
      return server === known
        ? { stdout: `${server}/${tool} [${args.map((arg) => `'${arg}'`).join(',')}]\n`, stderr: '', exitCode: 0 }
        : { stdout: '', stderr: `Unknown MCP server: ${server}\n`, exitCode: 1, failureCategory: 'command_not_found' };
    },
  };
  await tools(this).router();
});

Given('Router 注入了会抛出异常的 skill 处理器', async function (this: SynapseWorld) {
  tools(this).routerOptions.extensions = {
    skill: () => {
      throw new Error('the skill exploded');
    },
  };
  await tools(this).router();
});

Given('Router 注入了从不结束、也不理会取消的 skill 处理器', async function (this: SynapseWorld) {
  tools(this).routerOptions.extensions = { skill: () => new Promise(() => {}) };
  await tools(this).router();
});

When(/^路由命令 `(.+)` 并在 (\d+) 毫秒后取消$/, async function (this: SynapseWorld, command: string, delay: string) {
  const routed = (await tools(this).router()).route(command);
  setTimeout(() => routed.cancel(), Number(delay));
  tools(this).record(command, await routed);
});

When(/^路由命令 `(.+)`$/, async function (this: SynapseWorld, command: string) {
  await tools(this).run(command);
});

When('路由命令:', async function (this: SynapseWorld, command: string) {
  await tools(this).run(command);
});

When(/^以 restart=true 路由命令 `(.+?)`( 并立即取消)?$/, async function (this: SynapseWorld, command: string, cancel: string | undefined) {
  const routed = (await tools(this).router()).route(command, true);
  if (cancel) routed.cancel();
  tools(this).record(command, await routed);
});

When('关闭路由器', async function (this: SynapseWorld) {
  await (await tools(this).router()).close();
});

When(/^用 AbortSignal 调用 Bash 工具执行 `(.+)` 并在它启动后中止$/, async function (this: SynapseWorld, command: string) {
  const controller = new AbortController();
  const pending = (await tools(this).tool()).execute({ command }, { signal: controller.signal });
  await waitForFile(await tools(this).workspacePath(/> (\S+\.pid)/.exec(command)![1]));
  tools(this).noteSandboxPids();
  controller.abort();
  tools(this).pendingToolArgs = { command };
  tools(this).recordToolResult(await pending);
});

When(/^用已经中止的 AbortSignal 调用 Bash 工具执行 `(.+)`$/, async function (this: SynapseWorld, command: string) {
  tools(this).pendingToolArgs = { command };
  tools(this).recordToolResult(await (await tools(this).tool()).execute({ command }, { signal: AbortSignal.abort() }));
});

When(/^用同一个 AbortSignal 调用 Bash 工具 (\d+) 次执行 `(.+)`$/, async function (this: SynapseWorld, times: string, command: string) {
  const signal = new AbortController().signal;
  tools(this).sharedSignal = signal;
  for (let call = 0; call < Number(times); call++) await tools(this).callTool({ command }, { signal });
});

Then('这个 AbortSignal 上不应留下监听器', function (this: SynapseWorld) {
  expect(getEventListeners(tools(this).sharedSignal!, 'abort')).to.have.length(0);
});

When(/^以 JSON 参数 `(.+)` 调用 Bash 工具并立即取消$/, async function (this: SynapseWorld, json: string) {
  const args: unknown = JSON.parse(json);
  const pending = (await tools(this).tool()).execute(args);
  pending.cancel();
  tools(this).pendingToolArgs = args;
  tools(this).recordToolResult(await pending);
});

When(/^通过持有 Router 的对象构造的 Bash 工具执行 `(.+)`$/, async function (this: SynapseWorld, command: string) {
  tools(this).pendingToolArgs = { command };
  tools(this).recordToolResult(await new BashTool({ router: await tools(this).router() }).execute({ command }));
});

When(/^通过 Bash 工具执行 `(.+)`$/, async function (this: SynapseWorld, command: string) {
  await tools(this).callTool({ command });
});

When(/^以 JSON 参数 `(.+)` 调用 Bash 工具$/, async function (this: SynapseWorld, json: string) {
  await tools(this).callTool(JSON.parse(json));
});

Then('标准输出应为:', async function (this: SynapseWorld, expected: string) {
  const workspace = await this.tempDir();
  expect((await tools(this).result()).stdout).to.equal(expected.replaceAll('{workspace}', workspace));
});

Then(/^标准输出应以 `(.+)` 开头$/, async function (this: SynapseWorld, prefix: string) {
  expect((await tools(this).result()).stdout.startsWith(prefix)).to.equal(true);
});

Then(/^命令结果应为 stdout "(.*?)"(?:、stderr "(.*?)")?、退出码 (\d+)$/, async function (this: SynapseWorld, stdout: string, stderr: string | null, code: string) {
  const result = await tools(this).result();
  expect(result.stdout).to.equal(unescapeStepText(stdout));
  if (stderr != null) expect(result.stderr).to.equal(unescapeStepText(stderr));
  expect(result.exitCode).to.equal(Number(code));
});

Then(/^命令结果的失败类别应为 `(\w+)`$/, async function (this: SynapseWorld, category: string) {
  expect((await tools(this).result()).failureCategory).to.equal(category);
});

Then(/^路由器的当前目录应为工作区下的 `(.+)`$/, async function (this: SynapseWorld, relative: string) {
  expect((await tools(this).router()).cwd).to.equal(join(await this.tempDir(), relative));
});

Then(/^标准输出应带截断标记，保留的字节数与省略的字节数之和为 (\d+)$/, async function (this: SynapseWorld, total: string) {
  const { stdout, exitCode } = await tools(this).result();
  expect(exitCode).to.equal(0);
  const marker = /\n\[output truncated: (\d+) bytes omitted\]\n/.exec(stdout);
  expect(marker, 'a truncation marker').to.not.equal(null);
  const kept = stdout.length - marker![0].length;
  expect(kept).to.be.below(Number(total) / 2);
  expect(kept + Number(marker![1])).to.equal(Number(total));
});

/**
 * Which chunks the pipe delivers decides how much of the end survives, so the shape is checked, not the bytes:
 * either everything, or exactly the first N bytes, the marker, and an end of the output, adding up to all of it.
 */
Then(/^(stdout|stderr) 应为 "(.*)" 或它保留开头 (\d+) 字节与一段结尾、中间标注省略字节数的样子$/, async function (this: SynapseWorld, stream: 'stdout' | 'stderr', text: string, head: string) {
  const full = unescapeStepText(text);
  const actual = (await tools(this).result())[stream];
  if (actual === full) return;
  const match = /^([\s\S]*?)\n\[output truncated: (\d+) bytes omitted\]\n([\s\S]*)$/.exec(actual);
  expect(match, `${stream}: ${JSON.stringify(actual)}`).to.not.equal(null);
  const [, kept, omitted, end] = match!;
  expect({ kept, endOfOutput: full.endsWith(end), total: kept.length + Number(omitted) + end.length }).to.deep.equal({ kept: full.slice(0, Number(head)), endOfOutput: true, total: full.length });
});

Then(/^命令应在 (\d+) 毫秒内结束$/, function (this: SynapseWorld, limit: string) {
  expect(tools(this).lastElapsedMs).to.be.below(Number(limit));
});

Then(/^`(.+)` 记录的进程应已结束$/, async function (this: SynapseWorld, file: string) {
  const pid = await pidIn(this, file);
  expect(pid).to.be.greaterThan(0);
  expect(await waitForProcessExit(pid), `process ${pid} should be gone`).to.equal(true);
});

Then(/^工作区中不应存在文件 `(.+)`$/, async function (this: SynapseWorld, name: string) {
  expect(existsSync(await tools(this).workspacePath(name))).to.equal(false);
});

Then(/^工作区文件 `(.+)` 的内容应为 "(.*)"$/, async function (this: SynapseWorld, name: string, content: string) {
  await tools(this).result();
  expect(await tools(this).readWorkspaceFile(name)).to.equal(unescapeStepText(content));
});

Then(/^Bash 工具结果应为中断错误，退出码 (\d+)$/, function (this: SynapseWorld, code: string) {
  const { isError, message, extras } = tools(this).toolResult;
  expect(isError).to.equal(true);
  expect(extras?.exitCode).to.equal(Number(code));
  expect(message).to.include('Command interrupted');
});

Then(/^Bash 工具结果应为失败，类别 `(\w+)`(?:，退出码 (\d+))?$/, function (this: SynapseWorld, category: string, code: string | null) {
  const { isError, extras } = tools(this).toolResult;
  expect(isError).to.equal(true);
  expect(extras?.failureCategory).to.equal(category);
  if (code != null) expect(extras?.exitCode).to.equal(Number(code));
});

Then(/^Bash 工具消息应包含 `(.+)`$/, function (this: SynapseWorld, text: string) {
  expect(tools(this).toolResult.message).to.include(text);
});

/** Each field the table names, exactly: isError, message, output, brief, and the extras (exitCode, failureCategory, baseCommand). */
Then('Bash 工具结果应为:', async function (this: SynapseWorld, table: DataTable) {
  const { isError, message, output, brief, extras } = tools(this).toolResult;
  const workspace = await this.tempDir();
  const actual: Record<string, unknown> = { isError, message, output, brief, ...extras };
  for (const [field, expected] of Object.entries(table.rowsHash())) expect(String(actual[field]), field).to.equal(expected.replaceAll('{workspace}', workspace));
});

Then('Bash 工具消息应为:', function (this: SynapseWorld, expected: string) {
  expect(tools(this).toolResult.message).to.equal(expected);
});

Then(/^Bash 工具的定义应只有必填字符串参数 `(\w+)`$/, async function (this: SynapseWorld, name: string) {
  const tool = await tools(this).tool();
  expect(tool.name).to.equal('Bash');
  expect(tool.definition.function.name).to.equal('Bash');
  const parameters = tool.definition.function.parameters as { properties: Record<string, { type: string }>; required: string[] };
  expect(Object.keys(parameters.properties)).to.deep.equal([name]);
  expect(parameters.properties[name].type).to.equal('string');
  expect(parameters.required).to.deep.equal([name]);
});

Then(/^Bash 工具的描述应提到 "(.+)"$/, async function (this: SynapseWorld, list: string) {
  const description = (await tools(this).tool()).definition.function.description ?? '';
  for (const form of list.split(', ')) expect(description).to.include(form);
});

Then(/^子代理执行器收到的请求应为类型 "(.*)"、prompt "(.*)"、description "(.*)"$/, function (this: SynapseWorld, type: string, prompt: string, description: string) {
  const [request, ...more] = tools(this).taskRequests;
  expect(more).to.be.empty;
  expect(request).to.deep.equal({ type, prompt, ...(description ? { description } : {}), command: tools(this).lastCommand });
});

Given('工作区中有文件 {string}', async function (this: SynapseWorld, list: string) {
  for (const name of list.split(', ')) await tools(this).writeWorkspaceFile(name, 'x\n');
});

Then('glob 列出的文件应为 {string}', async function (this: SynapseWorld, list: string) {
  const { stdout, exitCode } = await tools(this).result();
  expect(exitCode).to.equal(0);
  // `Router 已就绪` leaves its own file in the workspace; no pattern here names it.
  expect(stdout).to.equal(list === '无' ? `No files match ${tools(this).lastCommand!.slice('glob "'.length, -1)}\n` : `${list.split(', ').join('\n')}\n`);
});
