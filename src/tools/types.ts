import type { ToolDefinition } from '../llm';

/** A promise whose work can be stopped: `cancel()` kills what it started and settles it as interrupted. */
export type CancelablePromise<T> = Promise<T> & { cancel(): void };

/**
 * Why a tool call failed. The runner counts usage failures; execution errors are the world's, not the
 * model's; a permission denial (the policy or the sandbox said no) is neither.
 */
export type FailureCategory = 'command_not_found' | 'invalid_usage' | 'execution_error' | 'permission_denied';

export interface ToolResultExtras {
  failureCategory?: FailureCategory;
  exitCode?: number;
  baseCommand?: string;
  /** The call did not run: it waits for a person's approval (see CallPermission.defer). */
  approvalRequired?: { rule: string };
  [key: string]: unknown;
}

/** What every tool returns, success or failure. Tools never throw to their caller. */
export interface ToolResult {
  isError: boolean;
  /** The raw output (stdout, then a `[stderr]` section). */
  output: string;
  /** What the model reads: the output plus, on failure, how to repair the call. */
  message: string;
  /** A one-line summary for progress displays. */
  brief?: string;
  extras?: ToolResultExtras;
}

export interface ToolExecuteOptions {
  signal?: AbortSignal;
  /** How this call's permission check may go beyond the rules (a PreToolUse hook's decision, an earlier approval). */
  permission?: CallPermission;
}

/**
 * What the caller knows about one call's permission that the rules do not (see PermissionGate.check).
 * Nothing here gets past a deny rule.
 */
export interface CallPermission {
  /**
   * A PreToolUse hook's decision. `allow` approves what would be asked only because of the policy's defaults
   * (the built-in ask rules, `unmatched: ask`); your own ask rules still ask. `ask` asks even when the
   * rules allow.
   */
  hook?: 'allow' | 'ask';
  /** The hook's reason, shown with the question. */
  reason?: string;
  /** A person approved this very call already (a deferred call, approved later): an ask is approved. */
  approved?: boolean;
  /** An ask nobody can answer now (no approver) pauses the call, `approvalRequired`, rather than denying it. */
  defer?: boolean;
}

export interface Tool<Args = Record<string, unknown>> {
  readonly name: string;
  /** The function definition sent to the model. */
  readonly definition: ToolDefinition;
  execute(args: Args, options?: ToolExecuteOptions): CancelablePromise<ToolResult>;
}

/** The outcome of one routed command, shell-like. */
export interface CommandResult {
  stdout: string;
  stderr: string;
  exitCode: number;
  /** Why it failed, when the layer that ran it knows better than the exit code (usage errors, unknown names). */
  failureCategory?: FailureCategory;
  /** Set when the command was killed before it finished: cancelled (exit 130) or past its time limit. */
  interrupted?: 'cancelled' | 'timeout';
  /** For a usage failure: the command that prints the full usage (e.g. `read --help`). */
  usageHelp?: string;
  /** Not run: it needs a person's approval and the caller chose to wait for one (CallPermission.defer). */
  approvalRequired?: { rule: string };
}

/** A parsed `task:<type> --prompt ... --description ...` command. */
export interface TaskRequest {
  type: string;
  prompt: string;
  description?: string;
  /** `--model`: the sub-agent's model instead of its parent's. */
  model?: string;
  /** `--max-turns`: the most model turns the sub-agent may take. */
  maxTurns?: number;
  command: string;
}

/** Runs one sub-agent task to completion (src/subagents provides the real one). */
export interface SubAgentExecutor {
  execute(request: TaskRequest, options: { signal: AbortSignal }): Promise<CommandResult>;
}

/** Gives the router a sub-agent executor for a task type; throws for a type it does not know. */
export type SubAgentExecutorFactory = (type: string) => SubAgentExecutor;
