import { Then } from '@cucumber/cucumber';
import { expect } from 'chai';
import { ServiceContext } from './support/service-context';
import type { SynapseWorld } from './support/world';

const svc = (world: SynapseWorld) => world.use(ServiceContext);
const items = (text: string, separator = ',') =>
  text
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);

/** The scenario's name for an operation id (`把手上的操作记为`), or the id itself. */
function nameOf(context: ServiceContext, operationId: string): string {
  return [...context.named].find(([, id]) => id === operationId)?.[0] ?? operationId;
}

/** One page of the list, checked for its shape; its operations as `<name> <status> <stepCount>` and its cursor. */
async function listPage(context: ServiceContext, path: string): Promise<{ rows: string[]; names: string[]; nextCursor?: string }> {
  const reply = await context.request('GET', path);
  expect(reply.status, reply.text).to.equal(200);
  expect(Object.keys(reply.json).filter((key) => key !== 'nextCursor')).to.deep.equal(['operations']);
  for (const operation of reply.json.operations) {
    expect(operation).to.have.all.keys('operationId', 'status', 'stepCount', 'createdAt', 'lastModified');
    expect(Number.isNaN(Date.parse(operation.createdAt)), 'createdAt').to.equal(false);
  }
  const names = reply.json.operations.map((operation: { operationId: string }) => nameOf(context, operation.operationId));
  const rows = reply.json.operations.map((operation: { status: string; stepCount: number }, i: number) => `${names[i]} ${operation.status} ${operation.stepCount}`);
  return { rows, names, nextCursor: reply.json.nextCursor };
}

Then('操作列表 {string} 应该依次是 {string}', async function (this: SynapseWorld, path: string, expected: string) {
  const page = await listPage(svc(this), path);
  expect(page.rows).to.deep.equal(items(expected));
  expect(page.nextCursor, 'nextCursor of a whole list').to.equal(undefined);
});

Then('每页 {int} 个翻看 {string}，各页应该依次是 {string}', async function (this: SynapseWorld, size: number, path: string, expected: string) {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const page = await listPage(svc(this), `${path}${separator}limit=${size}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    pages.push(page.names);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 20);
  expect(pages.map((names) => names.join(', '))).to.deep.equal(items(expected, '|'));
});

// --- log records

const requests = (world: SynapseWorld) => svc(world).logs.filter((record) => record.message === 'request');

Then('日志里 POST 请求的记录应该依次是 {string}', function (this: SynapseWorld, expected: string) {
  const context = svc(this);
  const posts = requests(this).filter((record) => record.fields.method === 'POST');
  const lines = posts.map(({ fields }) => `${fields.method} ${String(fields.path).replace(context.operationId, ':id')} ${fields.status}`);
  expect(lines).to.deep.equal(items(expected));
  for (const { fields } of posts) expect(fields.durationMs, 'durationMs').to.be.a('number').and.at.least(0);
});

Then('状态 {int} 的请求记录应该说明原因 {string}', function (this: SynapseWorld, status: number, reason: string) {
  const refused = requests(this).filter((record) => record.fields.status === status);
  expect(refused).to.have.length.at.least(1);
  for (const { fields } of refused) expect(fields.error).to.include(reason);
});

Then(/^日志里操作的 step 记录应该从第 0 步起连续，最后一条的状态是 "(\w+)"，其中一条应用了 "(\w+)" 决定$/, async function (this: SynapseWorld, status: string, decision: string) {
  const context = svc(this);
  const stepRecords = () => context.logs.filter((record) => record.message === 'step' && record.fields.operationId === context.operationId).map((record) => record.fields);
  // A step's record is written once its job is over, a moment after the client can see what it saved.
  const deadline = Date.now() + 10_000;
  while (stepRecords().at(-1)?.status !== status && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  const steps = stepRecords();
  expect(steps.map((step) => step.step)).to.deep.equal(steps.map((_, i) => i));
  expect(steps.at(-1)?.status).to.equal(status);
  expect(steps.filter((step) => step.decision === decision)).to.have.length(1);
  for (const step of steps) expect(step).to.include.keys('durationMs', 'stepCount', 'events');
});

Then('日志里不应该出现令牌、提示或模型的回答', function (this: SynapseWorld) {
  const context = svc(this);
  const text = JSON.stringify(context.logs);
  const prompts = this.llm.requests.flatMap((request) => request.messages.map((message) => message.content)).filter((content): content is string => (content?.length ?? 0) >= 8);
  for (const secret of [context.token, ...prompts, 'Sunny']) expect(text, 'the log').not.to.include(secret);
});
