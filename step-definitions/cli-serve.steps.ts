import { stat, readFile, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { CliContext } from './support/cli-context';
import { attachToCliService, ServiceContext } from './support/service-context';
import type { SynapseWorld } from './support/world';

const cli = (world: SynapseWorld) => world.use(CliContext);
const svc = (world: SynapseWorld) => world.use(ServiceContext);
const TOKEN_FILE = join('.synapse', 'service-token');

/** The JSON lines of the CLI's stderr (its log records); the other lines are for people. */
// biome-ignore lint/suspicious/noExplicitAny: log records the steps read field by field
function logLines(stderr: string): Array<Record<string, any>> {
  return stderr
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

When('客户端用 CLI 打印的令牌连接 CLI 启动的服务', { timeout: 40_000 }, async function (this: SynapseWorld) {
  const running = cli(this).running!;
  await running.waitForOutput(/Send it with every request/, 30_000);
  const token = /a new bearer token, saved to .*:\n {2}(\S+)\n/.exec(running.stderr)?.[1];
  expect(token, running.stderr).to.be.a('string');
  await attachToCliService(this, token!);
});

When('客户端用 HOME 里保存的令牌连接 CLI 启动的服务', { timeout: 40_000 }, async function (this: SynapseWorld) {
  await cli(this).running!.waitForOutput(/requests need the bearer token in/, 30_000);
  await attachToCliService(this, (await readFile(join(await cli(this).dir('home'), TOKEN_FILE), 'utf8')).trim());
});

When('客户端不带令牌连接 CLI 启动的服务', { timeout: 40_000 }, async function (this: SynapseWorld) {
  await attachToCliService(this, '');
});

Given('CLI 的 HOME 里有一个别的用户也能读的令牌文件', async function (this: SynapseWorld) {
  const path = join(await cli(this).dir('home'), TOKEN_FILE);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${'t'.repeat(43)}\n`, { mode: 0o644 });
});

Then(/^CLI 打印的令牌应该保存在 HOME 的 "\.synapse\/service-token"，只有用户自己能读写$/, async function (this: SynapseWorld) {
  const path = join(await cli(this).dir('home'), TOKEN_FILE);
  expect((await readFile(path, 'utf8')).trim()).to.equal(svc(this).token);
  expect((await stat(path)).mode & 0o777, 'mode').to.equal(0o600);
  expect(svc(this).token).to.match(/^[A-Za-z0-9_-]{43}$/);
});

Then('CLI 标准错误不应该包含令牌', function (this: SynapseWorld) {
  expect(cli(this).result.stderr).not.to.include(svc(this).token);
});

Then('CLI 标准错误的 JSON 日志里 POST 请求应该依次是 {string}，最后一条 step 记录的状态是 {string}，没有一行含令牌', function (this: SynapseWorld, posts: string, status: string) {
  const { stderr } = cli(this).result;
  const records = logLines(stderr);
  const requests = records.filter((record) => record.msg === 'request' && record.method === 'POST');
  const line = (record: Record<string, unknown>) => `${record.method} ${String(record.path).replace(svc(this).operationId, ':id')} ${record.status}`;
  expect(requests.map(line)).to.deep.equal(posts.split(',').map((post) => post.trim()));
  expect(records.filter((record) => record.msg === 'step').at(-1)?.status, stderr).to.equal(status);
  for (const record of records) expect(record).to.include.keys('level', 'time', 'pid');
  expect(stderr.split('\n').filter((line) => line.startsWith('{') && line.includes(svc(this).token))).to.deep.equal([]);
});

Then('CLI 标准错误里不应该有 JSON 日志行', function (this: SynapseWorld) {
  expect(logLines(cli(this).result.stderr)).to.deep.equal([]);
});
