import { readdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { ContextManagementContext, filler, pastedRequestAndOneResult, toolRound } from './support/context-context';
import type { SynapseWorld } from './support/world';

const ctx = (world: SynapseWorld) => world.use(ContextManagementContext);
const REFERENCE = /^Tool result is at: (\S+)$/;

// --- Offload (part03) ----------------------------------------------------------------------------------

Given('`ContextManager.offloadThreshold` 高于当前历史 token', function (this: SynapseWorld) {
  const c = ctx(this);
  c.messages = [{ role: 'user', content: 'Read the log.' }, ...toolRound('call_1', 'cat app.log', filler(800, 'log')), { role: 'assistant', content: 'Read it.' }];
  c.options.offloadThreshold = c.tokens() + 1000;
});

Given('历史中包含超长 `tool` 消息文本', function (this: SynapseWorld) {
  const c = ctx(this);
  c.messages = [
    { role: 'user', content: 'Read the log, then the notes.' },
    ...toolRound('call_1', 'cat app.log', filler(2000, 'long log')),
    ...toolRound('call_2', 'cat notes.txt', 'short notes'),
    { role: 'assistant', content: 'Both read.' },
  ];
});

Given('当前 token 超过 offload 阈值', function (this: SynapseWorld) {
  ctx(this).options.offloadThreshold = Math.floor(ctx(this).tokens() / 2);
});

When('调用 `offloadIfNeeded\\(messages)`', async function (this: SynapseWorld) {
  const c = ctx(this);
  c.offloadResult = await (await c.offloader()).offloadIfNeeded(c.messages);
});

When('`offloadIfNeeded\\(messages)` 返回结果', async function (this: SynapseWorld) {
  const c = ctx(this);
  c.offloadResult = await (await c.offloader()).offloadIfNeeded(c.messages);
});

Then('`offloadedCount` 应为 `{int}`', function (this: SynapseWorld, count: number) {
  expect(ctx(this).offloadResult!.offloadedCount).to.equal(count);
});

Then('返回消息应与输入一致', async function (this: SynapseWorld) {
  const c = ctx(this);
  expect(c.offloadResult!.messages).to.deep.equal(c.messages);
  expect(await readdir((await c.store()).dir).catch(() => [])).to.deep.equal([]);
});

Then('目标 tool 消息应被替换为 `Tool result is at: <path>`', async function (this: SynapseWorld) {
  const c = ctx(this);
  const replaced = c.offloadResult!.messages[2]!;
  const path = REFERENCE.exec(replaced.content ?? '')?.[1];
  expect(path, String(replaced.content)).to.be.a('string');
  expect(dirname(path!)).to.equal((await c.store()).dir);
  // The file holds the result exactly; the short result and every other message are untouched.
  expect(await readFile(path!, 'utf8')).to.equal(c.messages[2]!.content);
  expect(replaced.tool_call_id).to.equal('call_1');
  expect(c.offloadResult!.messages.filter((_, i) => i !== 2)).to.deep.equal(c.messages.filter((_, i) => i !== 2));
  expect(c.offloadResult!.offloadedCount).to.equal(1);
});

Given('`scanRatio=0.5` 且前后半区都存在 tool 消息', function (this: SynapseWorld) {
  const c = ctx(this);
  // Eight messages: rounds 1 and 2 in the first half, rounds 3 and 4 in the second; every result is long.
  c.messages = [1, 2, 3, 4].flatMap((n) => toolRound(`call_${n}`, `cat part-${n}.txt`, filler(600, `part ${n}`)));
  c.options.scanRatio = 0.5;
  c.options.offloadThreshold = 100;
});

Then('仅前半区满足条件的 tool 消息会被 offload', function (this: SynapseWorld) {
  const { messages, offloadedCount } = ctx(this).offloadResult!;
  expect(offloadedCount).to.equal(2);
  const offloaded = messages.map((message, i) => (message.role === 'tool' && REFERENCE.test(message.content ?? '') ? i : -1)).filter((i) => i >= 0);
  expect(offloaded).to.deep.equal([1, 3]);
  expect(messages.slice(4)).to.deep.equal(ctx(this).messages.slice(4));
});

Given('tool 文本长度小于等于 `minChars`', function (this: SynapseWorld) {
  const c = ctx(this);
  c.options.minChars = 500;
  c.messages = [
    { role: 'user', content: 'Two files, please.' },
    ...toolRound('call_short', 'cat short.txt', 'x'.repeat(500)),
    ...toolRound('call_long', 'cat long.txt', filler(300, 'long')),
    { role: 'assistant', content: 'Read both.' },
    { role: 'user', content: 'Thanks.' },
    { role: 'assistant', content: 'You are welcome.' },
    { role: 'user', content: 'Bye.' },
    { role: 'assistant', content: 'Bye.' },
    { role: 'user', content: 'Really bye.' },
  ];
  c.options.offloadThreshold = 50;
});

Then('该消息应保持原样', function (this: SynapseWorld) {
  const c = ctx(this);
  const index = c.messages.findIndex((message) => message.tool_call_id === 'call_short' || message.tool_call_id === 'call_ref');
  expect(c.offloadResult!.messages[index]).to.deep.equal(c.messages[index]);
});

Then('`offloadedCount` 不增加', function (this: SynapseWorld) {
  // Only the long result (the one message beyond minChars) counts.
  const { messages, offloadedCount } = ctx(this).offloadResult!;
  expect(offloadedCount).to.equal(1);
  expect(messages.find((message) => message.tool_call_id === 'call_long')!.content).to.match(REFERENCE);
});

Given('tool 消息内容以 `Tool result is at:` 开头', async function (this: SynapseWorld) {
  const c = ctx(this);
  const path = await (await c.store()).save(filler(400, 'already offloaded'));
  c.options.minChars = 10;
  c.options.offloadThreshold = 10;
  c.options.scanRatio = 1;
  c.messages = [{ role: 'user', content: 'Look at it again.' }, ...toolRound('call_ref', 'cat big.txt', `Tool result is at: ${path}`), { role: 'assistant', content: 'Seen.' }];
});

Then('该消息应保持不变', async function (this: SynapseWorld) {
  const c = ctx(this);
  expect(c.offloadResult!.messages).to.deep.equal(c.messages);
  expect(c.offloadResult!.offloadedCount).to.equal(0);
  expect(await readdir((await c.store()).dir)).to.have.length(1);
});

Given('offload 完成后 token 仍高于阈值', function (this: SynapseWorld) {
  const c = ctx(this);
  // Most of the history is the user's own long message, which offload never touches.
  c.messages = pastedRequestAndOneResult(3000, 400);
  c.options.offloadThreshold = 2000;
});

Then('`stillExceedsThreshold` 应为 `true`', function (this: SynapseWorld) {
  const result = ctx(this).offloadResult!;
  expect(result.offloadedCount).to.equal(1);
  expect(result.currentTokens).to.be.lessThan(result.previousTokens).and.greaterThan(2000);
  expect(result.stillExceedsThreshold).to.equal(true);
});
