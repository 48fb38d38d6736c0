import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Given, Then } from '@cucumber/cucumber';
import { expect } from 'chai';
import { CliContext } from './support/cli-context';
import type { SynapseWorld } from './support/world';

const cli = (world: SynapseWorld) => world.use(CliContext);
const fail = (world: SynapseWorld) => `\n${cli(world).describe()}`;

/** What synapse keeps in ~/.synapse that no tool may see: the settings' API key and an MCP login's tokens. */
const STORED_SECRETS = ['sk-settings-4f9c2a7e1b3d5f60', 'mcp-access-7d1e9b3c5a2f4e68', 'mcp-refresh-2b8f6d4a9c1e3f57'];

// Outside the host's /tmp on purpose: the sandbox's private /tmp hides a HOME there whatever else it does.
Given('CLI 的 HOME 在宿主的 \\/tmp 之外，其中 ~\\/.synapse 有带 apiKey 的设置、MCP 服务器 {string} 的登录与技能 {string}', async function (this: SynapseWorld, server: string, skill: string) {
  const home = await mkdtemp('/var/tmp/synapse-home-');
  this.onCleanup(() => rm(home, { recursive: true, force: true }));
  const [apiKey, accessToken, refreshToken] = STORED_SECRETS;
  const store = join(home, '.synapse');
  await mkdir(join(store, 'mcp', 'oauth'), { recursive: true });
  await mkdir(join(store, 'skills', skill), { recursive: true });
  await writeFile(join(store, 'settings.json'), JSON.stringify({ apiKey }));
  const login = { version: 1, url: 'http://127.0.0.1:9/mcp', tokens: { access_token: accessToken, token_type: 'Bearer', refresh_token: refreshToken }, savedAt: new Date().toISOString() };
  await writeFile(join(store, 'mcp', 'oauth', `${server}.json`), JSON.stringify(login));
  await writeFile(join(store, 'skills', skill, 'SKILL.md'), `---\nname: ${skill}\ndescription: says hello\n---\nhello from the skill\n`);
  cli(this).environment.HOME = home;
  cli(this).saved.set('home', home);
});

Then('CLI 的输出中不应有 ~\\/.synapse 里的 API 密钥与令牌', function (this: SynapseWorld) {
  const { stdout, stderr } = cli(this).result;
  for (const secret of STORED_SECRETS) expect(stdout + stderr, fail(this)).not.to.include(secret);
});

Then('CLI 模型收到的请求中不应有 ~\\/.synapse 里的 API 密钥与令牌', async function (this: SynapseWorld) {
  const bodies = JSON.stringify((await cli(this).model()).received.map((request) => request.body));
  for (const secret of STORED_SECRETS) expect(bodies, fail(this)).not.to.include(secret);
});
