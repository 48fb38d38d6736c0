import { access, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { restoreOffloaded } from '../src';
import { ContextManagementContext, filler, longConversation, toolRound } from './support/context-context';
import { LLM_MODEL } from './support/llm-mock';
import type { SynapseWorld } from './support/world';

const ctx = (world: SynapseWorld) => world.use(ContextManagementContext);
const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** The transcript the summary request carried (its last message). */
function summarized(world: SynapseWorld): string {
  return world.llm.requests.at(-1)!.messages.at(-1)!.content ?? '';
}

// --- Restoring offloaded references (part05) ------------------------------------------------------------

Given('历史中同时存在 `tool` 与 `user` 消息且都包含 `Tool result is at:` 文本', async function (this: SynapseWorld) {
  const c = ctx(this);
  const path = await (await c.store()).save('the offloaded build log');
  c.messages = [{ role: 'user', content: `Tool result is at: ${path}` }, ...toolRound('call_1', 'npm run build', `Tool result is at: ${path}`)];
});

When('执行压缩前的引用恢复', async function (this: SynapseWorld) {
  const c = ctx(this);
  c.restored = await restoreOffloaded(c.messages, await c.store());
});

Then('只应替换 `tool` 消息内容', function (this: SynapseWorld) {
  expect(ctx(this).restored![2]).to.deep.equal({ role: 'tool', tool_call_id: 'call_1', content: 'the offloaded build log' });
});

Then('非 `tool` 消息应保持原文不变', function (this: SynapseWorld) {
  const c = ctx(this);
  expect(c.restored!.slice(0, 2)).to.deep.equal(c.messages.slice(0, 2));
});

Given('`tool` 消息引用了 offload 目录之外的绝对路径', async function (this: SynapseWorld) {
  const c = ctx(this);
  const outside = join(await this.tempDir(), 'secrets.txt');
  await writeFile(outside, 'API_TOKEN=do-not-leak');
  // Inside the store's directory by name only (../), and a plain path elsewhere: neither is the store's.
  await (await c.store()).save('a real offloaded result');
  c.messages = [...toolRound('call_1', 'cat secrets.txt', `Tool result is at: ${outside}`), ...toolRound('call_2', 'cat secrets.txt', `Tool result is at: ${(await c.store()).dir}/../secrets.txt`)];
});

When('执行内容恢复', async function (this: SynapseWorld) {
  const c = ctx(this);
  c.restored = await restoreOffloaded(c.messages, await c.store());
});

Then('应跳过该引用不读取文件', function (this: SynapseWorld) {
  expect(JSON.stringify(ctx(this).restored)).not.to.contain('do-not-leak');
});

Then('原消息内容保持不变', function (this: SynapseWorld) {
  expect(ctx(this).restored).to.deep.equal(ctx(this).messages);
});

Given('`tool` 消息引用的 offload 文件已不存在', async function (this: SynapseWorld) {
  const c = ctx(this);
  c.messages = longConversation(4, 200);
  const store = await c.store();
  c.missingPath = join(store.dir, 'result-0123456789abcdef.txt');
  c.messages[2] = { ...c.messages[2]!, content: `Tool result is at: ${c.missingPath}` };
  c.scriptSummary();
});

When('执行恢复流程', async function (this: SynapseWorld) {
  const c = ctx(this);
  c.compactResult = await (await c.compactor()).compact(c.messages);
});

Then('该消息应替换为 `[Content unavailable: <path>]`', function (this: SynapseWorld) {
  expect(summarized(this)).to.contain(`[tool result call_1]\n[Content unavailable: ${ctx(this).missingPath}]`);
});

Then('压缩流程不应因此中断', function (this: SynapseWorld) {
  const result = ctx(this).compactResult!;
  expect(result.success).to.equal(true);
  expect(result.summarizedCount).to.be.greaterThan(0);
});

Given('末尾保留消息中仍包含 `Tool result is at: <file>` 引用', async function (this: SynapseWorld) {
  const c = ctx(this);
  const store = await c.store();
  c.messages = longConversation(5, 200);
  c.oldFile = await store.save(filler(300, 'old result'));
  c.keptFile = await store.save(filler(300, 'recent result'));
  c.messages[2] = { ...c.messages[2]!, content: `Tool result is at: ${c.oldFile}` };
  // The last round (kept verbatim by the compaction) refers to the other file.
  c.messages[c.messages.length - 2] = { ...c.messages.at(-2)!, content: `Tool result is at: ${c.keptFile}` };
  c.scriptSummary();
});

When('执行 compact 清理阶段', async function (this: SynapseWorld) {
  const c = ctx(this);
  c.compactResult = await (await c.compactor()).compact(c.messages);
});

Then('该文件不应被删除', async function (this: SynapseWorld) {
  const c = ctx(this);
  expect(await exists(c.keptFile!)).to.equal(true);
  expect(c.compactResult!.deletedFiles).to.deep.equal([c.oldFile]);
});

Then('保留区消息应继续保持路径引用形式', function (this: SynapseWorld) {
  const c = ctx(this);
  expect(c.compactResult!.messages.at(-2)).to.deep.equal(c.messages.at(-2));
  // The summarized part was restored for the summary: the old result's words reached the model.
  expect(summarized(this)).to.contain('[old result]');
});

// --- Retry and fallback ---------------------------------------------------------------------------------

Given('总结生成第一次调用失败且 `retryCount>=2`', function (this: SynapseWorld) {
  const c = ctx(this);
  c.messages = longConversation(4, 200);
  c.options.compactRetries = 2;
  this.llm.reply({ when: 'Summarize the conversation transcript', error: { status: 500, message: 'overloaded' } });
  c.scriptSummary('Four logs read.');
});

When('执行 compact', async function (this: SynapseWorld) {
  const c = ctx(this);
  c.compactResult = await (await c.compactor()).compact(c.messages);
});

Then('应按重试策略进行下一次调用', function (this: SynapseWorld) {
  expect(this.llm.requests).to.have.length(2);
  expect(this.llm.requests[1]!.messages).to.deep.equal(this.llm.requests[0]!.messages);
  expect(ctx(this).compactResult!.attempts).to.equal(2);
  expect(ctx(this).warnings).to.deep.equal(['summary attempt 1 of 3 failed: 500 overloaded']);
});

Then('后续成功时整体压缩结果应为 `success=true`', function (this: SynapseWorld) {
  const result = ctx(this).compactResult!;
  expect(result.success).to.equal(true);
  expect(result.messages[1]!.content).to.contain('Four logs read.');
});

Given('总结生成连续失败直至重试耗尽', function (this: SynapseWorld) {
  const c = ctx(this);
  c.messages = longConversation(4, 200);
  c.options.compactRetries = 2;
  for (let i = 0; i < 3; i++) this.llm.reply({ when: 'Summarize the conversation transcript', error: { status: 503, message: 'unavailable' } });
});

Then('返回应为 `success=false`', function (this: SynapseWorld) {
  expect(ctx(this).compactResult!.success).to.equal(false);
  expect(ctx(this).compactResult!.error).to.equal('503 unavailable');
  expect(this.llm.requests).to.have.length(3);
});

Then('`messages` 应等于原始历史且 `freedTokens=0`', function (this: SynapseWorld) {
  const result = ctx(this).compactResult!;
  expect(result.messages).to.deep.equal(ctx(this).messages);
  expect(result.freedTokens).to.equal(0);
});

Given('历史消息数量 `<= preserveCount`', function (this: SynapseWorld) {
  const c = ctx(this);
  c.options.preserveCount = 5;
  // Five messages (a request, two tool rounds), more tokens than a compaction would keep: the count alone decides.
  c.options.preserveTokens = 100;
  c.messages = longConversation(2, 200).slice(0, 5);
});

Then('不应触发 LLM 总结调用', function (this: SynapseWorld) {
  expect(this.llm.requests).to.have.length(0);
});

Then('结果应保持原历史并返回 `freedTokens=0`', function (this: SynapseWorld) {
  const result = ctx(this).compactResult!;
  expect(result.messages).to.deep.equal(ctx(this).messages);
  expect(result).to.deep.include({ success: true, freedTokens: 0, summarizedCount: 0 });
});

// --- Cleanup of offloaded files --------------------------------------------------------------------------

Given('offload 目录中多个文件且其中一个删除会抛错', async function (this: SynapseWorld) {
  const c = ctx(this);
  const store = await c.store();
  c.messages = longConversation(6, 200);
  // Results 1-3 are offloaded; the compaction summarizes them (the last rounds stay verbatim).
  for (const n of [1, 2, 3]) c.messages[n * 2] = { ...c.messages[n * 2]!, content: `Tool result is at: ${await store.save(filler(100, `result ${n}`))}` };
  // A directory named like an offloaded file: removing it fails (it is not a file).
  c.undeletable = join(store.dir, 'result-ffffffffffffffff.txt');
  await mkdir(c.undeletable);
  await writeFile(join(c.undeletable, 'inside'), 'x');
  c.scriptSummary();
});

When('执行清理', async function (this: SynapseWorld) {
  const c = ctx(this);
  c.compactResult = await (await c.compactor()).compact(c.messages);
});

Then('其余可删文件应继续删除成功', async function (this: SynapseWorld) {
  const c = ctx(this);
  expect(c.compactResult!.deletedFiles).to.have.length(3);
  expect(await readdir((await c.store()).dir)).to.deep.equal(['result-ffffffffffffffff.txt']);
});

Then('流程仅记录告警而不抛出整体异常', function (this: SynapseWorld) {
  const c = ctx(this);
  expect(c.compactResult!.success).to.equal(true);
  expect(c.warnings).to.have.length(1);
  expect(c.warnings[0]).to.contain(`an offloaded file could not be deleted (${c.undeletable}`);
});

Given('`retainedFiles` 集合包含当前会话仍被引用的文件', async function (this: SynapseWorld) {
  const c = ctx(this);
  const store = await c.store();
  c.keptFile = await store.save('still referenced');
  c.oldFile = await store.save('no longer referenced');
  c.retained = new Set([c.keptFile]);
});

When('执行 cleanupOffloadedFiles', async function (this: SynapseWorld) {
  const c = ctx(this);
  c.cleanup = await (await c.store()).cleanup(c.retained);
});

Then('被引用文件不应删除', async function (this: SynapseWorld) {
  const c = ctx(this);
  expect(await exists(c.keptFile!)).to.equal(true);
  expect(await exists(c.oldFile!)).to.equal(false);
});

Then('返回的 deleted 列表不应包含这些路径', function (this: SynapseWorld) {
  const c = ctx(this);
  expect(c.cleanup!.deleted).to.deep.equal([c.oldFile]);
  expect(c.cleanup!.failed).to.deep.equal([]);
});

// --- The compaction model --------------------------------------------------------------------------------

Given('compact options 未设置 `model`', function (this: SynapseWorld) {
  const c = ctx(this);
  c.messages = longConversation(4, 200);
  delete c.options.compactModel;
  c.scriptSummary('Summary by the same model.');
});

Then('不应调用 `withModel` 切换模型', function (this: SynapseWorld) {
  expect(this.llm.requests).to.have.length(1);
  expect(this.llm.requests[0]!.model).to.equal(LLM_MODEL);
});

Then('仍应正常完成摘要生成', function (this: SynapseWorld) {
  const result = ctx(this).compactResult!;
  expect(result.success).to.equal(true);
  expect(result.messages[1]!.content).to.contain('Summary by the same model.');
});
