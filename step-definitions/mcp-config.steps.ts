// MCP config compatibility, start failures, results, --save and help (features/mcp-config-compat.feature, features/mcp-save-media.feature).
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Given, Then } from '@cucumber/cucumber';
import { expect } from 'chai';
import { ExtensionsContext } from './support/extensions-context';
import { EVERYTHING_SERVER, freePort, startHttpServer } from './support/mcp-servers';
import type { SynapseWorld } from './support/world';

const ext = (world: SynapseWorld) => world.use(ExtensionsContext);

Given('用户配置目录中的 {string} 导入 server-everything', async function (this: SynapseWorld, name: string) {
  const file = join(dirname(await ext(this).configFile('home')), name);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `import ${JSON.stringify(EVERYTHING_SERVER)};\n`);
});

Given(/^项目配置中有 MCP 服务器 "(.+)"，URL 指向 127\.0\.0\.1 上没有人监听的端口$/, async function (this: SynapseWorld, name: string) {
  await ext(this).addServer('project', name, { url: `http://127.0.0.1:${await freePort()}/mcp` });
});

Given(/^server-everything 在 127\.0\.0\.1 上以 Streamable HTTP 提供服务，项目配置中的 "(.+)" 指向它的 "(.+)"$/, async function (this: SynapseWorld, name: string, path: string) {
  const { url, child } = await startHttpServer('streamableHttp', ext(this).marker);
  this.onCleanup(() => child.kill('SIGKILL'));
  await ext(this).addServer('project', name, { url: new URL(path, url).href });
});

Given(/^工作区文件 `(.+)` 是 (\d+) KiB 的随机字节$/, async function (this: SynapseWorld, path: string, kib: string) {
  await writeFile(join(await this.tempDir(), path), randomBytes(Number(kib) * 1024));
});

Then(/^模型收到的系统提示不应包含 `(.+)`$/, function (this: SynapseWorld, text: string) {
  expect(String(this.llm.requests[0]?.messages[0]?.content)).to.not.include(text);
});

Then('工作区文件 `{}` 应与 `{}` 的字节相同', async function (this: SynapseWorld, saved: string, original: string) {
  const workspace = await this.tempDir();
  const [a, b] = await Promise.all([readFile(join(workspace, saved)), readFile(join(workspace, original))]);
  expect(a.equals(b), `${saved} (${a.length} bytes) differs from ${original} (${b.length} bytes)`).to.equal(true);
});

Then('工作区文件 `{}` 应是 {int} 个零字节', async function (this: SynapseWorld, path: string, size: number) {
  const bytes = await readFile(join(await this.tempDir(), path));
  expect(bytes.length).to.equal(size);
  expect(bytes.every((byte) => byte === 0)).to.equal(true);
});
