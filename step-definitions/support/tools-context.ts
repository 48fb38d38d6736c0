import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { quoteShellArg } from '../../src/tools/shell-quote';
import {
  BashRouter,
  BashTool,
  TodoStore,
  type BashRouterOptions,
  type CancelablePromise,
  type CommandResult,
  type TodoItem,
  type TaskRequest,
  type TodoState,
  type ToolExecuteOptions,
  type ToolResult,
} from '../../src';
import { namespacePids } from './sandbox-pids';
import { block, section, type Narrating } from './transcript';
import type { SynapseWorld } from './world';

/** A valid todo item, with fields overridden (a field set to undefined is left out). */
export function todoItem(overrides: Record<string, unknown> = {}, index = 0): Record<string, unknown> {
  const item: Record<string, unknown> = { content: `Task ${index + 1}`, activeForm: `Doing task ${index + 1}`, status: 'pending', ...overrides };
  for (const key of Object.keys(item)) if (item[key] === undefined) delete item[key];
  return item;
}

export function todoItems(count: number, status: TodoItem['status'] = 'pending'): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, index) => todoItem({ status }, index));
}

/** The Bash command a model would send for a TodoWrite document. */
export function todoWriteCommand(document: unknown): string {
  return `TodoWrite ${quoteShellArg(JSON.stringify(document))}`;
}

/**
 * The tools domain of a scenario: a real BashRouter (real bash, real files) in the scenario's temp
 * directory, the BashTool over it, the TodoStore TodoWrite updates, and the last command and its result.
 */
export class ToolsContext implements Narrating {
  readonly todoStore = new TodoStore();
  routerOptions: BashRouterOptions = {};
  /** A command arranged by a Given, run by the next When. */
  pendingCommand?: string;
  lastCommand?: string;
  private lastResult?: CommandResult;
  /** The TodoStore state just before the last command ran. */
  todoStateBefore?: TodoState;
  /** The todo field a step made longer than the limit (`content` or `activeForm`). */
  todoOversizedField?: string;
  /** The last TodoWrite document a step arranged. */
  todoDocument?: Record<string, unknown>;
  /** A routed command still running (for cancellation scenarios). */
  inFlight?: CancelablePromise<CommandResult>;
  cancelSettledInMs?: number;
  /** How long the last `run` took. */
  lastElapsedMs?: number;
  /** What a recording sub-agent executor received. */
  readonly taskRequests: TaskRequest[] = [];
  pendingToolArgs?: unknown;
  /** A caller's signal several tool calls shared. */
  sharedSignal?: AbortSignal;
  private lastToolResult?: ToolResult;
  /** Everything routed and every Bash tool call of the scenario, in order, for its transcript. */
  private readonly log: string[] = [];
  private routerInstance?: BashRouter;
  /** `{name}` in a routed command is replaced by the value a step registered here. */
  readonly placeholders = new Map<string, string>();
  /** Namespace pid -> host pid of the processes seen in the router's sandbox. */
  private readonly sandboxPids = new Map<number, number>();

  constructor(private readonly world: SynapseWorld) {}

  async router(): Promise<BashRouter> {
    if (!this.routerInstance) {
      const router = new BashRouter({ cwd: await this.world.tempDir(), todoStore: this.todoStore, ...this.routerOptions });
      this.world.onCleanup(() => router.close());
      this.routerInstance = router;
    }
    return this.routerInstance;
  }

  /** Closes the router; the next use builds a new one (same workspace, current options). */
  async replaceRouter(): Promise<BashRouter> {
    await this.routerInstance?.close();
    this.routerInstance = undefined;
    this.sandboxPids.clear();
    return this.router();
  }

  async tool(): Promise<BashTool> {
    return new BashTool(await this.router());
  }

  workspacePath(name: string): Promise<string> {
    return this.world.tempDir().then((dir) => join(dir, name));
  }

  async readWorkspaceFile(name: string): Promise<string> {
    return readFile(await this.workspacePath(name), 'utf8');
  }

