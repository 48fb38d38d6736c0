import type { ChatMessage } from '../llm/types';
import { sanitizeHistory, type Session } from '../session';

/**
 * The runner's history: in memory, and mirrored to the session (when there is one) message by message
 * as each is confirmed. Nothing unconfirmed (a half-finished round) is ever added.
 */
export class ConversationHistory {
  private readonly list: ChatMessage[];
  /** Messages before this index have been checked. Rounds are appended whole, so a check of the rest is enough. */
  private checked = 0;

  constructor(private readonly session: Session | null, initial: readonly ChatMessage[] = []) {
    this.list = [...initial];
  }

  get messages(): readonly ChatMessage[] {
    return this.list;
  }

  get hasUserMessage(): boolean {
    return this.list.some((message) => message.role === 'user');
  }

  async append(...messages: ChatMessage[]): Promise<void> {
    if (this.session) await this.session.append(messages);
    this.list.push(...messages);
  }

  /** Drops dangling or malformed tool-call sequences and rewrites the session file to match. */
  async sanitize(): Promise<number> {
    const { messages, removed } = sanitizeHistory(this.list.slice(this.checked));
    if (removed.length) {
      this.list.splice(this.checked, this.list.length - this.checked, ...messages);
      if (this.session) await this.session.rewrite(this.list);
    }
    this.checked = this.list.length;
    return removed.length;
  }
}
