import { type ChildProcess, spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import type { OperationStore } from '../src/service';
import { RedisServer } from './support/redis-servers';
import { ServiceContext } from './support/service-context';
import type { SynapseWorld } from './support/world';

const svc = (world: SynapseWorld) => world.use(ServiceContext);
const CLI = resolve(__dirname, '..', 'dist', 'cli.js');

/** A scenario's faults: its own redis-server, worker processes by name, the tool's call log, failed commits. */
class FaultContext {
  redis?: RedisServer;
  readonly workers = new Map<string, ChildProcess>();
  toolLog = '';
  toolsModule = '';
  fixture = '';
  failedCommits = 0;

  constructor(private readonly world: SynapseWorld) {}

  async ownRedis(appendOnly: boolean): Promise<RedisServer> {
    this.redis = await RedisServer.start({ appendOnly });
    this.world.onCleanup(() => this.redis?.dispose());
    return this.redis;
  }

  async startWorker(name: string): Promise<void> {
    const args = [CLI, 'worker', '--redis-url', this.redis!.url, '--tools', this.toolsModule, '--fixture', this.fixture, '--stalled-interval', '500'];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    this.workers.set(name, child);
    this.world.onCleanup(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    let output = '';
    await new Promise<void>((ready, fail) => {
      child.stderr!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('taking steps')) ready();
      });
      child.once('exit', (code) => fail(new Error(`worker ${name} exited (${code}):\n${output}`)));
    });
  }

  async kill(name: string): Promise<void> {
    const child = this.workers.get(name)!;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGKILL');
    await exited;
  }

  /** The tool's calls: toolCallId and the worker process that ran it, in order. */
  async toolCalls(): Promise<Array<{ toolCallId: string; pid: number }>> {
    const text = await readFile(this.toolLog, 'utf8').catch(() => '');
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => ({ toolCallId: line.split(' ')[0]!, pid: Number(line.split(' ')[1]) }));
  }
}
const faults = (world: SynapseWorld) => world.use(FaultContext);

async function until(check: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

// --- a commit that fails once, after the tool's result was saved

Given('一个内嵌的服务，它的存储在提交第一个带工具结果的步骤时会失败一次', async function (this: SynapseWorld) {
  const context = faults(this);
  svc(this).wrapStore = (store: OperationStore) =>
    new Proxy(store, {
      get(target, key, receiver) {
        if (key !== 'commit') return Reflect.get(target, key, receiver);
        return async (...args: Parameters<OperationStore['commit']>) => {
          const events = args[3] as Array<{ type: string }>;
          if (!context.failedCommits && events.some((event) => event.type === 'tool_result')) {
            context.failedCommits += 1;
            throw new Error('the store went away during the commit');
          }
          return target.commit(...args);
        };
      },
    });
  await svc(this).start();
});

Then('存储的提交应该失败过 {int} 次', function (this: SynapseWorld, count: number) {
  expect(faults(this).failedCommits).to.equal(count);
});

// --- Redis stopped and restarted

Given('一个用自己的 redis-server（开启 AOF）的服务', async function (this: SynapseWorld) {
  const redis = await faults(this).ownRedis(true);
  await svc(this).start({ redisUrl: redis.url });
});

When('redis-server 停止', async function (this: SynapseWorld) {
  await faults(this).redis!.stop();
});

When('redis-server 在同一个端口和目录重新启动', async function (this: SynapseWorld) {
  await faults(this).redis!.run();
});

// --- worker processes killed mid-step

Given('一个只有 API 的服务，用自己的 redis-server', async function (this: SynapseWorld) {
  const redis = await faults(this).ownRedis(false);
  // The CLI's key prefix, and no workers here: the worker processes take every step.
  await svc(this).start({ redisUrl: redis.url, prefix: 'synapse', workers: 0 });
});

Given(
  /^worker 的工具模块记录每次调用，(?:工具要 (\d+) 毫秒才返回，)?worker 的模型脚本先调用工具 "(\w+)"，再(?:过 (\d+) 毫秒才)?回答 "(.*)"$/,
  async function (this: SynapseWorld, toolMs: string | undefined, tool: string, answerMs: string | undefined, answer: string) {
    const context = faults(this);
    const dir = await this.tempDir();
    context.toolLog = join(dir, 'tool-calls.log');
    context.toolsModule = join(dir, 'tools.mjs');
    context.fixture = join(dir, 'fixture.json');
    await writeFile(
      context.toolsModule,
      `import { appendFileSync } from 'node:fs';
export const tools = { ${tool}: { run: async (args, { toolCallId }) => {
  appendFileSync(${JSON.stringify(context.toolLog)}, toolCallId + ' ' + process.pid + '\\n');
  await new Promise((done) => setTimeout(done, ${Number(toolMs ?? 0)}));
  return { noted: true };
} } };
`,
    );
    const replies = [{ toolCalls: [{ id: `call_${tool}`, name: tool, arguments: {} }] }, { content: answer, ...(answerMs ? { delayMs: Number(answerMs) } : {}) }];
    await writeFile(context.fixture, JSON.stringify({ model: 'scripted', replies }));
  },
);

Given('启动 worker 进程 {string}', async function (this: SynapseWorld, name: string) {
  await faults(this).startWorker(name);
});

When('工具运行过并且它的结果已经记入事件日志后，worker {string} 被 SIGKILL', async function (this: SynapseWorld, name: string) {
  const service = svc(this).service!;
  await until(async () => (await service.events(svc(this).operationId, 0)).some((event) => event.type === 'tool_result'), 'the tool_result event');
  await faults(this).kill(name);
});

When('工具开始运行后，worker {string} 被 SIGKILL', async function (this: SynapseWorld, name: string) {
  await until(async () => (await faults(this).toolCalls()).length > 0, 'the tool call');
  await faults(this).kill(name);
});

Then('工具 {string} 应该只被 worker {string} 运行过一次', async function (this: SynapseWorld, tool: string, name: string) {
  const calls = await faults(this).toolCalls();
  expect(calls).to.deep.equal([{ toolCallId: `call_${tool}`, pid: faults(this).workers.get(name)!.pid }]);
});

Then('工具 {string} 应该先后被 worker {string} 和 {string} 以同一个 toolCallId 调用', async function (this: SynapseWorld, tool: string, first: string, second: string) {
  const calls = await faults(this).toolCalls();
  const pid = (name: string) => faults(this).workers.get(name)!.pid;
  expect(calls).to.deep.equal([
    { toolCallId: `call_${tool}`, pid: pid(first) },
    { toolCallId: `call_${tool}`, pid: pid(second) },
  ]);
});

// --- late jobs

When('第 {int} 步和第 {int} 步的任务又被放进队列，并且都已执行完', async function (this: SynapseWorld, first: number, second: number) {
  const context = svc(this);
  const operationId = context.operationId;
  const before = context.jobsDone.length;
  // Step jobs that come back after their step was saved: the stalled copy of a job whose worker died after the save.
  for (const stepIndex of [first, second]) await context.queue!.enqueue({ operationId, stepIndex }, 'step');
  const finished = (stepIndex: number) => context.jobsDone.slice(before).some((job) => job.operationId === operationId && job.stepIndex === stepIndex);
  await until(async () => finished(first) && finished(second), 'the late jobs');
});
