import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { CLI_ENTRY, CliContext, ensureFreshBuild } from './support/cli-context';
import { runOnTerminal } from './support/pseudo-terminal';
import { SecurityContext } from './support/security-context';
import type { SynapseWorld } from './support/world';

const cli = (world: SynapseWorld) => world.use(CliContext);
const security = (world: SynapseWorld) => world.use(SecurityContext);
const fail = (world: SynapseWorld) => `\n${cli(world).describe()}`;

const KEYS: Record<string, string> = { 回车: '\r', 下: '\x1b[B' };

/** The scenario's OPENAI_API_KEY for the CLI, made up once. */
function cliKey(world: SynapseWorld): string {
  const secrets = security(world).secrets;
  if (!secrets.has('OPENAI_API_KEY')) secrets.set('OPENAI_API_KEY', `sk-proj-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}RealLooking0123456789`);
  return secrets.get('OPENAI_API_KEY')!;
}

When('CLI 在 OPENAI_API_KEY 是真实样子的密钥时运行 synapse {string}', async function (this: SynapseWorld, commandLine: string) {
  await cli(this).run(commandLine, { env: { OPENAI_API_KEY: cliKey(this) } });
});

Given('CLI 模型会在命令和分段的回答里写出 OPENAI_API_KEY 的值', async function (this: SynapseWorld) {
  const key = cliKey(this);
  const model = await cli(this).model();
  model.reply({ toolCalls: [{ name: 'Bash', arguments: { command: `echo ${key} > /dev/null` } }] });
  // Split inside the key: the streamed deltas must not leak either half.
  model.reply({ content: ['the key is ', key.slice(0, 12), `${key.slice(12)}.`] });
});

When('CLI 在没有 bubblewrap 时运行 synapse {string}', async function (this: SynapseWorld, commandLine: string) {
  await cli(this).run(commandLine, { env: { SYNAPSE_BWRAP: 'none' } });
});

Then('这个密钥不应出现在 CLI 的输出、会话文件和模型收到的请求正文中', async function (this: SynapseWorld) {
  const { stdout, stderr } = cli(this).result;
  security(this).assertNoSecret(stdout, 'stdout');
  security(this).assertNoSecret(stderr, 'stderr');
  for (const file of await security(this).filesBelow(await cli(this).dir('sessions'))) security(this).assertNoSecret(file.text, file.path);
  for (const file of await security(this).filesBelow(await cli(this).dir('work'))) security(this).assertNoSecret(file.text, file.path);
  const bodies = JSON.stringify((await cli(this).model()).received.map((request) => request.body));
  security(this).assertNoSecret(bodies, 'the requests to the model');
});

const toolResultsOf = async (world: SynapseWorld, n: number) =>
  ((await cli(world).model()).received[n - 1]?.body.messages ?? []).filter((message) => message.role === 'tool').map((message) => message.content as string);

Then('CLI 模型收到的第 {int} 次请求中的工具结果应该是 {string}', async function (this: SynapseWorld, n: number, text: string) {
  expect(await toolResultsOf(this, n), fail(this)).to.deep.equal([text.replace(/\\n/g, '\n')]);
});

Then('CLI 模型收到的第 {int} 次请求中的工具结果应该包含 {string}', async function (this: SynapseWorld, n: number, text: string) {
  expect((await toolResultsOf(this, n)).join('\n'), fail(this)).to.include(text);
});

When('CLI 在伪终端里运行 synapse {string}，出现 {string} 时按下 {string}', async function (this: SynapseWorld, commandLine: string, prompt: string, keys: string) {
  await runCliOnTerminal(
    this,
    commandLine,
    prompt,
    keys
      .split('、')
      .map((key) => KEYS[key] ?? key)
      .join(''),
  );
});

When('CLI 在伪终端里运行 synapse {string}', async function (this: SynapseWorld, commandLine: string) {
  await runCliOnTerminal(this, commandLine, '\u0000 (no prompt: nothing is typed)', '');
});

async function runCliOnTerminal(world: SynapseWorld, commandLine: string, prompt: string, keys: string): Promise<void> {
  await ensureFreshBuild();
  const context = cli(world);
  const args = await context.parseArgs(commandLine);
  const started = performance.now();
  const run = await runOnTerminal([process.execPath, CLI_ENTRY, ...args], { cwd: await context.dir('work'), env: await context.env(), prompt, keys });
  context.last = { args, stdout: run.screen, stderr: run.screen, exitCode: run.exitCode, signal: null, durationMs: performance.now() - started };
}

Then('CLI 终端上应该显示过 {string} 与 {string}', function (this: SynapseWorld, first: string, second: string) {
  expect(cli(this).result.stdout, fail(this)).to.include(first).and.to.include(second);
});

Then('CLI 工作目录中不应该有文件 {string}', async function (this: SynapseWorld, name: string) {
  expect(existsSync(join(await cli(this).dir('work'), name)), fail(this)).to.equal(false);
});
