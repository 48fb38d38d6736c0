import { fire, type CommandHooks, type FeedbackVerdict } from '../hooks';
import type { ChatMessage } from '../llm';
import type { HookEvent } from '../settings';
import type { RunnerEvent } from './types';

/** What hooks added to a user message, by event, in the order they spoke. */
export interface HookContext {
  event: HookEvent;
  text: string;
}

export const HOOK_CONTEXT_INJECTION = 'hook_context';

/**
 * The runner's side of the lifecycle events: SessionStart (once, at the first run), UserPromptSubmit,
 * Stop (SubagentStop in a sub-agent), SessionEnd (on close, after a SessionStart) and Notification. Each
 * reports what its hooks told the user; none can throw into the run.
 */
export class RunnerHooks {
  private started = false;
  private readonly notifications = new Set<Promise<unknown>>();

  constructor(
    readonly engine: CommandHooks | undefined,
    private readonly options: { cwd: () => string; emit: (event: RunnerEvent) => void; isSubAgent: boolean },
  ) {}

  /** SessionStart, once per runner (never in a sub-agent): `resume` for a session opened again, else `startup`. */
  async sessionStart(resumed: boolean, signal?: AbortSignal): Promise<FeedbackVerdict | undefined> {
    if (this.started || this.options.isSubAgent) return undefined;
    this.started = true;
    const source = resumed ? 'resume' : 'startup';
    return this.fire('SessionStart', { source }, { subject: source, signal });
  }

  userPromptSubmit(prompt: string, signal?: AbortSignal): Promise<FeedbackVerdict> {
    return this.fire('UserPromptSubmit', { prompt }, { signal });
  }

  /** Stop, or SubagentStop in a sub-agent: may keep the agent going (a block, with what it is told). */
  stop(lastAssistantMessage: string, stopHookActive: boolean, signal?: AbortSignal): Promise<FeedbackVerdict> {
    return this.fire(this.options.isSubAgent ? 'SubagentStop' : 'Stop', { stop_hook_active: stopHookActive, last_assistant_message: lastAssistantMessage }, { signal });
  }

  /** SessionEnd, when a runner whose session started closes. */
  async sessionEnd(reason: string): Promise<void> {
    await this.settled();
    if (!this.started) return;
    this.started = false;
    await this.fire('SessionEnd', { reason }, { subject: reason });
  }

  /** Resolves once the Notification hooks started so far have finished (a run does not end before them). */
  async settled(): Promise<void> {
    await Promise.all(this.notifications);
  }

  /** Notification, not awaited (a person is being asked meanwhile); settled() and sessionEnd wait for it. */
  notify(message: string, notificationType: string): Promise<unknown> {
    if (!this.engine?.has('Notification')) return Promise.resolve();
    const running = this.fire('Notification', { message, notification_type: notificationType }, { subject: notificationType });
    this.notifications.add(running);
    void running.finally(() => this.notifications.delete(running));
    return running;
  }

  private async fire(event: HookEvent, fields: Record<string, unknown>, options: { subject?: string; signal?: AbortSignal }): Promise<FeedbackVerdict> {
    const verdict = await fire(this.engine, event, fields, { cwd: this.options.cwd(), ...options });
    for (const message of verdict.notices) this.options.emit({ type: 'hook_notice', hookEvent: event, message });
    return verdict;
  }
}

/** The user's message with what hooks added after it (SessionStart, UserPromptSubmit), marked as injected. */
export function withHookContext(message: ChatMessage, contexts: readonly HookContext[]): ChatMessage {
  if (contexts.length === 0) return message;
  const blocks = hookContextBlocks(contexts);
  const userText = message.meta?.userText ?? message.content ?? '';
  return { ...message, content: `${message.content ?? ''}\n\n${blocks}`, meta: { ...message.meta, userText, injected: [...(message.meta?.injected ?? []), HOOK_CONTEXT_INJECTION] } };
}

/** What hooks added, as a message of its own (a resumed run's SessionStart context, after the round it resumes). */
export function hookContextMessage(contexts: readonly HookContext[]): ChatMessage {
  return { role: 'user', content: hookContextBlocks(contexts), meta: { injected: [HOOK_CONTEXT_INJECTION] } };
}

function hookContextBlocks(contexts: readonly HookContext[]): string {
  return contexts.map(({ event, text }) => `[${event} hook context]\n${text}`).join('\n\n');
}
