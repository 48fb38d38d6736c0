import { mkdir, readFile, symlink, truncate, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { fileErrorResult } from '../src/tools/agent-commands/file-errors';
import { unescapeStepText } from './support/step-text';
import { ToolsContext } from './support/tools-context';
import type { SynapseWorld } from './support/world';

const tools = (world: SynapseWorld) => world.use(ToolsContext);

Given('工作区里的 `{}` 是指向自己的符号链接', async function (this: SynapseWorld, name: string) {
  await symlink(name, await tools(this).workspacePath(name));
});

Then('主目录里的文件 `{}` 的内容应为 {string}', async function (this: SynapseWorld, name: string, content: string) {
  // HOME is the scenario's own directory (see hooks.ts).
  expect(await readFile(join(homedir(), name), 'utf8')).to.equal(content);
});

/** What an agent command reports when the file system fails on a path (a code no test machine can provoke as root, EACCES). */
When('访问 `{}` 时文件系统报告错误码 {word}', function (this: SynapseWorld, path: string, code: string) {
  tools(this).record(`(file error ${code} on ${path})`, fileErrorResult(Object.assign(new Error(`${code}: simulated failure, open '${path}'`), { code }), path));
});

When('访问 `{}` 时抛出的不是 Error 而是 {}', function (this: SynapseWorld, path: string, thrown: string) {
  const value: unknown = thrown === 'undefined' ? undefined : JSON.parse(thrown);
  tools(this).record(`(${thrown} thrown on ${path})`, fileErrorResult(value, path));
});

Given('工作区目录 `{}` 里有 {int} 个文件', async function (this: SynapseWorld, directory: string, count: number) {
  const path = await tools(this).workspacePath(directory);
  await mkdir(path, { recursive: true });
  await Promise.all(Array.from({ length: count }, (_, index) => writeFile(join(path, `f${String(index).padStart(4, '0')}.txt`), 'x\n')));
});

Given('命令里的 `\\{workspace}` 是工作区的绝对路径', async function (this: SynapseWorld) {
  tools(this).placeholders.set('workspace', await this.tempDir());
});

const outputLines = async (world: SynapseWorld) => {
  const lines = (await tools(world).result()).stdout.split('\n');
  expect(lines.pop(), 'output ends with a newline').to.equal('');
  return lines;
};

Then('标准输出应有 {int} 行', async function (this: SynapseWorld, count: number) {
  expect(await outputLines(this)).to.have.length(count);
});

Then('标准输出应有 {int} 行，最后一行是 {string}', async function (this: SynapseWorld, count: number, last: string) {
  const lines = await outputLines(this);
  expect(lines).to.have.length(count);
  expect(lines.at(-1)).to.equal(last);
});

Then('标准输出的第 {int} 行应为 {string} 后接 {int} 个 {string} 与 {string}', async function (this: SynapseWorld, line: number, head: string, count: number, letter: string, tail: string) {
  expect((await tools(this).result()).stdout.split('\n')[line - 1]).to.equal(`${unescapeStepText(head)}${letter.repeat(count)}${tail}`);
});

Given('工作区文件 `{}` 有 {int} 行 {string}，之后是到 {int} MB 的空洞', async function (this: SynapseWorld, name: string, count: number, line: string, megabytes: number) {
  // A sparse file: big on paper, cheap to make and to read.
  await tools(this).writeWorkspaceFile(name, `${line}\n`.repeat(count));
  await truncate(await tools(this).workspacePath(name), megabytes * 1024 * 1024);
});

Given('Router 注入了报告调用选项并在 Shell 中运行参数的 skill 处理器{}', async function (this: SynapseWorld, mode: string) {
  tools(this).routerOptions.readOnly = mode === '（只读）';
  tools(this).routerOptions.extensions = {
    skill: async (target, args, { cwd, readOnly, signal, runNative }) => {
      const ran = await runNative(args.join(' '));
      const report = [`target=${target}`, `cwd=${cwd}`, `readOnly=${readOnly}`, `aborted=${signal.aborted}`, `shell exit ${ran.exitCode}: ${(ran.stdout + ran.stderr).split('\n')[0]}`];
      return { stdout: `${report.join('\n')}\n`, stderr: '', exitCode: 0 };
    },
  };
  await tools(this).router();
});

Given('Router 注入了报告所收请求与取消信号的 SubAgent 执行器', async function (this: SynapseWorld) {
  tools(this).routerOptions.subAgentExecutorFactory = (type) => {
    // A factory from user code may throw anything, not only Errors.
    if (type === 'broken') throw 'no executor here';
    return {
      execute: async (request, options) => ({ stdout: `[${request.command}] signal: ${options?.signal instanceof AbortSignal ? 'given' : 'missing'}\n`, stderr: '', exitCode: 0 }),
    };
  };
  await tools(this).router();
});
