import { execFileSync } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AgentRunner, SessionStore, type AgentRunnerOptions, type ChatMessage, type RunnerEvent, type SessionUsage } from '../../src';
import type { ScriptedReply } from '../../src/testing';
import { LLM_MODEL } from './llm-mock';
import { clip, section, type Narrating } from './transcript';
import type { SynapseWorld } from './world';

export interface TimedEvent {
  event: RunnerEvent;
  at: number;
}

/** A tool call of a scripted reply: the Bash command, or a whole call. */
export type ScriptedCall = string | { name: string; arguments: string | string[] };

/**
 * A scenario's AgentRunner: built on first use against the msw model, in the scenario's temp dir,
 * recording every progress event with its time.
 */
export class RunnerContext implements Narrating {
  options: Partial<AgentRunnerOptions> = {};
  readonly events: TimedEvent[] = [];
  private built?: AgentRunner;
  /** The text each `run` of this scenario resolved with, or the error it rejected with. */
  result?: string;
  error?: unknown;
  /** The user input the runner is given (parent replies are routed to it by `when`). */
  input = 'Please do the work.';
  private calls = 0;
  /** A sleep no other process runs (a random duration), so we can tell whether it is alive. */
  readonly sleepCommand = `sleep 7.${Math.floor(100000 + Math.random() * 900000)}`;
  /** Task names this scenario scripted, and whether each was scripted to fail. */
  readonly scriptedTasks: Array<{ name: string; fail: boolean }> = [];
  /** How often a recorded tool's cancel() was called. */
  cancelCalls = 0;
  usageBefore?: SessionUsage;
  /** Set by a scenario whose event listener throws after recording each event. */
  throwingListener = false;
  /** Set by a scenario whose event listener returns a rejected promise after recording each event. */
  rejectingListener = false;
  /** What the runner reported through onListenerError. */
  listenerFailures: unknown[] = [];
  /** A scenario's own reaction to each event (after it is recorded), e.g. to abort the run at a given point. */
  onEvent?: (event: RunnerEvent) => void;

  constructor(private readonly world: SynapseWorld) {}

  async runner(): Promise<AgentRunner> {
    if (this.built) return this.built;
    const runner = new AgentRunner({
      model: LLM_MODEL,
      client: this.world.llm.client(),
      cwd: await this.world.tempDir(),
      ...this.options,
      onEvent: (event) => {
        this.events.push({ event, at: performance.now() });
        this.onEvent?.(event);
        if (this.throwingListener) throw new Error(`listener failed on ${event.type}`);
        if (this.rejectingListener) return Promise.reject(new Error(`listener failed on ${event.type}`));
      },
    });
    this.world.onCleanup(() => runner.close());
    this.built = runner;
    return runner;
  }

  /** Forgets the runner (a new one, same options, is built on next use), as a new process would. */
  async restart(): Promise<void> {
    this.options.sessionId = this.built?.getSessionId() ?? undefined;
    await this.built?.close();
    this.built = undefined;
  }

  /** What the session held before the scenario's runs, when the scenario seeded one. */
  seeded: ChatMessage[] = [];

  /** A session holding `messages` (written through the library), resumed by this scenario's runner. */
  async resumeSessionWith(messages: ChatMessage[]): Promise<string> {
    const session = await new SessionStore(await this.sessionsDir()).create();
    await session.append(messages);
    this.seeded = messages;
    this.options.sessionId = session.id;
    this.options.context = { compactRetryDelayMs: 0, ...this.options.context };
    return session.id;
  }

  /** Everything said in the scenario's session (Session.transcript(), what `sessions show --all` prints). */
  async transcript(): Promise<ChatMessage[]> {
    const session = await new SessionStore(await this.sessionsDir()).open((await this.runner()).getSessionId()!);
    return (await session.transcript()).messages;
  }

  async sessionsDir(): Promise<string> {
    this.options.sessionsDir ??= `${await this.world.tempDir()}/sessions`;
    return this.options.sessionsDir;
  }

  /** The parent conversation's next reply: tool calls (Bash commands) or text. */
  reply(calls: ScriptedCall[] | string): void {
    if (typeof calls === 'string') return this.world.llm.reply({ when: this.input, content: calls });
    this.world.llm.reply({
      when: this.input,
      toolCalls: calls.map((call) => {
        const id = `call_${++this.calls}`;
        return typeof call === 'string' ? { id, name: 'Bash', arguments: { command: call } } : { id, ...call };
      }),
    });
  }

  /** A sub-agent's reply, routed by its prompt. */
  subAgentReply(prompt: string, reply: Omit<ScriptedReply, 'when'>): void {
    this.world.llm.reply({ when: prompt, ...reply });
  }

  async run(input = this.input, signal?: AbortSignal): Promise<string> {
    this.result = undefined;
    this.error = undefined;
    try {
      const text = await (await this.runner()).run(input, { signal });
      this.result = text;
      return text;
    } catch (error) {
      this.error = error;
      throw error;
    }
  }

