// The edges of the Bash router and its shell (features/bash-tool-edges.feature): cancellation between the
// router's stages, commands attached to this process's own streams, and exact results.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import type { CancelablePromise, CommandResult } from '../src';
import { SecurityContext } from './support/security-context';
import { StreamCapture } from '../src/tools/stream-capture';
import { isProcessAlive, ToolsContext, waitForFile } from './support/tools-context';
import type { SynapseWorld } from './support/world';

const tools = (world: SynapseWorld) => world.use(ToolsContext);

/** A command a step started and did not wait for (`开始路由命令`), with the command text. */
const started = new WeakMap<SynapseWorld, { command: string; routed: CancelablePromise<CommandResult> }>();

/** The resources keeping this process alive, by kind, as a step saw them. */
const resourcesSeen = new WeakMap<SynapseWorld, Map<string, number>>();

/** Processes, pipes and timers keeping this process alive (not passing file-system requests), counted by kind. */
function activeResources(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo()) if (['ProcessWrap', 'PipeWrap', 'Timeout'].includes(kind)) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return counts;
}

/** Waits for a cancelled route, then routes one more command: whatever the cancelled one would still have run has run by then. */
async function settleCancelled(world: SynapseWorld, command: string, routed: CancelablePromise<CommandResult>): Promise<void> {
  tools(world).record(command, await routed);
  await new Promise((resolve) => setTimeout(resolve, 20));
  await (await tools(world).router()).route('true');
}

Given('审批者等到命令被取消之后才回答 {string}', function (this: SynapseWorld, answer: 'once' | 'session') {
  const security = this.use(SecurityContext);
  security.configure({
    approve: (request, { signal }) => {
      security.approvals.push(request);
      return new Promise((resolve) => signal.addEventListener('abort', () => resolve(answer)));
    },
  });
});

When(/^路由命令 `(.+)` 并在审批者被询问时取消$/, async function (this: SynapseWorld, command: string) {
  const { approvals } = this.use(SecurityContext);
  const routed = (await tools(this).router()).route(command);
  let settled = false;
  void routed.then(() => (settled = true));
  while (!approvals.length && !settled) await new Promise((resolve) => setTimeout(resolve, 5));
  routed.cancel();
  await settleCancelled(this, command, routed);
});

When(/^以 restart=true 路由命令 `(.+)`，并在重启 Shell 期间取消$/, async function (this: SynapseWorld, command: string) {
  const router = await tools(this).router();
  // Cancelled once the restart has begun, whatever the clock: the restart of this router's session is
  // watched (a timer would race a kill that takes well under a millisecond).
  const session = (router as unknown as { session: { restart(): Promise<void> } }).session;
  const restart = session.restart.bind(session);
  let routed: ReturnType<typeof router.route> | undefined;
  session.restart = () => {
    const restarting = restart();
    routed!.cancel();
    return restarting;
  };
  routed = router.route(command, true);
  await settleCancelled(this, command, routed);
});

Then('命令结果应完全是:', async function (this: SynapseWorld, json: string) {
  const workspace = await this.tempDir();
  expect(await tools(this).result()).to.deep.equal(JSON.parse(json.replaceAll('{workspace}', workspace)));
});

// --- Commands attached to this process's own streams (routeAttached) -------------------------------------

/** Makes this process's stdin / stdout / stderr look like a terminal or not, for this scenario only. */
function setTerminal(world: SynapseWorld, stream: NodeJS.ReadStream | NodeJS.WriteStream, isTTY: boolean): void {
  const before = Object.getOwnPropertyDescriptor(stream, 'isTTY');
  Object.defineProperty(stream, 'isTTY', { value: isTTY, configurable: true, writable: true });
  world.onCleanup(() => {
    if (before) Object.defineProperty(stream, 'isTTY', before);
    else delete (stream as { isTTY?: boolean }).isTTY;
  });
}

Given(/^本进程的标准输入(是|不是)终端，标准输出与标准错误(是|不是)终端$/, function (this: SynapseWorld, stdin: string, outputs: string) {
  setTerminal(this, process.stdin, stdin === '是');
  setTerminal(this, process.stdout, outputs === '是');
  setTerminal(this, process.stderr, outputs === '是');
});

/** What a command routed attached wrote through this process's stdout and stderr streams. */
const written = new WeakMap<SynapseWorld, { stdout: string; stderr: string }>();

