// `synapse mcp login | logout` and runs against an OAuth-protected MCP server (features/cli/cli-mcp-oauth.feature):
// the SDK-built server of fixtures/ on 127.0.0.1, the built CLI as a subprocess, and the test as the browser.
import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { CliContext } from './support/cli-context';
import { addCliServer } from './support/cli-mcp-config';
import { ExtensionsContext } from './support/extensions-context';
import { eventually, freePort, startOAuthServer } from './support/mcp-servers';
import type { SynapseWorld } from './support/world';

const cli = (world: SynapseWorld) => world.use(CliContext);

/** The scenario's OAuth server, and what the browser (the test) last saw. */
interface OAuthScenario {
  base: string;
  page?: { status: number; body: string };
  /** Where the fake xdg-open writes the URL it was given. */
  openedUrlFile?: string;
}
const scenarios = new WeakMap<SynapseWorld, OAuthScenario>();
const scenario = (world: SynapseWorld) => scenarios.get(world)!;

const loginDir = async (world: SynapseWorld) => join(await cli(world).dir('home'), '.synapse', 'mcp', 'oauth');

Given('OAuth 保护的 MCP 服务器在 127.0.0.1 上提供服务，CLI 工作目录的 {string} 中的 {string} 指向它', async function (this: SynapseWorld, file: string, name: string) {
  const { base, child } = await startOAuthServer(this.use(ExtensionsContext).marker);
  this.onCleanup(() => child.kill('SIGKILL'));
  scenarios.set(this, { base });
  await addCliServer(this, file, name, { url: `${base}/mcp` });
});

Given('CLI 的环境变量 {string} 为 {string}', function (this: SynapseWorld, name: string, value: string) {
  cli(this).environment[name] = value;
});