  /** Starts a run and aborts it shortly after the tool running `command` has started. */
  async runAndAbortWhenToolStarts(command: string): Promise<void> {
    const controller = new AbortController();
    const running = this.run(this.input, controller.signal).catch(() => undefined);
    await this.waitFor((event) => event.type === 'tool_call_started' && event.command === command);
    if (command === this.sleepCommand) await poll(() => this.sleepIsRunning(), 'the sleep to start');
    controller.abort();
    await running;
  }

  sleepIsRunning(): boolean {
    try {
      return execFileSync('pgrep', ['-f', this.sleepCommand]).toString().trim() !== '';
    } catch {
      return false; // pgrep exits 1 when nothing matches
    }
  }

  async waitUntilSleepIsGone(): Promise<void> {
    await poll(() => !this.sleepIsRunning(), 'the cancelled command to be killed');
  }

  async waitFor(predicate: (event: RunnerEvent) => boolean, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.events.some(({ event }) => predicate(event))) {
      if (Date.now() > deadline) throw new Error('Timed out waiting for a runner event');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  of<T extends RunnerEvent['type']>(type: T): Array<Extract<RunnerEvent, { type: T }> & { at: number }> {
    return this.events.filter(({ event }) => event.type === type).map(({ event, at }) => ({ ...(event as Extract<RunnerEvent, { type: T }>), at }));
  }

  /** Start and finish times of each tool call, keyed by the command it ran. */
  spans(): Map<string, { start: number; end: number; isError: boolean }> {
    const spans = new Map<string, { start: number; end: number; isError: boolean }>();
    for (const started of this.of('tool_call_started')) spans.set(started.toolCallId, { start: started.at, end: Infinity, isError: false });
    for (const finished of this.of('tool_call_finished')) Object.assign(spans.get(finished.toolCallId)!, { end: finished.at, isError: finished.result.isError });
    const byCommand = new Map<string, { start: number; end: number; isError: boolean }>();
    for (const started of this.of('tool_call_started')) byCommand.set(started.command ?? started.name, spans.get(started.toolCallId)!);
    return byCommand;
  }

  /** The most tool calls ever running at once, observed from the runner's own start/finish events. */
  maxInFlight(): number {
    let current = 0;
    let max = 0;
    for (const { event } of this.events) {
      if (event.type === 'tool_call_started') max = Math.max(max, ++current);
      if (event.type === 'tool_call_finished') current--;
    }
    return max;
  }

  /** Waits until the runner has opened (and, if needed, cleaned) its session. */
  async getHistoryReady(): Promise<void> {
    await (await this.runner()).getHistory();
  }

  async history(): Promise<ChatMessage[]> {
    return (await this.runner()).getHistory();
  }

  toolMessages(history: ChatMessage[]): ChatMessage[] {
    return history.filter((message) => message.role === 'tool');
  }

  /** The history as a new process reads it from disk. */
  async persistedHistory(): Promise<ChatMessage[]> {
    const session = await new SessionStore(await this.sessionsDir()).open((await this.runner()).getSessionId()!);
    return [...session.messages];
  }

  async givenFile(name: string, content: string): Promise<void> {
    await writeFile(join(await this.world.tempDir(), name), content);
  }

  async readFile(name: string): Promise<string> {
    return readFile(join(await this.world.tempDir(), name), 'utf8');
  }

  /** The runs, tool calls and their results, as the runner reported them. */
  narrate(): string[] {
    const lines = this.events.flatMap(({ event }): string[] => {
      switch (event.type) {
        case 'run_started':
          return [`run "${clip(event.input, 100)}"${event.sessionId ? ` in session ${event.sessionId}` : ''}`];
        case 'tool_call_started':
          return [`  → ${event.command !== undefined ? `${event.name}(command="${clip(event.command, 140)}")` : event.name}`];
        case 'tool_call_finished':
          return [`  ← ${clip(event.command ?? event.name, 60)}: ${event.result.isError ? 'ERROR' : 'ok'} (${Math.round(event.durationMs)} ms) ${clip(event.result.message, 160)}`];
        case 'reminder':
          return [`  reminder: ${clip(event.text, 120)}`];
        case 'history_sanitized':
          return [`  history sanitized: ${event.removed} message(s) removed`];
        case 'round_discarded':
          return [`  round discarded: ${clip(event.reason, 140)}`];
        case 'run_finished':
          return [`  finished (${event.stopReason}): ${clip(event.text, 160)}`];
        default:
          return [];
      }
    });
    if (this.error) lines.push(`  run rejected: ${clip(String((this.error as Error)?.message ?? this.error), 160)}`);
    return section('AgentRunner', lines);
  }

  async sessionDirectories(): Promise<string[]> {
    return (await readdir(await this.sessionsDir())).filter((name) => name.startsWith('session-'));
  }
}

/** Waits until `done()` holds, checking every 20 ms, for at most a few seconds. */
export async function poll(done: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