async function routeAttached(world: SynapseWorld, command: string, cancelAfterPidFile?: string): Promise<void> {
  const context = tools(world);
  const line = command.replace(/\{([\w-]+)\}/g, (placeholder, name: string) => context.placeholders.get(name) ?? placeholder);
  const capture = { stdout: '', stderr: '' };
  const originals = { stdout: process.stdout.write, stderr: process.stderr.write };
  for (const name of ['stdout', 'stderr'] as const) {
    process[name].write = ((chunk: string | Uint8Array) => {
      capture[name] += String(chunk);
      return true;
    }) as typeof process.stdout.write;
  }
  try {
    const running = (await context.router()).routeAttached(line);
    if (cancelAfterPidFile) {
      await waitForFile(await context.workspacePath(cancelAfterPidFile));
      running.cancel();
    }
    context.record(line, await running);
  } finally {
    process.stdout.write = originals.stdout;
    process.stderr.write = originals.stderr;
  }
  written.set(world, capture);
}

When(/^以附着方式路由命令 `(.+)`$/, async function (this: SynapseWorld, command: string) {
  await routeAttached(this, command);
});

When(/^以附着方式路由命令 `(.+)`，在它写下 `(.+)` 后取消$/, async function (this: SynapseWorld, command: string, pidFile: string) {
  await routeAttached(this, command, pidFile);
});

Then(/^经本进程的(标准输出|标准错误)写出的文字应为 "(.*)"$/, function (this: SynapseWorld, stream: string, text: string) {
  const capture = written.get(this);
  if (!capture) throw new Error('No command was routed attached in this scenario');
  expect(capture[stream === '标准输出' ? 'stdout' : 'stderr']).to.equal(text.replace(/\\n/g, '\n'));
});

// --- Commands in flight, late cancels, what keeps the process alive ----------------------------------------

When(/^开始路由命令 `(.+)`，等它写下 `(.+)`$/, async function (this: SynapseWorld, command: string, file: string) {
  const routed = (await tools(this).router()).route(command);
  started.set(this, { command, routed });
  await waitForFile(await tools(this).workspacePath(file));
});

