import { execFileSync } from 'node:child_process';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { contextStats } from '../src';
import { warmUpTokenizer } from '../src/session/tokenizer';
import { ToolsContext } from './support/tools-context';
import type { SynapseWorld } from './support/world';

const tools = (world: SynapseWorld) => world.use(ToolsContext);
const counted = new WeakMap<SynapseWorld, { tokens: number; ms: number }>();

Given('工作区文件 `{}` 是一行 {int} 个 {string} 再加一个 {string}', async function (this: SynapseWorld, name: string, count: number, letter: string, last: string) {
  await tools(this).writeWorkspaceFile(name, `${letter.repeat(count)}${last}\n`);
});

Given('工作区文件 `{}` 有 {int} 行 {string}', async function (this: SynapseWorld, name: string, count: number, line: string) {
  await tools(this).writeWorkspaceFile(name, `${line}\n`.repeat(count));
});

Given('工作区里有一个 FIFO `{}`', async function (this: SynapseWorld, name: string) {
  execFileSync('mkfifo', [await tools(this).workspacePath(name)]);
});

Then('标准输出应少于 {int} KiB', async function (this: SynapseWorld, kib: number) {
  const { stdout, exitCode } = await tools(this).result();
  expect(exitCode).to.equal(0);
  expect(Buffer.byteLength(stdout)).to.be.below(kib * 1024);
});

Given('Router 注入了返回 {int} 字节输出的 MCP 处理器', async function (this: SynapseWorld, size: number) {
  tools(this).routerOptions.extensions = { mcp: () => ({ stdout: 'm'.repeat(size), stderr: '', exitCode: 0 }) };
  await tools(this).router();
});

Given('Router 注入了一个 MCP 处理器，它的输出是 {int} 个 {string} 再加 {string}', async function (this: SynapseWorld, count: number, character: string, end: string) {
  tools(this).routerOptions.extensions = { mcp: () => ({ stdout: character.repeat(count) + end, stderr: '', exitCode: 0 }) };
  await tools(this).router();
});

Then(
  '标准输出应带截断标记，两边都是完整的字符，首尾各保留最多 {int} 字节、少也少不到一个字符，保留的字节数与省略的字节数之和为 {int}',
  async function (this: SynapseWorld, half: number, total: number) {
    const { stdout } = await tools(this).result();
    const match = /^([\s\S]*)\n\[output truncated: (\d+) bytes omitted\]\n([\s\S]*)$/.exec(stdout);
    expect(match, 'a truncation marker').to.not.equal(null);
    const [, head, omitted, tail] = match!;
    expect(stdout, 'a replacement character where a character was cut').to.not.include('\uFFFD');
    for (const kept of [head!, tail!]) expect(Buffer.byteLength(kept)).to.be.within(half - 3, half);
    expect(Buffer.byteLength(head!) + Number(omitted) + Buffer.byteLength(tail!)).to.equal(total);
  },
);

When('统计一条内容为 {int} 个 {string} 的工具消息的上下文', function (this: SynapseWorld, count: number, letter: string) {
  warmUpTokenizer(); // building the encoder is a one-time cost, not counting
  const started = performance.now();
  const stats = contextStats([{ role: 'tool', tool_call_id: 'call_1', content: letter.repeat(count) }]);
  counted.set(this, { tokens: stats.tokenCount, ms: performance.now() - started });
});

Then('计数应在 {int} 毫秒内完成，token 数大于 0', function (this: SynapseWorld, limit: number) {
  const { tokens, ms } = counted.get(this)!;
  expect(tokens).to.be.greaterThan(0);
  expect(ms).to.be.below(limit);
});
