import { Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { ServiceContext } from './support/service-context';
import type { SynapseWorld } from './support/world';

const svc = (world: SynapseWorld) => world.use(ServiceContext);

When(/^客户端带着请求头 (\{.*\}) 发送 (GET|POST) "(.*)"，请求体是 '(.*)'$/, async function (this: SynapseWorld, headers: string, method: string, path: string, body: string) {
  await svc(this).request(method, path, method === 'GET' ? undefined : body, JSON.parse(headers) as Record<string, string>);
});

When(/^客户端不带令牌发送 (GET|POST) "(.*)"(?:，请求体是 '(.*)')?$/, async function (this: SynapseWorld, method: string, path: string, body?: string) {
  await svc(this).request(method, path, body, { authorization: '' });
});

When('客户端从 {string} 发送预检 OPTIONS {string}', async function (this: SynapseWorld, origin: string, path: string) {
  // As a browser sends it: no credentials, no body.
  const preflight = { authorization: '', 'content-type': '', origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' };
  await svc(this).request('OPTIONS', path, undefined, preflight);
});

Then('服务里不应该有任何操作，没有步骤运行过，模型没有被请求过', async function (this: SynapseWorld) {
  const context = svc(this);
  const refused = context.last!;
  const listed = await context.request('GET', '/v1/operations');
  expect(listed.status, listed.text).to.equal(200);
  expect(listed.json.operations, 'operations').to.deep.equal([]);
  expect(context.jobsDone, 'step jobs run').to.deep.equal([]);
  expect(this.llm.requests, 'model requests').to.have.length(0);
  context.last = refused;
});

Then(
  /^响应状态应该是 (\d+)，CORS 允许来源 "([^"]*)"(?:，允许的方法包含 "([^"]*)"，允许的请求头包含 "([^"]*)")?$/,
  function (this: SynapseWorld, status: string, origin: string, methods?: string, headers?: string) {
    const reply = svc(this).last!;
    expect(reply.status, reply.text).to.equal(Number(status));
    expect(reply.headers['access-control-allow-origin']).to.equal(origin);
    expect(reply.headers.vary).to.match(/\bOrigin\b/);
    const listed = (name: string) => String(reply.headers[name] ?? '').split(/,\s*/);
    if (methods) expect(listed('access-control-allow-methods')).to.include.members(methods.split(/,\s*/));
    if (headers) expect(listed('access-control-allow-headers')).to.include.members(headers.split(/,\s*/));
  },
);

Then('响应不应该带 CORS 头', function (this: SynapseWorld) {
  const cors = Object.keys(svc(this).last!.headers).filter((name) => name.startsWith('access-control-'));
  expect(cors).to.deep.equal([]);
});

Then(/^响应状态应该是 (\d+)，响应体正好是 (.*)$/, function (this: SynapseWorld, status: string, body: string) {
  const reply = svc(this).last!;
  expect(reply.status, reply.text).to.equal(Number(status));
  expect(reply.json).to.deep.equal(JSON.parse(body));
});

Then('响应状态应该是 {int}，操作是 {string}', function (this: SynapseWorld, status: number, operationStatus: string) {
  const reply = svc(this).last!;
  expect(reply.status, reply.text).to.equal(status);
  expect(reply.json.status).to.equal(operationStatus);
});