When(/^开始路由命令 `([^`]+)`$/, async function (this: SynapseWorld, command: string) {
  started.set(this, { command, routed: (await tools(this).router()).route(command) });
});

When('等先前开始的命令结束', async function (this: SynapseWorld) {
  const { command, routed } = started.get(this)!;
  tools(this).record(command, await routed);
});

Then('先前开始的命令的结果应完全是:', async function (this: SynapseWorld, json: string) {
  const { command, routed } = started.get(this)!;
  const result = await routed;
  tools(this).record(command, result);
  expect(result).to.deep.equal(JSON.parse(json));
});

When(/^路由命令 `(.+)`，结束后再取消它$/, async function (this: SynapseWorld, command: string) {
  const routed = (await tools(this).router()).route(command);
  tools(this).record(command, await routed);
  routed.cancel();
});

Then('命令的 stderr 应为:', async function (this: SynapseWorld, text: string) {
  expect((await tools(this).result()).stderr).to.equal(text.replaceAll('{workspace}', await this.tempDir()));
});

Given(/^场景结束时结束 `(.+)` 记录的进程（它离开了进程组，也没有标记）$/, function (this: SynapseWorld, file: string) {
  this.onCleanup(async () => {
    const pid = Number(
      await tools(this)
        .readWorkspaceFile(file)
        .catch(() => ''),
    );
    if (pid > 0 && isProcessAlive(pid)) process.kill(pid, 'SIGKILL');
  });
});

Given('记下让本进程保持运行的资源', function (this: SynapseWorld) {
  resourcesSeen.set(this, activeResources());
});

Then('让本进程保持运行的资源应与先前记下的相同', function (this: SynapseWorld) {
  expect(Object.fromEntries(activeResources())).to.deep.equal(Object.fromEntries(resourcesSeen.get(this)!));
});

// --- StreamCapture: one output stream of a shell command, in pieces -------------------------------------

/** Step text to bytes: `\\n` is a newline, `\\0` a NUL, `\\u0001` that character, `\\\\` a backslash. */
function stepBytes(text: string): Buffer {
  const escapes: Record<string, string> = { n: '\n', '0': '\0', '\\': '\\' };
  return Buffer.from(
    text.replace(/\\(n|0|\\|u[0-9a-fA-F]{4})/g, (_, code: string) => escapes[code] ?? String.fromCharCode(Number.parseInt(code.slice(1), 16))),
    'utf8',
  );
}

const CAPTURE_MARKER = Buffer.from('\x01END:');

interface CaptureCase {
  headBytes: number;
  tailBytes: number;
  stream: Buffer;
}
const captureCases = new WeakMap<SynapseWorld, CaptureCase>();

Given(
  /^保留开头 (\d+) 字节与结尾 (\d+) 字节的输出捕获，它收到的字节是 "(.*)"、结束标记、"(.*)"、NUL 与 "(.*)"$/,
  function (this: SynapseWorld, head: string, tail: string, output: string, payload: string, after: string) {
    captureCases.set(this, { headBytes: Number(head), tailBytes: Number(tail), stream: Buffer.concat([stepBytes(output), CAPTURE_MARKER, stepBytes(payload), Buffer.from([0]), stepBytes(after)]) });
  },
);

Given(/^保留开头 (\d+) 字节与结尾 (\d+) 字节的输出捕获，它收到的字节只有 "(.*)"$/, function (this: SynapseWorld, head: string, tail: string, output: string) {
  captureCases.set(this, { headBytes: Number(head), tailBytes: Number(tail), stream: stepBytes(output) });
});

Then(/^不论这些字节按多大的片段到达，捕获的文字都应为 "([\s\S]*)"，结束标记后的内容都应为 (".*"|没有)$/, function (this: SynapseWorld, text: string, payload: string) {
  const { headBytes, tailBytes, stream } = captureCases.get(this)!;
  const expected = { text: stepBytes(text).toString('utf8'), payload: payload === '没有' ? undefined : stepBytes(payload.slice(1, -1)).toString('utf8') };
  for (let size = 1; size <= stream.length; size++) {
    const capture = new StreamCapture(CAPTURE_MARKER, headBytes, tailBytes);
    for (let at = 0; at < stream.length; at += size) capture.push(stream.subarray(at, at + size));
    expect({ size, text: capture.text(), payload: capture.payload, complete: capture.complete }).to.deep.equal({ size, ...expected, complete: expected.payload !== undefined });
  }
});

const bigCaptures = new WeakMap<SynapseWorld, string>();

When(/^保留开头与结尾各 (\d+) 字节的输出捕获收到 (\d+) MB 的 "x"，每片 (\d+) KB，然后是结束标记$/, function (this: SynapseWorld, keep: string, megabytes: string, kilobytes: string) {
  const capture = new StreamCapture(CAPTURE_MARKER, Number(keep), Number(keep));
  const started = Date.now();
  const piece = Buffer.alloc(Number(kilobytes) * 1024, 'x');
  for (let sent = 0; sent < Number(megabytes) * 1024 * 1024; sent += piece.length) capture.push(piece);
  capture.push(Buffer.concat([CAPTURE_MARKER, Buffer.from('0:/\0')]));
  tools(this).lastElapsedMs = Date.now() - started;
  bigCaptures.set(this, capture.text());
});

Then(/^捕获的文字应为 (\d+) 个 "x"、省略 (\d+) 字节的标记与 (\d+) 个 "x"$/, function (this: SynapseWorld, head: string, omitted: string, tail: string) {
  expect(bigCaptures.get(this)).to.equal(`${'x'.repeat(Number(head))}\n[output truncated: ${omitted} bytes omitted]\n${'x'.repeat(Number(tail))}`);
});

/** Whether a process has ended: gone, or a zombie (dead, waiting for init to reap it, which may take a while here). */
function hasEnded(pid: number): boolean {
  try {
    return /^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

Then(/^`(.+)` 记录的进程应在 (\d+) 毫秒内结束$/, async function (this: SynapseWorld, file: string, limit: string) {
  const pid = tools(this).hostPid(Number(await tools(this).readWorkspaceFile(file)));
  const deadline = Date.now() + Number(limit);
  while (!hasEnded(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(hasEnded(pid), `process ${pid} should have ended within ${limit} ms`).to.equal(true);
});

/**
 * Starts a command, then keeps this process busy (the event loop blocked, as by a long synchronous task) so
 * that whatever the shell does meanwhile (finishing the command, or its time limit passing) is only seen
 * after the restart below has been asked for.
 */
When(/^开始路由命令 `([^`]+)`，随后本进程忙碌 (\d+) 毫秒，接着以 restart=true 路由命令 `(.+)`$/, async function (this: SynapseWorld, first: string, busyMs: string, second: string) {
  const router = await tools(this).router();
  started.set(this, { command: first, routed: router.route(first) });
  const restarted = await new Promise<CancelablePromise<CommandResult>>((resolve) =>
    setTimeout(() => {
      spawnSync('sleep', [String(Number(busyMs) / 1000)]);
      resolve(router.route(second, true));
    }, 0),
  );
  tools(this).record(second, await restarted);
});