Given('CLI 有显示器，PATH 上的 xdg-open 只记下它收到的 URL', async function (this: SynapseWorld) {
  const bin = join(await this.tempDir(), 'bin');
  const openedUrlFile = join(bin, 'opened-url');
  await mkdir(bin, { recursive: true });
  await writeFile(join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s' "$1" > '${openedUrlFile}.tmp' && mv '${openedUrlFile}.tmp' '${openedUrlFile}'\n`);
  await chmod(join(bin, 'xdg-open'), 0o755);
  Object.assign(cli(this).environment, { DISPLAY: ':99', PATH: `${bin}:${process.env.PATH}` });
  scenario(this).openedUrlFile = openedUrlFile;
});

/** The authorization URL the login sent the person to: printed on stderr, or handed to xdg-open. */
async function authorizationUrl(world: SynapseWorld, from: string): Promise<URL> {
  const running = cli(world).running!;
  if (from === 'CLI 在标准错误上打印') {
    await running.waitForOutput(/\/authorize\?\S+/);
    return new URL(/http:\/\/127\.0\.0\.1:\d+\/authorize\?\S+/.exec(running.stderr)![0]);
  }
  const file = scenario(world).openedUrlFile!;
  const opened = await eventually(
    () =>
      stat(file).then(
        () => true,
        () => false,
      ),
    10_000,
  );
  expect(opened, `xdg-open was not run; the CLI printed:\n${running.stderr}`).to.equal(true);
  return new URL(await readFile(file, 'utf8'));
}

/** A GET as a browser makes it, without following redirects. */
async function browse(world: SynapseWorld, url: string): Promise<Response> {
  const response = await fetch(url, { redirect: 'manual' });
  scenario(world).page = { status: response.status, body: await response.text() };
  return response;
}

When(/^浏览器打开(CLI 在标准错误上打印|xdg-open 收到)的授权 URL，跟随重定向回到回调$/, async function (this: SynapseWorld, from: string) {
  const authorize = await browse(this, (await authorizationUrl(this, from)).href);
  expect(authorize.status, `the authorization endpoint answered ${scenario(this).page!.body}`).to.equal(302);
  await browse(this, authorize.headers.get('location')!);
  cli(this).last = await cli(this).running!.exited;
});

When(/^一个带着错误 state 的请求先来到回调$/, async function (this: SynapseWorld) {
  const callback = new URL((await authorizationUrl(this, 'CLI 在标准错误上打印')).searchParams.get('redirect_uri')!);
  callback.search = new URLSearchParams({ code: 'forged', state: 'not-the-one-sent' }).toString();
  await browse(this, callback.href);
});

When('授权服务器拒绝了授权：浏览器带着 error=access_denied 回到回调', async function (this: SynapseWorld) {
  const url = await authorizationUrl(this, 'CLI 在标准错误上打印');
  const callback = new URL(url.searchParams.get('redirect_uri')!);
  callback.search = new URLSearchParams({ error: 'access_denied', error_description: 'the user said no', state: url.searchParams.get('state')! }).toString();
  await browse(this, callback.href);
  cli(this).last = await cli(this).running!.exited;
});

When('CLI 等待登录进程结束', async function (this: SynapseWorld) {
  cli(this).last = await cli(this).running!.exited;
});

Then('浏览器看到的页面应该是 HTTP {int}，包含 {string}', function (this: SynapseWorld, status: number, text: string) {
  expect(scenario(this).page).to.deep.include({ status });
  expect(scenario(this).page!.body).to.include(text);
});

When(/^OAuth 服务器(让所有访问令牌过期|吊销所有令牌)$/, async function (this: SynapseWorld, what: string) {
  const response = await fetch(`${scenario(this).base}/control/${what.includes('过期') ? 'expire' : 'revoke'}`, { method: 'POST' });
  expect(response.status).to.equal(200);
});

Then('OAuth 服务器应该发过 {int} 次授权码换令牌、{int} 次刷新令牌、{int} 次客户端注册', async function (this: SynapseWorld, codes: number, refreshes: number, registrations: number) {
  const stats = (await (await fetch(`${scenario(this).base}/control/stats`)).json()) as Record<string, number>;
  expect(stats).to.deep.equal({ authorization_code: codes, refresh_token: refreshes, registrations });
});

Then('CLI 保存的 {string} 登录文件应该只有所有者可读写（文件 0600，目录 0700），且不含授权码流程的临时数据', async function (this: SynapseWorld, name: string) {
  const dir = await loginDir(this);
  expect((await stat(dir)).mode & 0o777, `mode of ${dir}`).to.equal(0o700);
  expect((await stat(join(dir, `${name}.json`))).mode & 0o777).to.equal(0o600);
  const saved = JSON.parse(await readFile(join(dir, `${name}.json`), 'utf8')) as Record<string, unknown>;
  expect(saved).to.have.keys('version', 'url', 'client', 'tokens', 'discovery', 'savedAt');
  expect(JSON.stringify(saved)).not.to.match(/code_verifier|"state"/);
});

When('CLI 记下保存的 {string} 访问令牌', async function (this: SynapseWorld, name: string) {
  cli(this).saved.set('access-token', await savedAccessToken(this, name));
});

Then('CLI 保存的 {string} 访问令牌应该已经换成新的', async function (this: SynapseWorld, name: string) {
  expect(await savedAccessToken(this, name)).not.to.equal(cli(this).saved.get('access-token'));
});

async function savedAccessToken(world: SynapseWorld, name: string): Promise<string> {
  const saved = JSON.parse(await readFile(join(await loginDir(world), `${name}.json`), 'utf8')) as { tokens: { access_token: string } };
  return saved.tokens.access_token;
}

Given('CLI 保存的 {string} 登录文件内容为 {string}', async function (this: SynapseWorld, name: string, text: string) {
  const dir = await loginDir(this);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, `${name}.json`), text);
});

Then('CLI 保存的登录目录中应该没有任何文件', async function (this: SynapseWorld) {
  expect(await readdir(await loginDir(this)).catch(() => [])).to.deep.equal([]);
});

Then('CLI 保存的登录目录中应该只有移到一旁的 {string} 登录文件，内容为 {string}', async function (this: SynapseWorld, name: string, original: string) {
  const dir = await loginDir(this);
  const files = await readdir(dir);
  expect(files, dir).to.have.length(1);
  expect(files[0]).to.match(new RegExp(`^${name}\\.json\\.bad-\\d+$`));
  expect(await readFile(join(dir, files[0]!), 'utf8')).to.equal(original);
});

Given('CLI 工作目录的 {string} 中有 MCP 服务器 {string}，URL 指向 127.0.0.1 上没有人监听的端口', async function (this: SynapseWorld, file: string, name: string) {
  await addCliServer(this, file, name, { url: `http://127.0.0.1:${await freePort()}/mcp` });
});
