import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { Redis } from 'ioredis';
import type { OperationStore } from '../src/service';
import { ServiceContext } from './support/service-context';
import type { SynapseWorld } from './support/world';

const svc = (world: SynapseWorld) => world.use(ServiceContext);

/** Polls `check` (a generous bound on real behaviour: the retention period plus a loaded machine's delays). */
async function until(check: () => Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

/** The operation's keys in the scenario's Redis (its own prefix), each with its time to live in ms (-1: none). */
async function redisKeys(context: ServiceContext, operationId: string): Promise<Record<string, number>> {
  const redis = new Redis(context.redisUrl!);
  try {
    const base = `${context.prefix}:op:${operationId}`;
    const keys = (await redis.keys(`${base}*`)).sort();
    const ttls = await Promise.all(keys.map((key) => redis.pttl(key)));
    return Object.fromEntries(keys.map((key, i) => [key.slice(base.length).replace(/^:?/, '') || 'op', ttls[i]!]));
  } finally {
    redis.disconnect();
  }
}

/** The entries of the scenario's list of operations in Redis (every sorted set under `<prefix>:ops`) that name the operation. */
async function redisIndexEntries(context: ServiceContext, operationId: string): Promise<string[]> {
  const redis = new Redis(context.redisUrl!);
  try {
    const keys = (await redis.keys(`${context.prefix}:ops*`)).filter((key) => !key.endsWith(':sequence'));
    const members = await Promise.all(keys.map(async (key) => (await redis.zrange(key, '0', '-1')).map((member) => `${key} ${member}`)));
    return members.flat().filter((entry) => entry.includes(operationId));
  } finally {
    redis.disconnect();
  }
}

/** Nothing of the operation is left: no state, events, tool results or place in the list (and, in Redis, no key or index entry). */
async function expectGone(context: ServiceContext, operationId: string): Promise<void> {
  const store = context.store!;
  expect(await store.load(operationId)).to.equal(undefined);
  expect(await store.events(operationId, 0)).to.deep.equal([]);
  expect(await store.loadToolResult(operationId, 'call_weather')).to.equal(undefined);
  // Listing also drops the index entries of what expired.
  expect((await store.list({ limit: 100 })).operations.map((operation) => operation.operationId)).not.to.include(operationId);
  if (context.redisUrl) expect(await redisKeys(context, operationId)).to.deep.equal({});
  if (context.redisUrl) expect(await redisIndexEntries(context, operationId)).to.deep.equal([]);
}

Given(
  /^一个(内嵌|Redis)的服务，结束的操作保留 (\d+) 毫秒(，它的队列放不进任务)?(，存储也删不掉操作)?$/,
  async function (this: SynapseWorld, backend: string, ms: string, queueFails?: string, removeFails?: string) {
    const context = svc(this);
    context.backend = backend === 'Redis' ? 'redis' : 'embedded';
    if (queueFails) context.enqueueFailure = new Error('Connection is closed.');
    if (removeFails) {
      context.wrapStore = (store: OperationStore) =>
        new Proxy(store, {
          get: (target, key, receiver) => (key === 'remove' ? () => Promise.reject(new Error('Redis is down')) : Reflect.get(target, key, receiver)),
        });
    }
    await context.start({ retentionMs: Number(ms) });
  },
);

When('把手上的操作记为 {string}', function (this: SynapseWorld, name: string) {
  svc(this).named.set(name, svc(this).operationId);
});

When('回到操作 {string}', function (this: SynapseWorld, name: string) {
  svc(this).operationId = svc(this).named.get(name)!;
});

Then('保留期过后，GET 操作应该回答 404，错误消息包含 {string}', async function (this: SynapseWorld, message: string) {
  const context = svc(this);
  await until(async () => (await context.request('GET', '/v1/operations/:id')).status !== 200, `operation ${context.operationId} removed`);
  expect(context.last!.status, context.last!.text).to.equal(404);
  expect(context.last!.json.error.message).to.include(message);
});

Then('存储里不应该再有这个操作的状态、事件或工具结果', async function (this: SynapseWorld) {
  await expectGone(svc(this), svc(this).operationId);
});

Then('存储里不应该留下队列拒绝过的操作', async function (this: SynapseWorld) {
  const context = svc(this);
  expect(context.refused).to.have.length(1);
  await expectGone(context, context.refused[0]!);
});

Then('队列拒绝过的操作应该在保留期过后自己消失', async function (this: SynapseWorld) {
  const context = svc(this);
  expect(context.refused).to.have.length(1);
  await until(async () => (await context.store!.load(context.refused[0]!)) === undefined, 'the half-created operation expired');
  await expectGone(context, context.refused[0]!);
});

Then(/^操作在 Redis 里的键应该是 "(.*)"，(?:都没有过期时间|都在 (\d+) 秒内过期)$/, async function (this: SynapseWorld, names: string, seconds?: string) {
  // The lock (held a moment longer by the job that just saved) has a short expiry of its own.
  const { lock: _lock, ...keys } = await redisKeys(svc(this), svc(this).operationId);
  expect(Object.keys(keys)).to.deep.equal(names.split(',').map((name) => name.trim()));
  for (const [key, ttl] of Object.entries(keys)) {
    if (!seconds) expect(ttl, `${key} expires`).to.equal(-1);
    else expect(ttl, `${key} expires`).to.be.within(1, Number(seconds) * 1000);
  }
});

When('存储收到恢复操作的决定（还没有任务应用它）', async function (this: SynapseWorld) {
  const context = svc(this);
  const record = (await context.store!.load(context.operationId))!;
  expect(await context.store!.decide(context.operationId, record.stepIndex, { kind: 'resume' })).to.equal('stored');
});

When('应用这个决定的任务被放进队列', async function (this: SynapseWorld) {
  const context = svc(this);
  const record = (await context.store!.load(context.operationId))!;
  await context.queue!.enqueue({ operationId: context.operationId, stepIndex: record.stepIndex }, 'decision');
});
