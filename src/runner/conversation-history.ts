import type { ChatMessage } from '../llm';
import { sanitizeHistory } from '../session';

/** Where confirmed messages are mirrored (the runner's session, created on first use), if anywhere. */
export interface HistoryStore {
  append(messages: readonly ChatMessage[]): Promise<void>;
  /** Repairs the persisted history (quarantining what it removes) and returns it as it now is. */
  repair(): Promise<readonly ChatMessage[]>;
  /** Replaces the history (compaction, offload), archiving what leaves it; returns it as persisted. */
  rewrite(messages: readonly ChatMessage[]): Promise<readonly ChatMessage[]>;
}

/**
 * The runner's history: in memory, and mirrored to the session (when there is one) as messages are
 * confirmed. A message the model has not answered yet (the user's input, a reminder) is staged: it is
 * sent with requests but confirmed only together with the model's reply, so a run that ends before the
 * reply (abort, error, timeout) leaves the history as it was. Nothing unconfirmed is ever persisted.
 */
export class ConversationHistory {
  private readonly confirmed: ChatMessage[];
  private staged: ChatMessage[] = [];
  /** Confirmed messages before this index have been checked. Rounds are appended whole, so a check of the rest is enough. */
  private checked = 0;

  constructor(
    private readonly store: HistoryStore | null,
    initial: readonly ChatMessage[] = [],
  ) {
    this.confirmed = [...initial];
  }

  /** What the next request sends: the confirmed history, then what is staged. */
  get messages(): readonly ChatMessage[] {
    return this.staged.length ? [...this.confirmed, ...this.staged] : this.confirmed;
  }

  /** The confirmed history only. */
  get persisted(): readonly ChatMessage[] {
    return this.confirmed;
  }

  get hasUserMessage(): boolean {
    return this.messages.some((message) => message.role === 'user');
  }

  /** Holds a message until the model has answered it. */
  stage(message: ChatMessage): void {
    this.staged.push(message);
  }

  /** Forgets what is staged: the run ended before the model answered it. */
  discardStaged(): void {
    this.staged = [];
  }

  /** Confirms what is staged, then `messages`, in one write. */
  async append(...messages: ChatMessage[]): Promise<void> {
    const batch = [...this.staged, ...messages];
    if (batch.length === 0) return;
    if (this.store) await this.store.append(batch);
    this.staged = [];
    this.confirmed.push(...batch);
  }

  /** Replaces the confirmed history (what is staged stays staged). */
  async replace(messages: readonly ChatMessage[]): Promise<void> {
    const persisted = this.store ? await this.store.rewrite(messages) : messages;
    this.confirmed.splice(0, this.confirmed.length, ...persisted);
    this.checked = 0;
  }

  /**
   * Makes the confirmed history safe to send (every tool call answered exactly once), keeping every message
   * that is valid on its own terms; returns how many messages were removed and added.
   */
  async sanitize(): Promise<{ removed: number; added: number }> {
    // Stryker disable next-line MethodExpression: a pure optimisation: the checked prefix is valid and rounds are appended whole, so checking everything finds the same problems
    const { removed, added } = sanitizeHistory(this.confirmed.slice(this.checked));
    if (removed.length || added.length) {
      if (this.store) {
        this.confirmed.splice(0, this.confirmed.length, ...(await this.store.repair()));
      } else {
        this.confirmed.splice(0, this.confirmed.length, ...sanitizeHistory(this.confirmed).messages);
      }
    }
    this.checked = this.confirmed.length;
    return { removed: removed.length, added: added.length };
  }
}