  async writeWorkspaceFile(name: string, content: string): Promise<void> {
    const path = await this.workspacePath(name);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, content);
  }

  /** Arranges a TodoWrite command for a document. */
  prepareTodoWrite(document: Record<string, unknown>): void {
    this.todoDocument = document;
    this.prepare(todoWriteCommand(document));
  }

  prepare(command: string): void {
    this.pendingCommand = command;
  }

  /** Routes a command (the pending one by default) and keeps its result. */
  async run(command = this.pendingCommand): Promise<CommandResult> {
    if (command === undefined) throw new Error('No command was arranged for this scenario');
    this.pendingCommand = undefined;
    command = command.replace(/\{([\w-]+)\}/g, (placeholder, name: string) => this.placeholders.get(name) ?? placeholder);
    this.lastCommand = command;
    this.todoStateBefore = this.todoStore.get();
    const router = await this.router();
    const started = Date.now();
    const routed = router.route(command);
    // A command that records pids (`echo $! > x.pid`) may be killed before it returns: map them while it runs.
    const pidFiles = [...command.matchAll(/> ?(\S+\.pid)\b/g)].map((match) => match[1]!);
    let settled = false;
    const watcher = Promise.all(pidFiles.map(async (file) => waitForFile(await this.workspacePath(file), 5000).catch(() => undefined))).then(() => {
      if (!settled) this.noteSandboxPids();
    });
    this.lastResult = await routed;
    settled = true;
    this.lastElapsedMs = Date.now() - started;
    if (pidFiles.length) await Promise.race([watcher, new Promise((resolve) => setTimeout(resolve, 50))]);
    this.noteSandboxPids();
    this.logCommand(command, this.lastResult);
    return this.lastResult;
  }

  /** Remembers the host pids of what runs in the router's sandbox now (see hostPid). */
  noteSandboxPids(): void {
    const root = this.routerInstance?.shellPid;
    if (root !== undefined && this.routerInstance!.security.sandbox.enforced) for (const [inside, host] of namespacePids(root)) this.sandboxPids.set(inside, host);
  }

  /** The host pid of a pid a command wrote (`echo $! > x.pid`): inside a sandbox it is a namespace pid. */
  hostPid(pid: number): number {
    if (!this.routerInstance?.security.sandbox.enforced) return pid;
    const host = this.sandboxPids.get(pid);
    if (host === undefined) throw new Error(`pid ${pid} was never seen running in the router's sandbox (seen: ${[...this.sandboxPids.keys()].join(', ')})`);
    return host;
  }

  /** Keeps a result obtained outside `run` (a cancelled in-flight command). */
  record(command: string, result: CommandResult): void {
    this.lastCommand = command;
    this.lastResult = result;
    this.logCommand(command, result);
  }

  async result(): Promise<CommandResult> {
    // A Then never runs what a When should have: reordered or missing, the scenario must say so.
    if (this.pendingCommand !== undefined) throw new Error(`The command \`${this.pendingCommand}\` was arranged but no When step ran it`);
    if (!this.lastResult) throw new Error('No command has run in this scenario');
    return this.lastResult;
  }

  /** Calls the Bash tool with the arranged arguments and keeps its result. */
  async callTool(args: unknown = this.pendingToolArgs, options: ToolExecuteOptions = {}): Promise<ToolResult> {
    this.lastToolResult = await (await this.tool()).execute(args, options);
    this.logToolCall(args, this.lastToolResult);
    return this.lastToolResult;
  }

  recordToolResult(result: ToolResult): void {
    this.lastToolResult = result;
    this.logToolCall(this.pendingToolArgs, result);
  }

  narrate(): string[] {
    return section('Bash router and tool', this.log);
  }

  private logCommand(command: string, result: CommandResult): void {
    this.log.push(
      ...block('$ route', command, 8),
      `  exit ${result.exitCode}${result.failureCategory ? ` (${result.failureCategory})` : ''}${result.interrupted ? ` interrupted: ${result.interrupted}` : ''}`,
    );
    this.log.push(...block('  stdout', result.stdout), ...block('  stderr', result.stderr));
  }

  private logToolCall(args: unknown, result: ToolResult): void {
    this.log.push(`Bash(${JSON.stringify(args)}) → ${result.isError ? 'ERROR' : 'ok'}${result.extras?.failureCategory ? ` (${result.extras.failureCategory})` : ''}`);
    this.log.push(...block('  message', result.message));
  }

  get hasToolResult(): boolean {
    return this.lastToolResult !== undefined;
  }

  get toolResult(): ToolResult {
    if (!this.lastToolResult) throw new Error('The Bash tool has not been called in this scenario');
    return this.lastToolResult;
  }
}

/** What `Router 已就绪` leaves in the workspace: a file for the native write/edit commands to work on. */
export const WORKSPACE_FILE = 'tmp.txt';
export const WORKSPACE_FILE_SEED = 'a banana and a cat\n';

/** Runs a command with a fresh `bash -c` in `cwd`: the reference a routed native command must agree with. */
export function runWithBashC(command: string, cwd: string): CommandResult {
  const result = spawnSync('bash', ['-c', command], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return { stdout: result.stdout, stderr: result.stderr, exitCode: result.status ?? 1 };
}

/**
 * Resolves once `path` holds a whole line (a command signalling that it has started, `echo $! > x.pid`), or
 * fails after `timeoutMs`. The shell creates the file before `echo` writes to it: existence alone is too early.
 */
export async function waitForFile(path: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(existsSync(path) && readFileSync(path, 'utf8').endsWith('\n'))) {
    if (Date.now() > deadline) throw new Error(`${path} did not appear within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Whether a process id is still running (a zombie counts as gone once reaped). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until `pid` is gone; true if it went within `timeoutMs`. */
export async function waitForProcessExit(pid: number, timeoutMs = 2000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isProcessAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}
