import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { constants, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, open, readFile, realpath, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { Given, Then, When, type DataTable } from '@cucumber/cucumber';
import { expect } from 'chai';
import { describeFsError, quarantinedBytes, SessionFileError } from '../src/session';
import { makeDirectory } from '../src/session/directories';
import { sessionFileError } from '../src/session/session-file-error';
import { SessionContext } from './support/session-context';
import type { SynapseWorld } from './support/world';

const ctx = (world: SynapseWorld) => world.use(SessionContext);
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sessionDir = async (world: SynapseWorld) => join(await ctx(world).sessionsDir(), ctx(world).session.id);
const lockPath = async (world: SynapseWorld) => join(await sessionDir(world), 'writer.lock');

/** Replaces the placeholders of an expected message: <临时目录> (the scenario's temp dir) and <会话目录>. */
async function expand(world: SynapseWorld, text: string): Promise<string> {
  let expanded = text.replaceAll('<临时目录>', await world.tempDir());
  if (expanded.includes('<会话目录>')) expanded = expanded.replaceAll('<会话目录>', await sessionDir(world));
  return expanded;
}

// --- 写不了的会话文件 --------------------------------------------------------------------------------

Given('会话目录中 {string} 的位置上是一个目录', async function (this: SynapseWorld, name: string) {
  const path = join(await sessionDir(this), name);
  await rm(path, { force: true });
  await mkdir(path);
});

When('会话目录被删除', async function (this: SynapseWorld) {
  await rm(await sessionDir(this), { recursive: true, force: true });
});

When('我尝试把会话标题设为 {string}', async function (this: SynapseWorld, title: string) {
  const c = ctx(this);
  await c.attempt(() => c.session.setTitle(title));
});

When('我尝试修复这个会话', async function (this: SynapseWorld) {
  const c = ctx(this);
  await c.attempt(() => c.session.repair());
});

Then('会话操作报错 {word}，消息为 {string}', async function (this: SynapseWorld, name: string, message: string) {
  const { error } = ctx(this);
  expect(error?.name, error?.stack).to.equal(name);
  expect(error!.message).to.equal(await expand(this, message));
});

Then('这个错误的 cause 是错误码为 {string} 的文件系统错误', function (this: SynapseWorld, code: string) {
  const error = ctx(this).error as SessionFileError;
  expect(error.code).to.equal(code);
  expect((error.cause as NodeJS.ErrnoException | undefined)?.code).to.equal(code);
});

// --- 打开的文件 ------------------------------------------------------------------------------------

Then('本进程没有打开会话目录或其中的任何文件', async function (this: SynapseWorld) {
  const dir = await realpath(await sessionDir(this));
  const targets = readdirSync('/proc/self/fd').map((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      return ''; // closed since the listing
    }
  });
  expect(targets.filter((target) => target === dir || target.startsWith(`${dir}/`))).to.deep.equal([]);
});

// --- 刷到磁盘 --------------------------------------------------------------------------------------

const syncedPaths = new WeakMap<SynapseWorld, string[]>();

Given('记下本进程把哪些文件刷到磁盘', async function (this: SynapseWorld) {
  // Every fsync of node:fs/promises goes through FileHandle#sync: wrap it (it still syncs) for this scenario.
  const probe = await open(await this.tempDir(), 'r');
  const prototype = Object.getPrototypeOf(probe) as { sync: (this: { fd: number }) => Promise<void> };
  await probe.close();
  const sync = prototype.sync;
  const synced: string[] = [];
  syncedPaths.set(this, synced);
  prototype.sync = function (this: { fd: number }) {
    synced.push(readlinkSync(`/proc/self/fd/${this.fd}`));
    return sync.call(this);
  };
  this.onCleanup(() => {
    prototype.sync = sync;
  });
});

Then('依次刷到磁盘的是 {string}', async function (this: SynapseWorld, expected: string) {
  const dir = await realpath(await sessionDir(this));
  const named = syncedPaths
    .get(this)!
    .filter((path) => path === dir || path.startsWith(`${dir}/`))
    .map((path) => (path === dir ? '会话目录' : path.slice(dir.length + 1).replace(/^(.*)\.\d+-[0-9a-f]{8}\.tmp$/, '$1 的临时文件')));
  expect(named).to.deep.equal(expected.split(/,\s*/));
});

// --- 写锁 ------------------------------------------------------------------------------------------

/** The holder whose lock a scenario expects to find (and to be refused by). */
const expectedHolders = new WeakMap<SynapseWorld, { pid: number; acquiredAt: string; text: string }>();

