import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ChatMessage, Usage } from '../llm';
import { repairWarnings, sessionFiles, SessionStore, type PendingApproval, type Session, type SessionLoadWarning, type SessionOrigin } from '../session';
import type { HistoryStore } from './conversation-history';

export interface RunnerSessionOptions {
  /** The session's id, or null for a runner that persists nothing. */
  id: string | null;
  /** An opened session to continue. */
  session?: Session;
  /** Resume this session (it must exist) rather than create a new one. */
  resume: boolean;
  sessionsDir?: string;
  /** Recorded in the session: where and with what model it is held. */
  origin?: SessionOrigin;
}

/**
 * The runner's hold on its session: the one writer from open to close (the session's writer lock), a
 * resumed session repaired before its first request (what cannot be used is quarantined and reported,
 * never dropped), and a new session created only when the first exchange is confirmed, so a run that
 * ends before the model answered leaves nothing on disk.
 */
export class RunnerSession implements HistoryStore {
  /** Problems found and repaired when the session was opened; reported by the next run. */
  warnings: SessionLoadWarning[] = [];
  private session: Session | null = null;
  private creating?: Promise<Session>;
  /** Whether this runner created the session (rather than resume or receive it). */
  private createdHere = false;
  private closed = false;
  private paused: PendingApproval | null = null;

  constructor(private readonly options: RunnerSessionOptions) {}

  get current(): Session | null {
    return this.session;
  }

  /** Where the session keeps offloaded tool results (known before the session is opened or created), if there is a session. */
  get offloadDir(): string | undefined {
    if (this.options.session) return this.options.session.offloadDir;
    return this.options.id ? sessionFiles(this.sessionsDir(), this.options.id).offload : undefined;
  }

  /** Opens (locks and repairs) a session to resume; returns its history. Nothing to do for a new one. */
  async open(): Promise<readonly ChatMessage[]> {
    const { session: given, resume, id } = this.options;
    if (!given && !(resume && id)) return [];
    const session = given ?? (await this.store().open(id!));
    await session.lock();
    this.session = session;
    if (this.options.origin) await session.setOrigin(this.options.origin);
    // Unreadable lines are reported by the repair (with where they went); the rest as they were found.
    const loadWarnings = session.warnings.filter((warning) => warning.line === undefined);
    const report = await session.repair();
    this.warnings = [...loadWarnings, ...repairWarnings(report)];
    const { approval, warning } = await session.readPendingApproval();
    this.paused = approval;
    if (warning) this.warnings.push({ file: 'pending-approval.json', message: warning });
    return modelView(session.messages);
  }

  /** The round a paused run left waiting for approval (see PendingApproval), if any. */
  get pendingApproval(): PendingApproval | null {
    return this.paused;
  }

  /** Keeps the paused round (in the session, when there is one), or forgets it once its round is in the history. */
  async setPendingApproval(approval: PendingApproval | null): Promise<void> {
    const session = await this.ensure();
    if (session && (approval || this.paused)) await session.setPendingApproval(approval);
    this.paused = approval;
  }

  /** The session's history file, for hooks (`transcript_path`); null for a runner that persists nothing. */
  get historyPath(): string | null {
    const given = this.session ?? this.options.session;
    if (given) return given.historyPath;
    return this.options.id ? sessionFiles(this.sessionsDir(), this.options.id).history : null;
  }

  /** What the user asked: the session's title (not the instruction block put before it) if it has none. */
  titleHint?: string;

  async append(messages: readonly ChatMessage[]): Promise<void> {
    const session = await this.ensure();
    if (!session) return;
    if (!session.title && this.titleHint) await session.setTitle(this.titleHint);
    await session.append(messages);
  }

  async repair(): Promise<readonly ChatMessage[]> {
    const session = await this.ensure();
    if (!session) return [];
    const report = await session.repair();
    this.warnings.push(...repairWarnings(report));
    return modelView(session.messages);
  }

  async rewrite(messages: readonly ChatMessage[]): Promise<readonly ChatMessage[]> {
    const session = await this.ensure();
    return session ? session.rewriteHistory(messages) : messages;
  }

  /**
   * Puts a run's input on disk before the run is announced (creating a new session now, not at the
   * first answer), so the words are there once the session's id is shown. The first append with the
   * model's reply confirms it.
   */
  async holdInput(message: ChatMessage): Promise<void> {
    await (await this.ensure())?.setPendingInput(message);
  }

  /**
   * The run failed before the model answered (an abort, a model error): the input is forgotten, and a
   * session this run created and nothing was confirmed in is removed, so the session is as it was.
   */
  async releaseInput(): Promise<void> {
    const session = this.session;
    if (!session?.pendingInput) return;
    await session.discardPendingInput();
    if (this.createdHere && session.messages.length === 0 && session.usage.rounds.length === 0) {
      await session.close();
      await this.store().remove(session.id);
      this.session = null;
      this.creating = undefined;
    }
  }

  async recordUsage(usage: Usage, model: string): Promise<void> {
    await (await this.ensure())?.recordUsage(usage, model);
  }

  /** Releases the writer lock once queued writes are done. */
  async close(): Promise<void> {
    this.closed = true;
    const session = this.session ?? (this.creating ? await this.creating.catch(() => null) : null);
    await session?.close();
  }

  /** The session, created and locked on first use when the runner started a new one. */
  private async ensure(): Promise<Session | null> {
    if (this.session || !this.options.id) return this.session;
    if (this.closed) throw new Error(`AgentRunner is closed: session ${this.options.id} cannot be written`);
    this.creating ??= (async () => {
      const session = await this.store().create({ id: this.options.id!, title: this.titleHint, origin: this.options.origin });
      await session.lock();
      this.session = session;
      this.createdHere = true;
      return session;
    })();
    return this.creating;
  }

  private store(): SessionStore {
    return new SessionStore(this.sessionsDir());
  }

  private sessionsDir(): string {
    return resolve(this.options.sessionsDir ?? process.env.SYNAPSE_SESSIONS_DIR ?? join(homedir(), '.synapse', 'sessions'));
  }
}

/** What the model is shown of a session's history: everything but inputs it never answered. */
function modelView(messages: readonly ChatMessage[]): readonly ChatMessage[] {
  return messages.some((message) => message.meta?.unanswered) ? messages.filter((message) => !message.meta?.unanswered) : messages;
}
