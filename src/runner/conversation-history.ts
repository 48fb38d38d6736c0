import type { ChatMessage } from '../llm/types';
import { sanitizeHistory, type Session } from '../session';

/**
 * The runner's history: in memory, and mirrored to the session (when there is one) message by message
 * as each is confirmed. Nothing unconfirmed (a half-finished round) is ever added.
 */
export class ConversationHistory {
  private readonly list: ChatMessage[];

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
    const { messages, removed } = sanitizeHistory(this.list);
    if (removed.length === 0) return 0;
    this.list.splice(0, this.list.length, ...messages);
    if (this.session) await this.session.rewrite(messages);
    return removed.length;
  }
}