async function runningPid(world: SynapseWorld): Promise<number> {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  world.onCleanup(() => child.kill('SIGKILL'));
  await once(child, 'spawn');
  return child.pid!;
}

async function exitedPid(): Promise<number> {
  const child = spawn('true');
  await once(child, 'exit');
  return child.pid!;
}

/** Field 22 of /proc/<pid>/stat (proc(5): the start time in clock ticks after boot); the fields after "(comm)" start at field 3. */
function kernelStartTime(pid: number): string {
  const fields = /\) (.*)$/s
    .exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))![1]!
    .trim()
    .split(/\s+/);
  return fields[22 - 3]!;
}

function lockText(fields: { pid: number; processStart?: string; token: string }): { text: string; acquiredAt: string } {
  const acquiredAt = new Date().toISOString();
  return { text: `${JSON.stringify({ hostname: hostname(), acquiredAt, ...fields })}\n`, acquiredAt };
}

/** The lock of a running process (started for the scenario), remembered as the holder the scenario expects. */
async function liveLock(world: SynapseWorld, withStartTime = false): Promise<string> {
  const pid = await runningPid(world);
  const { text, acquiredAt } = lockText({ pid, token: 'a11ca11ca11ca11c', ...(withStartTime ? { processStart: kernelStartTime(pid) } : {}) });
  expectedHolders.set(world, { pid, acquiredAt, text });
  return text;
}

When('会话的写锁文件被删除', async function (this: SynapseWorld) {
  await rm(await lockPath(this));
});

Given('会话的写锁文件属于一个正在运行的进程，并记着这个进程真实的启动时间', async function (this: SynapseWorld) {
  await writeFile(await lockPath(this), await liveLock(this, true));
});

Given('另一个进程刚建好写锁接管目录，{int} 毫秒后换上一个正在运行的进程的锁并删掉接管目录', async function (this: SynapseWorld, ms: number) {
  const path = await lockPath(this);
  await mkdir(`${path}.takeover`);
  const text = await liveLock(this);
  const staged = join(await this.tempDir(), 'next-writer.lock');
  const done = delay(ms).then(async () => {
    await writeFile(staged, text);
    await rename(staged, path);
    await rm(`${path}.takeover`, { recursive: true, force: true });
  });
  this.onCleanup(() => done);
});

Given('会话的写锁文件每被读一次就换一份内容，依次是:', async function (this: SynapseWorld, table: DataTable) {
  const live = await liveLock(this);
  const dead = lockText({ pid: await exitedPid(), token: 'dead0000dead0000' }).text;
  const contents: Record<string, string> = { 一个已经结束的进程的锁: dead, 一个正在运行的进程的锁: live, 一份还没写完的锁: '{"pid": 12' };
  await scriptLockReads(
    this,
    await lockPath(this),
    table.hashes().map((row) => contents[row['内容']!]!),
  );
});

/**
 * Makes each read of the lock file see the next of `contents` (the last one repeated): the lock file is
 * a symbolic link to a FIFO, whose reader gets what is written into it; before that write ends, the link
 * moves to a fresh FIFO, so the reader's next read waits for the next content.
 */
async function scriptLockReads(world: SynapseWorld, path: string, contents: string[]): Promise<void> {
  const fifos = await mkdtemp(join(await world.tempDir(), 'lock-reads-'));
  let current = '';
  const pointLockAt = async (index: number) => {
    current = join(fifos, `read-${index}`);
    execFileSync('mkfifo', [current]);
    await symlink(current, `${current}.link`);
    await rename(`${current}.link`, path);
  };
  await pointLockAt(0);
  let stopped = false;
  const feeding = (async () => {
    for (let index = 0; ; index += 1) {
      // Non-blocking, so a scenario that ends while no one reads leaves no thread waiting (ENXIO: no reader yet).
      let handle;
      while (!handle) {
        if (stopped) return;
        handle = await open(current, constants.O_WRONLY | constants.O_NONBLOCK).catch((error: NodeJS.ErrnoException) => (error.code === 'ENXIO' ? undefined : Promise.reject(error)));
        if (!handle) await delay(2);
      }
      try {
        await handle.write(contents[Math.min(index, contents.length - 1)]!);
        await pointLockAt(index + 1);
      } finally {
        await handle.close();
      }
    }
  })();
  const failure = feeding.catch((error: unknown) => error);
  world.onCleanup(async () => {
    stopped = true;
    const error = await failure;
    // A reader still waiting for a writer would hold a thread forever: with the lock gone, give it an empty read.
    await rm(path, { force: true });
    await (await open(current, constants.O_RDWR | constants.O_NONBLOCK)).close();
    if (error) throw error;
  });
}

