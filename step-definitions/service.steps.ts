import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { CliContext } from './support/cli-context';
import { attachToCliService, ServiceContext } from './support/service-context';
import type { SynapseWorld } from './support/world';

const svc = (world: SynapseWorld) => world.use(ServiceContext);
const lastStream = (world: SynapseWorld) => svc(world).streams.at(-1)!;
const list = (text: string) => text.split(',').map((item) => item.trim());

// --- the service and the model

Given(/^一个(内嵌|Redis)的服务$/, async function (this: SynapseWorld, backend: string) {
  svc(this).backend = backend === 'Redis' ? 'redis' : 'embedded';
  await svc(this).start();
});

Given('一个要求令牌 {string} 的内嵌服务', async function (this: SynapseWorld, token: string) {
  svc(this).token = token;
  await svc(this).start();
});

Given('服务端的批准策略是 --approve all', function (this: SynapseWorld) {
  // Set before the service starts: the policy is the server's, fixed when it starts.
  expect(svc(this).service, 'the service started already').to.equal(undefined);
  svc(this).approveAll = true;
});

Given('一个允许来源 {string} 的内嵌服务', async function (this: SynapseWorld, origin: string) {
  svc(this).allowedOrigins = [origin];
  await svc(this).start();
});

Given('模型会问用户 {string}', function (this: SynapseWorld, question: string) {
  this.llm.reply({ content: '', toolCalls: [{ id: 'call_ask', name: 'ask_user', arguments: { question } }] });
});

Given('模型会让用户从 {string} 中选一个', function (this: SynapseWorld, options: string) {
  this.llm.reply({ content: '', toolCalls: [{ id: 'call_choose', name: 'choose', arguments: { question: 'Pick a colour', options: list(options) } }] });
});

// --- what the client does

When('客户端创建操作，提示是 {string}', async function (this: SynapseWorld, prompt: string) {
  expect((await svc(this).createOperation({ prompt })).status).to.equal(201);
});

When('客户端创建操作 {}', async function (this: SynapseWorld, body: string) {
  const reply = await svc(this).createOperation(JSON.parse(body));
  expect(reply.status, reply.text).to.equal(201);
  expect(reply.json).to.deep.equal({ operationId: svc(this).operationId, status: 'running' });
});

When('客户端批准工具调用 {string}', async function (this: SynapseWorld, toolCallId: string) {
  const reply = await svc(this).request('POST', '/v1/operations/:id/approve', JSON.stringify({ toolCallId }));
  expect(reply.status, reply.text).to.equal(202);
});

When('客户端拒绝工具调用 {string}，原因是 {string}', async function (this: SynapseWorld, toolCallId: string, reason: string) {
  const reply = await svc(this).request('POST', '/v1/operations/:id/reject', JSON.stringify({ toolCallId, reason }));
  expect(reply.status, reply.text).to.equal(202);
});

When('客户端回答 {}', async function (this: SynapseWorld, body: string) {
  const reply = await svc(this).request('POST', '/v1/operations/:id/answer', body);
  expect(reply.status, reply.text).to.equal(202);
});

When(/^客户端(中断|恢复)操作$/, async function (this: SynapseWorld, action: string) {
  const reply = await svc(this).request('POST', `/v1/operations/:id/${action === '中断' ? 'interrupt' : 'resume'}`, '{}');
  expect(reply.status, reply.text).to.equal(202);
});

When('客户端打开操作的事件流', function (this: SynapseWorld) {
  svc(this).openStream('/v1/operations/:id/events');
});

When('客户端以 Last-Event-ID {int} 打开操作的事件流', function (this: SynapseWorld, id: number) {
  svc(this).openStream('/v1/operations/:id/events', { 'last-event-id': String(id) });
});

When('客户端打开事件流 {string}', function (this: SynapseWorld, path: string) {
  svc(this).openStream(path);
});

// --- what the client sees

Then('操作应该在等待批准工具调用 {string}', async function (this: SynapseWorld, id: string) {
  // A decision just made may not be applied yet: wait for a status it leads to (an answer of 503 has none).
  const operation = await svc(this).operationWhen((op) => ['waiting_for_human_input', 'done', 'error'].includes(op.status));
  expect(operation.status).to.equal('waiting_for_human_input');
  expect(operation.waitingFor.kind).to.equal('approval');
  expect(operation.waitingFor.toolCall.id).to.equal(id);
});

Then(/^操作应该在等待(回答提问|选择) "(.*)"$/, async function (this: SynapseWorld, kind: string, prompt: string) {
  // A decision just made may not have been applied yet: wait for the question asked.
  const operation = await svc(this).operationWhen((op) => op.waitingFor?.prompt === prompt || ['done', 'error'].includes(op.status));
  expect(operation.waitingFor).to.deep.include({ kind: kind === '选择' ? 'select' : 'prompt', prompt });
});

