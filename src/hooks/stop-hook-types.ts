import type { ChatMessage } from '../llm';

/** What a stop hook is told when a run ends normally. */
export interface StopHookContext {
  /** The runner's working directory. */
  cwd: string;
  /** The conversation as it stands at the end of the run (the final answer included). */
  messages: readonly ChatMessage[];
  /** The model's final answer of the run. */
  finalResponse: string;
  /** The session the run wrote to; null for a runner that persists nothing. */
  sessionId: string | null;
}

/** What a hook may hand back: a message to show after the final answer. */
export interface StopHookResult {
  message?: string;
}

/** Lets a hook stream progress while it runs (a UI shows it as it comes). */
export interface StopHookTools {
  emitProgress(text: string): void;
}

/** A stop hook: may return (or resolve with) a StopHookResult; anything else counts as no message. */
export type StopHook = (context: StopHookContext, tools: StopHookTools) => unknown;

/** One hook's outcome, in execution order: its message, or the error it failed with. */
export interface StopHookOutcome {
  name: string;
  message?: string;
  error?: string;
}