Then('追加被拒绝：SessionLockedError 指明锁中那个正在运行的进程', function (this: SynapseWorld) {
  const { pid, acquiredAt } = expectedHolders.get(this)!;
  const { error, session } = ctx(this);
  expect(error?.name, error?.stack).to.equal('SessionLockedError');
  expect(error!.message).to.equal(
    `Session "${session.id}" is being written by another process (pid ${pid}, since ${acquiredAt}); ` +
      'only one writer at a time: wait for it to finish (if that process is gone, the lock is taken over automatically)',
  );
});

Then('会话的写锁文件就是那个进程的锁', async function (this: SynapseWorld) {
  expect(await readFile(await lockPath(this), 'utf8')).to.equal(expectedHolders.get(this)!.text);
});

Then('会话的写锁文件还在', async function (this: SynapseWorld) {
  expect((await lstat(await lockPath(this))).isSymbolicLink()).to.equal(true);
});

Given('会话的写锁文件是一个指向不存在位置的符号链接', async function (this: SynapseWorld) {
  await symlink(join(await this.tempDir(), 'nowhere'), await lockPath(this));
});

Given('会话目录中有一个里面有文件的目录 {string}', async function (this: SynapseWorld, name: string) {
  const dir = join(await sessionDir(this), name);
  await mkdir(dir);
  await writeFile(join(dir, 'inside'), 'left behind');
});

// --- 目录 ------------------------------------------------------------------------------------------

Given('临时目录中的 {string} 是一个指向不存在的 {string} 的符号链接', async function (this: SynapseWorld, link: string, target: string) {
  await symlink(join(await this.tempDir(), target), join(await this.tempDir(), link));
});

Given('临时目录中有一个普通文件 {string}', async function (this: SynapseWorld, name: string) {
  await writeFile(join(await this.tempDir(), name), 'a file');
});

const directoryErrors = new WeakMap<SynapseWorld, Error | undefined>();

When('我尝试在临时目录中建目录 {string}', async function (this: SynapseWorld, path: string) {
  directoryErrors.set(
    this,
    await makeDirectory(join(await this.tempDir(), path)).then(
      () => undefined,
      (error: Error) => error,
    ),
  );
});

Then('建目录报错 {word}，消息为 {string}', async function (this: SynapseWorld, name: string, message: string) {
  const error = directoryErrors.get(this);
  expect(error?.name).to.equal(name);
  expect(error!.message).to.equal(await expand(this, message));
});

// --- 错误的包装与描述 ------------------------------------------------------------------------------

const wrapped = new WeakMap<SynapseWorld, { input: unknown; output: Error }>();

const WRAP_INPUTS: Record<string, () => unknown> = {
  一个已经包装过的会话文件错误: () => new SessionFileError('/data/s/history.jsonl', 'read', 'EISDIR', 'Cannot read /data/s/history.jsonl: it is a directory, where a file was expected (EISDIR)'),
  '一个消息为 "boom" 的 TypeError': () => new TypeError('boom'),
  null: () => null,
};

When(/^把(.+)包装为写 "(.*)" 时的会话文件错误$/, function (this: SynapseWorld, value: string, path: string) {
  const input = WRAP_INPUTS[value]!();
  wrapped.set(this, { input, output: sessionFileError(path, 'write', input) });
});

Then('得到原来那个错误', function (this: SynapseWorld) {
  const { input, output } = wrapped.get(this)!;
  expect(output).to.equal(input);
});

Then('得到一个消息为 {string} 的 Error', function (this: SynapseWorld, message: string) {
  const { output } = wrapped.get(this)!;
  expect(output).to.be.instanceOf(Error);
  expect([output.name, output.message]).to.deep.equal(['Error', message]);
});

const descriptions = new WeakMap<SynapseWorld, string>();

When('描述一个不是错误对象的值 null', function (this: SynapseWorld) {
  descriptions.set(this, describeFsError(null));
});

Then('这个值被描述为 {string}', function (this: SynapseWorld, text: string) {
  expect(descriptions.get(this)).to.equal(text);
});

// --- 隔离记录 --------------------------------------------------------------------------------------

const readBack = new WeakMap<SynapseWorld, Buffer>();

When('从隔离记录 {} 读回字节', function (this: SynapseWorld, json: string) {
  readBack.set(this, quarantinedBytes(JSON.parse(json) as { text?: string; base64?: string }));
});

Then('读回的字节是十六进制 {string}', function (this: SynapseWorld, hex: string) {
  expect(readBack.get(this)!.toString('hex')).to.equal(hex);
});
