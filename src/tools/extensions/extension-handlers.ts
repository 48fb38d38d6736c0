import type { CommandResult } from '../types';

export interface ExtensionCallOptions {
  signal: AbortSignal;
  /** The shell's current directory. */
  cwd: string;
}

/** Runs `mcp:<server>:<tool> [args...]`; returns `failureCategory: 'command_not_found'` for names it does not know. */
export type McpHandler = (server: string, tool: string, args: string[], options: ExtensionCallOptions) => Promise<CommandResult> | CommandResult;

/** Runs `skill:<name> [args...]`. */
export type SkillHandler = (name: string, args: string[], options: ExtensionCallOptions) => Promise<CommandResult> | CommandResult;

export interface ExtensionHandlers {
  mcp?: McpHandler;
  skill?: SkillHandler;
}
