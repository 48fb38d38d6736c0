import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { SessionStore, type ChatMessage } from '../src';
import { MISSING_RESULT_TEXT } from '../src/session';
import { protocolViolations } from './support/protocol';
import { RunnerContext } from './support/runner-context';
import type { SynapseWorld } from './support/world';

const runner = (world: SynapseWorld) => world.use(RunnerContext);

const opening: ChatMessage[] = [
  { role: 'user', content: 'Check the build.' },
  { role: 'assistant', content: '', tool_calls: [{ id: 'call_ok', type: 'function', function: { name: 'Bash', arguments: '{"command":"npm run build"}' } }] },
  { role: 'tool', tool_call_id: 'call_ok', content: 'build ok' },
  { role: 'assistant', content: 'The build passes.' },
];

/** A session on disk holding `messages`, which the scenario's runner resumes. */
async function givenSession(world: SynapseWorld, messages: ChatMessage[]): Promise<void> {
  const r = runner(world);
  const session = await new SessionStore(await r.sessionsDir()).create();
  await session.append(messages);
  r.options.sessionId = session.id;
}

async function quarantined(world: SynapseWorld): Promise<string> {
  const r = runner(world);
  return readFile(join(await r.sessionsDir(), r.options.sessionId!, 'history.quarantine.jsonl'), 'utf8');
}

Given('历史中存在 assistant toolCalls 但缺失对应 tool 消息', async function (this: SynapseWorld) {
  await givenSession(this, [
    ...opening,
    { role: 'user', content: 'Deploy it.' },
    { role: 'assistant', content: '', tool_calls: [{ id: 'call_cut', type: 'function', function: { name: 'Bash', arguments: '{"command":"./deploy.sh"}' } }] },
  ]);
});

When('AgentRunner 运行新请求前执行 sanitize', async function (this: SynapseWorld) {
  this.llm.reply({ content: 'The deploy state is unknown; I will check it first.' });
  await runner(this).run('What happened?');
});

Then('悬空 toolCalls 应被移除', async function (this: SynapseWorld) {
  // Our repair keeps the valid call and answers it as interrupted: dangling, it is no more.
  for (const history of [this.llm.requests[0]!.messages, await runner(this).persistedHistory()]) {
    expect(protocolViolations(history)).to.deep.equal([]);
    expect(history.filter((message) => message.tool_call_id === 'call_cut').map((message) => message.content)).to.deep.equal([MISSING_RESULT_TEXT]);
  }
});

Then('后续请求可正常完成', function (this: SynapseWorld) {
  expect(runner(this).result).to.equal('The deploy state is unknown; I will check it first.');
});

Given('assistant toolCall.arguments 不是合法对象 JSON 字符串', async function (this: SynapseWorld) {
  await givenSession(this, [
    ...opening,
    { role: 'user', content: 'List the files.' },
    { role: 'assistant', content: '', tool_calls: [{ id: 'call_bad', type: 'function', function: { name: 'Bash', arguments: '{"command": "ls' } }] },
    { role: 'tool', tool_call_id: 'call_bad', content: 'a.txt' },
    { role: 'assistant', content: 'One file.' },
  ]);
});

Given('历史中出现没有上游 assistant toolCall 对应的 tool 消息', async function (this: SynapseWorld) {
  await givenSession(this, [
    ...opening,
    { role: 'tool', tool_call_id: 'call_nobody', content: 'a result nobody asked for' },
    { role: 'user', content: 'Anything else?' },
    { role: 'assistant', content: 'No.' },
  ]);
});

When('执行 sanitizer', async function (this: SynapseWorld) {
  this.llm.reply({ content: 'Done.' });
  await runner(this).run('Go on.');
});

Then('对应 assistant\\/tool 序列应被移除', async function (this: SynapseWorld) {
  const persisted = await runner(this).persistedHistory();
  expect(persisted.some((message) => message.tool_calls?.some((call) => call.id === 'call_bad') || message.tool_call_id === 'call_bad')).to.equal(false);
  // Removed from the history, kept in quarantine: both messages of the round.
  const lines = (await quarantined(this)).trim().split('\n');
  expect(lines).to.have.length(2);
  expect(lines[0]).to.contain('non_object_arguments').and.contain('call_bad');
  // What is valid stays: the answer after the broken round included.
  expect(persisted.map((message) => message.content)).to.include('One file.');
});

Then('不应向上游模型回放畸形协议', function (this: SynapseWorld) {
  const sent = this.llm.requests[0]!.messages;
  expect(protocolViolations(sent)).to.deep.equal([]);
  expect(JSON.stringify(sent)).not.to.contain('call_bad');
});

Then('该孤立 tool 消息应被删除', async function (this: SynapseWorld) {
  for (const history of [this.llm.requests[0]!.messages, await runner(this).persistedHistory()]) {
    expect(history.some((message) => message.tool_call_id === 'call_nobody')).to.equal(false);
    expect(protocolViolations(history)).to.deep.equal([]);
  }
  expect(await quarantined(this))
    .to.contain('orphan_tool_result')
    .and.contain('a result nobody asked for');
});
