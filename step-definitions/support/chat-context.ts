import { join } from 'node:path';
import { AgentRunner, ChatSession, ReplController, SessionStore, type ChatMessage, type ReplTerminal, type RunnerEvent, type TurnOutcome } from '../../src';
import { LLM_MODEL } from './llm-mock';
import { clip, section, type Narrating } from './transcript';
import type { SynapseWorld } from './world';

/** Every call the REPL made on its terminal, in order. */
export type TerminalCall = { kind: 'print'; text: string } | { kind: 'prompt'; answering: boolean } | { kind: 'clearInput' } | { kind: 'clearScreen' } | { kind: 'end' };

/**
 * The chat's command layer without a terminal: a ChatSession on the msw model and a ReplController
 * whose terminal records what it was asked to do. The REPL's own code runs unchanged; only the screen
 * is a recorder (the pseudo-terminal scenarios drive the real one).
 */
export class ChatContext implements Narrating {
  readonly calls: TerminalCall[] = [];
  readonly events: RunnerEvent[] = [];
  readonly outcomes: TurnOutcome[] = [];
  /** Ids `/resume` handed to the resume callback. */
  readonly resumed: string[] = [];
  /** How often the session store was listed (the document's Session.find). */
  storeLookups = 0;
  interruptCalls = 0;
  /** False: the REPL is built without a resume callback. */
  resumeAvailable = true;
  /** The session the chat starts on (a saved one), if any. */
  startSessionId?: string;
  /** What the REPL printed for the scenario's last action (the document's "output"). */
  lastOutput?: string;
  /** What the last submit returned, when a step kept it. */
  turn?: Promise<void>;
  private built?: { chat: ChatSession; controller: ReplController };
  private sessionStore?: SessionStore;
  private readonly waiters: Array<() => boolean> = [];

  constructor(private readonly world: SynapseWorld) {}

  async cwd(): Promise<string> {
    return this.world.tempDir();
  }

  /** The sessions directory's store; its listing is counted. */
  async store(): Promise<SessionStore> {
    if (!this.sessionStore) {
      const store = new SessionStore(join(await this.world.tempDir(), 'sessions'));
      const list = store.list.bind(store);
      store.list = () => {
        this.storeLookups += 1;
        return list();
      };
      this.sessionStore = store;
    }
    return this.sessionStore;
  }

  async controller(): Promise<ReplController> {
    return (await this.build()).controller;
  }

  async chat(): Promise<ChatSession> {
    return (await this.build()).chat;
  }

  /** A saved session of this directory with `messages`, made directly in the store; returns its id. */
  async saveSession(options: { messages?: ChatMessage[]; id?: string; cwd?: string } = {}): Promise<string> {
    const store = await this.store();
    const session = await store.create({ id: options.id, origin: { cwd: options.cwd ?? (await this.cwd()), model: LLM_MODEL } });
    if (options.messages?.length) await session.append(options.messages);
    await session.close();
    // Updated times must differ for "most recent first" to be meaningful.
    await new Promise((resolve) => setTimeout(resolve, 5));
    return session.id;
  }

  /** Submits a line and waits until what it started has ended. */
  async enter(line: string): Promise<string> {
    const from = this.calls.length;
    await (await this.controller()).submit(line);
    return this.printedSince(from);
  }

  /** Submits a line without waiting for it (a turn that goes on while later steps act). */
  async start(line: string): Promise<void> {
    const controller = await this.controller();
    this.turn = controller.submit(line);
    this.turn.catch(() => undefined);
  }

  /** Everything printed since call number `from`. */
  printedSince(from = 0): string {
    return this.calls
      .slice(from)
      .flatMap((call) => (call.kind === 'print' ? [call.text] : []))
      .join('\n');
  }

  get printed(): string {
    return this.printedSince(0);
  }

  count(kind: TerminalCall['kind']): number {
    return this.calls.filter((call) => call.kind === kind).length;
  }

  /** Resolves once `condition` holds (checked on every terminal call and runner event). */
  until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Timed out waiting for ${what}; the REPL printed:\n${this.printed}`)), timeoutMs);
      const check = () => {
        if (!condition()) return false;
        clearTimeout(timer);
        resolve();
        return true;
      };
      if (!check()) this.waiters.push(check);
    });
  }

  narrate(): string[] {
    const lines = this.calls.map((call) => (call.kind === 'print' ? `print: ${clip(call.text, 200)}` : call.kind === 'prompt' ? `prompt${call.answering ? ' (answer)' : ''}` : call.kind));
    return section('REPL (command layer) terminal calls', lines);
  }

  private record(call: TerminalCall): void {
    this.calls.push(call);
    this.notify();
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) if (waiter()) this.waiters.splice(this.waiters.indexOf(waiter), 1);
  }

  private async build(): Promise<{ chat: ChatSession; controller: ReplController }> {
    if (this.built) return this.built;
    const cwd = await this.cwd();
    const store = await this.store();
    const chat = new ChatSession({
      cwd,
      model: LLM_MODEL,
      store,
      sessionId: this.startSessionId,
      createRunner: ({ sessionId, model }) =>
        new AgentRunner({
          model,
          client: this.world.llm.client(),
          cwd,
          ...(sessionId ? { sessionId } : {}),
          sessionsDir: store.sessionsDir,
          recordInterruptions: true,
          onEvent: (event) => {
            this.events.push(event);
            this.notify();
          },
        }),
    });
    const terminal: ReplTerminal = {
      print: (text) => this.record({ kind: 'print', text }),
      prompt: (answering) => this.record({ kind: 'prompt', answering: Boolean(answering) }),
      clearInput: () => this.record({ kind: 'clearInput' }),
      clearScreen: () => this.record({ kind: 'clearScreen' }),
      end: () => this.record({ kind: 'end' }),
    };
    const controller = new ReplController({
      chat,
      terminal,
      resumeSession: this.resumeAvailable
        ? async (id) => {
            this.resumed.push(id);
            await chat.resume(id);
          }
        : null,
      onTurnEnd: (outcome) => {
        this.outcomes.push(outcome);
        this.notify();
      },
    });
    const interrupt = controller.interruptCurrentTurn.bind(controller);
    controller.interruptCurrentTurn = () => {
      this.interruptCalls += 1;
      interrupt();
    };
    this.world.onCleanup(() => controller.close());
    this.built = { chat, controller };
    return this.built;
  }
}
