import type { ChatSession } from './chat-session';

/** What a slash command's handler may use: the conversation, and the person at the prompt. */
export interface ReplContext {
  chat: ChatSession;
  /**
   * Asks the person a question and resolves with their answer ('' for a bare Enter, null when they
   * interrupted). Without it, commands that need an answer (the `/resume` list) say they cannot ask.
   */
  ask?(question: string): Promise<string | null>;
  /**
   * Switches the conversation to a saved session (the REPL passes chat.resume; a host may veto or
   * log). Without it, `/resume` says it is not available here.
   */
  resumeSession?(sessionId: string): Promise<void>;
}

/** What a command did: text to show, and whether the REPL should end. */
export interface CommandResult {
  output: string;
  exit?: boolean;
  /** The screen should be cleared before the output (`/clear`). */
  clearScreen?: boolean;
}

export interface SlashCommand {
  /** Without the slash, lower case. */
  name: string;
  aliases?: readonly string[];
  /** How it is called, when it takes arguments: `/resume [--latest | <id or prefix>]`. */
  usage?: string;
  /** One line for `/help`. */
  summary: string;
  /** The `/help` section it is listed in. */
  group: 'Common' | 'Sessions' | 'Model and context' | 'Extensions';
  run(args: string, context: ReplContext): Promise<CommandResult>;
}

/** A result that only shows text. */
export function shown(output: string): CommandResult {
  return { output };
}
