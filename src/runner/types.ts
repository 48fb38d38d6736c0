import type OpenAI from 'openai';
import type { ChatMessage, ToolCall, Usage } from '../llm';
import type { PermissionEvent, Tool, ToolResult, ToolSecurityOptions } from '../tools';
import type { TodoStore } from '../todo';
import type { Session, SessionLoadWarning } from '../session';
import type { ContextEvent, ContextOptions } from '../context';
import type { Extensions, ExtensionsOptions, McpClientCallbacks } from '../extensions';
import type { PricingTable, RunBudget } from '../usage';
import type { CommandHooks, HookActivity, StopHookExecutor, StopHookRegistry } from '../hooks';
import type { HookEvent, HookSettings } from '../settings';
import type { ProjectInstructions } from './project-instructions';

/**
 * Why a run ended. `approval_required`: it paused at tool calls waiting for a person (`onAsk: 'defer'`; see
 * AgentRunner.resume). `hook_stopped`: a hook answered `continue: false`. `prompt_blocked`: a
 * UserPromptSubmit hook blocked the prompt, which was not sent nor kept.
 */
export type StopReason = 'completed' | 'consecutive_failures' | 'max_iterations' | 'budget_exceeded' | 'approval_required' | 'hook_stopped' | 'prompt_blocked';

/** A tool call a paused run waits on: what it would run and what asked for a person's approval. */
export interface PendingToolCall {
  toolCallId: string;
  command: string;
  rule: string;
}

/** Progress of a run, in the order things happen (task results in completion order). */
export type RunnerEvent =
  /** `resumed`: the run goes on from a pause, with these answers (`input` is then empty). */
  | { type: 'run_started'; sessionId: string | null; input: string; resumed?: ApprovalDecisions }
  | { type: 'assistant_delta'; text: string }
  | { type: 'assistant_message'; content: string; toolCalls: ToolCall[] }
  | { type: 'tool_call_started'; toolCallId: string; name: string; command?: string; isTask: boolean; description?: string }
  | {
      type: 'tool_call_finished';
      toolCallId: string;
      name: string;
      command?: string;
      isTask: boolean;
      description?: string;
      result: ToolResult;
      durationMs: number;
    }
  /** One model call's tokens (the agent's or a sub-agent's), and their cost: null when the model has no price. */
  | { type: 'usage'; usage: Usage; model: string; costUsd: number | null }
  | { type: 'reminder'; text: string }
  | { type: 'history_sanitized'; removed: number; added: number }
  /** A problem found in the session's files (reported once, by the first run after it was opened). */
  | ({ type: 'session_warning' } & SessionLoadWarning)
  | { type: 'round_discarded'; reason: string }
  | { type: 'run_finished'; text: string; stopReason: StopReason }
  /** permission_requested / permission_decided, from this runner's tools and its sub-agents'. */
  | PermissionEvent
  /** Something asked for and not in force here (a sandbox without bubblewrap); once per runner. Also: context and stop-hook trouble. */
  | { type: 'warning'; message: string }
  /** hook_started / hook_finished: command hooks at work (the sub-agents' too). */
  | HookActivity
  /** What a hook has the user told: a `systemMessage`, an exit 2 of an event that cannot block, why a Stop hook was not obeyed. */
  | { type: 'hook_notice'; hookEvent: HookEvent; message: string }
  /** A tool call the run pauses on, before its run_finished (`approval_required`). */
  | ({ type: 'approval_required' } & PendingToolCall)
  /** Large tool results moved to files, or older messages replaced by a summary. */
  | ContextEvent
  /** Progress a stop hook streams while it runs. */
  | { type: 'stop_hook_progress'; hook: string; text: string };

/** A person's answers to a paused run's calls, by tool call id: approved ones run, rejected ones are refused. */
export interface ApprovalDecisions {
  approve?: readonly string[];
  reject?: readonly string[];
}