Then(/^操作应该是 "(\w+)"(?:，共 (\d+) 步，最后一条消息是助手回答 "(.*)")?$/, async function (this: SynapseWorld, status: string, steps: number | null, answer?: string) {
  const operation = await svc(this).operationWhen((op) => op.status === status || ['done', 'error'].includes(op.status));
  expect(operation.status, JSON.stringify(operation.error)).to.equal(status);
  if (steps === null) return;
  expect(operation.stepCount).to.equal(steps);
  expect(operation.messages.at(-1)).to.deep.equal({ role: 'assistant', content: answer });
  expect(operation).to.include.keys('usage', 'costUsd');
});

Then(/^事件流应该在 "(\w+)" 之后关闭(?:，事件依次是 "(.*)")?$/, async function (this: SynapseWorld, type: string, types?: string) {
  const stream = lastStream(this);
  await stream.closed;
  expect(stream.status).to.equal(200);
  expect(stream.events.at(-1)?.event).to.equal(type);
  if (types) expect(stream.events.map((event) => event.event)).to.deep.equal(list(types));
});

Then('事件流的 id 应该从 {int} 起连续递增', function (this: SynapseWorld, first: number) {
  const ids = lastStream(this).events.map((event) => event.id);
  expect(ids).to.deep.equal(ids.map((_, i) => first + i));
  for (const event of lastStream(this).events) expect(event.data.type).to.equal(event.event);
});

Then('事件流应该收到至少 {int} 次心跳，仍然打开', async function (this: SynapseWorld, beats: number) {
  const stream = lastStream(this);
  await stream.until(() => stream.heartbeats >= beats);
  const state = await Promise.race([stream.closed.then(() => 'closed'), Promise.resolve('open')]);
  expect(state).to.equal('open');
});

Then('服务的天气工具应该以 toolCallId {string} 被执行一次', function (this: SynapseWorld, toolCallId: string) {
  expect(svc(this).weatherCalls).to.deep.equal([{ args: { city: 'Beijing' }, toolCallId }]);
});

Then('服务的天气工具不应该被执行', function (this: SynapseWorld) {
  expect(svc(this).weatherCalls).to.deep.equal([]);
});

Then('模型第 {int} 次收到的最后一条消息应该是对 {string} 的拒绝，原因是 {string}', function (this: SynapseWorld, n: number, id: string, reason: string) {
  const last = this.llm.requests[n - 1]!.messages.at(-1)!;
  expect(last).to.deep.include({ role: 'tool', tool_call_id: id });
  expect(JSON.parse(last.content!)).to.deep.equal({ rejected: true, reason });
});

Then('模型第 {int} 次收到的消息中工具结果应该依次是 {string}', function (this: SynapseWorld, n: number, results: string) {
  const tools = this.llm.requests[n - 1]!.messages.filter((message) => message.role === 'tool').map((message) => message.content);
  expect(tools).to.deep.equal(results.split(', '));
});

Then('模型第 {int} 次请求的模型应该是 {string}', function (this: SynapseWorld, n: number, model: string) {
  expect(this.llm.requests[n - 1]!.model).to.equal(model);
});

// --- bad input

When(/^客户端发送 (GET|POST) "(.*)"，请求体是 '(.*)'$/, async function (this: SynapseWorld, method: string, path: string, body: string) {
  await svc(this).request(method, path, method === 'GET' ? undefined : body);
});

When(/^客户端带着 (?:空的授权头|授权头 "(.*)") 发送 POST "(.*)"，请求体是 '(.*)'$/, async function (this: SynapseWorld, authorization: string | undefined, path: string, body: string) {
  // Only the header this step gives ('' leaves it out).
  await svc(this).request('POST', path, body, { authorization: authorization ?? '' });
});

Then('响应状态应该是 {int}，错误消息包含 {string}，字段是 {string}', function (this: SynapseWorld, status: number, message: string, field: string) {
  const reply = svc(this).last!;
  expect(reply.status, reply.text).to.equal(status);
  expect(reply.headers['content-type']).to.contain('application/json');
  expect(Object.keys(reply.json)).to.deep.equal(['error']);
  expect(reply.json.error.message).to.contain(message);
  expect(reply.json.error.field ?? '').to.equal(field);
  expect(reply.text, 'no stack trace').not.to.match(/\n\s+at /);
});

// --- a synapse serve process

When('客户端以令牌 {string} 连接 CLI 启动的服务', { timeout: 40_000 }, async function (this: SynapseWorld, token: string) {
  await attachToCliService(this, token);
});

When('CLI 服务收到 SIGTERM', async function (this: SynapseWorld) {
  const context = this.use(CliContext);
  const running = context.running!;
  const sentAt = performance.now();
  running.child.kill('SIGTERM');
  context.last = { ...(await running.exited), durationMs: performance.now() - sentAt };
});

When('模型收到第 {int} 次请求后，客户端中断操作', async function (this: SynapseWorld, n: number) {
  const deadline = Date.now() + 10_000;
  while (this.llm.requests.length < n) {
    if (Date.now() > deadline) throw new Error(`the model got ${this.llm.requests.length} requests, waiting for ${n}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const reply = await svc(this).request('POST', '/v1/operations/:id/interrupt', '{"reason":"changed my mind"}');
  expect(reply.status, reply.text).to.equal(202);
});
