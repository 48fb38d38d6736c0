import type { Extensions } from '../extensions';
import type { AgentRunner } from '../runner';
import type { ContextStats, SessionStore, SessionUsage } from '../session';
import type { ToolResult } from '../tools';

/** What a runner is built for: a new conversation, or a saved session to go on with. */
export interface RunnerRequest {
  /** The saved session to resume; undefined for a new conversation. */
  sessionId?: string;
  model: string;
}

export interface ChatSessionOptions {
  /** Builds the runner of a conversation (the CLI passes its flags, security and event listener through it). */
  createRunner(request: RunnerRequest): AgentRunner;
  model: string;
  cwd: string;
  /** Where sessions are saved; undefined: nothing is saved (`--no-session`), so nothing can be resumed. */
  store?: SessionStore;
  /** The saved session to start with. */
  sessionId?: string;
  /** Tokens the model's window holds, for `/context`; default: the runner's (its option, SYNAPSE_CONTEXT_WINDOW, the model table, or 128k). */
  contextWindow?: number;
  /**
   * Echo mode: the model is unavailable (its client could not be set up), so a message is handed to
   * this instead of a model; commands and `!` still work.
   */
  echo?: (text: string) => void;
  /** The model was chosen explicitly (`--model`): a resumed session keeps it instead of its own. */
  modelPinned?: boolean;
}

/**
 * The conversation behind a chat: one AgentRunner at a time (a new one for `/new`, `/resume` or `/model`),
 * on one saved session. The REPL's commands act on it; it knows nothing of terminals.
 */
export class ChatSession {
  readonly cwd: string;
  readonly store?: SessionStore;
  private current: AgentRunner;
  private currentModel: string;

  constructor(private readonly options: ChatSessionOptions) {
    this.cwd = options.cwd;
    this.store = options.store;
    this.currentModel = options.model;
    this.current = options.createRunner({ sessionId: options.sessionId, model: options.model });
  }

  get runner(): AgentRunner {
    return this.current;
  }

  /** The window `/context` measures against: the given one, else the current runner's. */
  get contextWindow(): number {
    return this.options.contextWindow ?? this.current.contextWindow;
  }

  /** The MCP servers and skills of the current runner. */
  get extensions(): Extensions | undefined {
    return this.current.extensionLayer;
  }

  /** False in echo mode. */
  get agentAvailable(): boolean {
    return !this.options.echo;
  }

  get model(): string {
    return this.currentModel;
  }

  /** The session's id (a new conversation has one before anything is saved), or null when nothing is saved. */
  get sessionId(): string | null {
    return this.current.getSessionId();
  }

  /** Sends the user's message; resolves with the final answer (rejects with an AbortError on interrupt). */
  send(text: string, signal?: AbortSignal): Promise<string> {
    if (this.options.echo) {
      this.options.echo(text);
      return Promise.resolve(text);
    }
    return this.current.run(text, { signal });
  }

  /** Runs `!<command>` in the session's shell; its output joins the conversation. */
  runShell(command: string, signal?: AbortSignal): Promise<ToolResult> {
    return this.current.runUserCommand(command, { signal });
  }

  usage(): Promise<SessionUsage | null> {
    return this.current.getSessionUsage();
  }

  contextStats(): Promise<ContextStats> {
    return this.current.getContextStats();
  }

  /** Starts a new conversation; the one before stays saved. */
  newConversation(): Promise<void> {
    return this.replace({ model: this.currentModel });
  }

  /** Goes on with a saved session (its id resolved already), with its model unless one was chosen. */
  async resume(sessionId: string): Promise<void> {
    if (sessionId === this.sessionId) return;
    const recorded = this.options.modelPinned ? undefined : (await this.store?.list())?.find((session) => session.id === sessionId)?.origin?.model;
    await this.replace({ sessionId, model: recorded ?? this.currentModel });
  }

  /** Goes on with the same conversation on another model. */
  setModel(model: string): Promise<void> {
    const sessionId = this.sessionId;
    // A new conversation's session exists on disk only once something was saved in it.
    return this.replace({ sessionId: sessionId && this.current.hasSavedSession() ? sessionId : undefined, model });
  }

  /** Ends the runner's shell and releases its session. */
  close(): Promise<void> {
    // SessionEnd hooks hear Claude Code's reason for a chat the person left.
    return this.current.close('prompt_input_exit');
  }

  /**
   * The new runner is built (and may fail) before the old one is closed: a failed switch keeps the chat as it
   * was. The same session (`/model`) has one writer at a time: the old runner lets it go first, and is
   * rebuilt on it if the new one cannot open it.
   */
  private async replace(request: RunnerRequest): Promise<void> {
    const sameSession = request.sessionId !== undefined && request.sessionId === this.sessionId;
    const before = this.current;
    if (sameSession) await before.close();
    const next = this.options.createRunner(request);
    try {
      await next.getHistory(); // opens (locks, repairs) a saved session: a session another process holds fails here
    } catch (error) {
      await next.close();
      if (sameSession) this.current = this.options.createRunner({ sessionId: request.sessionId, model: this.currentModel });
      throw error;
    }
    this.current = next;
    this.currentModel = request.model;
    if (!sameSession) await before.close();
  }
}
