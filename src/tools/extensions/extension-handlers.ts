import type { CommandResult } from '../types';

export interface ExtensionCallOptions {
  signal: AbortSignal;
  /** The shell's current directory. */
  cwd: string;
  /** The router only reads: extensions refuse what may change files. */
  readOnly: boolean;
  /**
   * Runs a command line in the router's native shell (its session, time limit and sandbox), the way skill
   * scripts run. A read-only router refuses it.
   */
  runNative(command: string): Promise<CommandResult>;
  /**
   * Creates or overwrites a file as the `write` command does (the sandbox's file rules, parents created), for
   * `mcp:* --save`. Throws the sandbox's refusal or the file system's error (fileErrorResult words both).
   */
  writeFile(path: string, content: Buffer): Promise<void>;
}

/**
 * Runs `mcp:<target> [args...]`, where `target` is the text after `mcp:` (`list`, or `<server>:<tool>`).
 * Returns `failureCategory: 'command_not_found'` for names it does not know.
 */
export type McpHandler = (target: string, args: string[], options: ExtensionCallOptions) => Promise<CommandResult> | CommandResult;

/** Runs `skill:<target> [args...]` (`list`, `search`, `load`, `<name>` or `<name>:<script>`). */
export type SkillHandler = (target: string, args: string[], options: ExtensionCallOptions) => Promise<CommandResult> | CommandResult;

export interface ExtensionHandlers {
  mcp?: McpHandler;
  skill?: SkillHandler;
  /** The skill catalog (names, descriptions, locations) a `task:skill` sub-agent is given, most relevant to `request` first. */
  skillCatalog?: (request: string) => Promise<string>;
}