export interface AgentRunnerOptions {
  model: string;
  /** A ready OpenAI client (shared with sub-agents); otherwise one is built from baseURL/apiKey. */
  client?: OpenAI;
  baseURL?: string;
  apiKey?: string;
  /** Replaces the default system prompt (which describes the tools and lists MCP servers and skills). */
  systemPrompt?: string;
  /** The project's instructions (AGENTS.md, see readProjectInstructions), put after the system prompt. */
  projectInstructions?: ProjectInstructions;
  /** Text put at the very end of the system prompt. */
  appendSystemPrompt?: string;
  /** Working directory of the shell and file commands. Default: process.cwd(). */
  cwd?: string;
  /** The tools offered to the model. Default: the Bash tool over a BashRouter with sub-agents. */
  // biome-ignore lint/suspicious/noExplicitAny: a Tool<{ command: string }> must fit; unknown args would reject every typed tool
  toolset?: Tool<any>[];
  todoStore?: TodoStore;
  /** Rounds in a row with usage failures before the runner stops. Default 3 (env SYNAPSE_MAX_CONSECUTIVE_TOOL_FAILURES). */
  maxConsecutiveToolFailures?: number;
  /** Model requests in one run before the runner stops. Default 50. */
  maxIterations?: number;
  /** Prefix the conversation's first user message with the Skill Search Priority block. Default true. */
  enableSkillSearchInstruction?: boolean;
  /** Persistence: an opened session, or an id to resume from sessionsDir, or just a sessionsDir to create one in. */
  session?: Session;
  sessionId?: string;
  sessionsDir?: string;
  /** Progress callback. Isolated: whatever it throws (or rejects with) never reaches the run. */
  onEvent?: (event: RunnerEvent) => unknown;
  /** Told about the first failure of `onEvent`. Default: one process warning (SYNAPSE_LISTENER_FAILED). */
  onListenerError?: (error: unknown) => void;
  /**
   * Longest wait, in ms, for a model response to start and between two streamed chunks. Default:
   * SYNAPSE_REQUEST_TIMEOUT or 300000 (used when the runner builds its own client; a given client keeps its own).
   */
  requestTimeoutMs?: number;
  /**
   * The default toolset's permission policy, human approval, sandbox, environment and redaction, shared
   * with sub-agents. Default: every command allowed except DEFAULT_ASK_PATTERNS, which are denied unless
   * `approve` says yes (fail-closed); workspace-write sandbox where bubblewrap works; secrets kept out.
   */
  security?: ToolSecurityOptions;
  /** MCP config files named explicitly (`--mcp-config`), before `<cwd>/mcp_servers.json` and `~/.synapse/mcp/mcp_servers.json`. */
  mcpConfig?: string[];
  /** Skill directories named explicitly (`--skills-dir`), before `<cwd>/.agents/skills`, `~/.agents/skills`, `~/.synapse/skills`. */
  skillsDirs?: string[];
  /**
   * Whether the project's own MCP config files (`<cwd>/mcp_servers.json`, `<cwd>/.mcp.json`) may start
   * servers: true or false; unset, the trust store (`~/.synapse/trusted-projects.json`) decides, then
   * `askProjectTrust`. Untrusted servers are listed, never started (see ExtensionsOptions).
   */
  trustProject?: boolean;
  askProjectTrust?: ExtensionsOptions['askProjectTrust'];
  /** A ready extension layer (MCP servers, skills), closed by whoever built it. Default: one built from the options above, closed by close(). */
  extensions?: Extensions;
  /**
   * When a run is interrupted (its signal aborts), keep the user's input and a note of what was stopped in
   * the history, so the next turn knows (the CLI's chat and run set it). Default false: an interrupted run
   * leaves the history as it was.
   */
  recordInterruptions?: boolean;
  /**
   * Asks a person what an MCP server's elicitation requests (the CLI prompts on a terminal). Without it
   * elicitations are declined. (Sampling needs nothing here: the run's model answers, after approval.)
   */
  mcpElicit?: McpClientCallbacks['elicit'];
  /** Set for sub-agents: the default system prompt then describes a single delegated task. */
  isSubAgent?: boolean;
  /**
   * The model's context window, in tokens. Default: SYNAPSE_CONTEXT_WINDOW, else the window of a well-known
   * model (KNOWN_CONTEXT_WINDOWS), else 128,000. Sub-agents get the same.
   */
  contextWindow?: number;
  /** Thresholds of offload and compaction (defaults proportional to the window; see docs/context.md), and `compactModel`. */
  context?: ContextOptions;
  /**
   * Where this runner offloads tool results when it has no session: a directory of its own, removed by
   * close(). Default: one under ~/.synapse/offload. With a session they go to the session's `offload/`.
   */
  offloadDir?: string;
  /** Run when a run ends with an answer (not by a failure policy or a limit); what they say is appended to it. */
  stopHooks?: StopHookRegistry | StopHookExecutor;
  /**
   * Stop a run once what it spent (sub-agents included) passes this many US dollars: checked before each
   * model request, so the call that passed it is the last. The model needs a price (`pricing`), or run() rejects
   * with UnpricedBudgetError before anything is sent.
   */
  maxBudgetUsd?: number;
  /** Prices per model, for costs and budgets. Default: `~/.synapse/pricing.json` (none when missing; a warning when unusable). */
  pricing?: PricingTable;
  /** A parent run's budget (sub-agents): checked before each request here, paid into by the parent. */
  budget?: RunBudget;
  /**
   * Command hooks in Claude Code's shape (the `hooks` of the settings), run in the tool environment, or a
   * ready CommandHooks (a sub-agent gets its parent's). See docs/hooks.md.
   */
  hooks?: HookSettings | CommandHooks;
  /**
   * What happens to an `ask` nobody can answer (no approver): `deny` (default), or `defer`: the run pauses
   * at that tool call (stopReason `approval_required`, the round kept in the session) and `resume()` later
   * runs or refuses it. Sub-agents never pause: their asks are denied.
   */
  onAsk?: 'deny' | 'defer';
  /** How many times Stop (or SubagentStop) hooks may keep one run going. Default 3. */
  maxStopHookBlocks?: number;
}

export interface RunOptions {
  signal?: AbortSignal;
}

export type { ChatMessage };
