/**
 * synapse-spec: the public API.
 *
 * Two runtimes share one model layer:
 * - AgentRunner, a conversation loop whose one tool is `Bash(command="...")`, with parallel `task:*`
 *   sub-agents and sessions on disk;
 * - AgentRuntime, a step-based state machine (an agent decides, an executor acts) with a human in the loop,
 *   whose state is plain, versioned JSON, and `run()`, the loop that drives it.
 * Test doubles (the scripted model) are in `synapse-spec/testing`. Anything not exported here is internal
 * and may change.
 */

// --- The agent loop ---------------------------------------------------------------------------------
export { AgentRunner } from './runner/agent-runner';
export type { AgentRunnerOptions, ApprovalDecisions, PendingToolCall, RunOptions, RunnerEvent, StopReason } from './runner/types';
/** Runs that pause for approval (`onAsk: 'defer'`) and go on with `resume()`. */
export { ApprovalDecisionError, PendingApprovalError } from './runner/paused-round';
export { RunSummary, formatRunSummary, type RunSummaryFigures } from './runner/run-summary';
/** System prompts: the default one, AGENTS.md, and how they combine. */
export { defaultSystemPrompt } from './runner/system-prompt';
export { composeSystemPrompt, type SystemPromptParts } from './runner/compose-system-prompt';
export {
  readProjectInstructions,
  ProjectInstructionsError,
  PROJECT_INSTRUCTIONS_FILE,
  type ProjectInstructions,
} from './runner/project-instructions';

// --- The step-based runtime -------------------------------------------------------------------------
export { AgentRuntime } from './runtime/agent-runtime';
export { createToolApprovalAgent, type ToolApprovalAgentOptions } from './runtime/tool-approval-agent';
export { builtinExecutors } from './runtime/executors';
/** Runtime state: create, check (versioned, status by status), compact for saving; a human's answers. */
export { createInitialState, parseAgentState, compactState, summarizeState, InvalidStateError } from './runtime/state';
export { AGENT_STATE_VERSION, READABLE_STATE_VERSIONS, agentStateSchema } from './runtime/state-schema';
export { answerPrompt, answerSelect, rejectToolCall } from './runtime/human-answers';
export { StepError } from './runtime/step-error';
/** The drive loop, `runtime.run(state, options)`. */
export { DEFAULT_MAX_STEPS, type RuntimeRunOptions, type RuntimeRunResult, type RunEvent, type RunLoopEvent } from './runtime/run-loop';
export { waitingFor, type HumanResponder, type WaitingFor } from './runtime/human-input';
/** Interrupt a state at a step boundary, and resume it later (AgentRuntime.interrupt / resume). */
export { interrupt, resume } from './runtime/interruption';
export type {
  Agent,
  AgentEvent,
  AgentInstruction,
  AgentState,
  AgentStateSummary,
  AgentStatus,
  AgentTool,
  AgentToolContext,
  CostLimitAction,
  ExecutorContext,
  HumanSelectOption,
  InstructionExecutor,
  Interruption,
  LlmChunk,
  LlmRequestSummary,
  ModelPrice,
  PendingHumanPrompt,
  PendingHumanSelect,
  RuntimeConfig,
  StateError,
  StepOptions,
  StepResult,
  UsageTotals,
} from './runtime/types';

// --- Models -----------------------------------------------------------------------------------------
export { createOpenAIModelRuntime, createOpenAIClient, type OpenAIModelRuntimeOptions } from './llm/openai-model-runtime';
export { ModelError, AbortError } from './llm/model-error';
export { DEFAULT_REQUEST_TIMEOUT_MS } from './llm/request-timeout';
export type { ChatMessage, MessageMeta, ModelChunk, ModelPayload, ModelRuntime, ToolCall, ToolDefinition, Usage } from './llm/types';

// --- Tools ------------------------------------------------------------------------------------------
export { BashTool } from './tools/bash-tool';
export { BashRouter, type BashRouterOptions } from './tools/bash-router';
export { BASH_TOOL_DEFINITION } from './tools/bash-tool-definition';
export { toToolResult } from './tools/bash-tool-result';
export type { ExtensionHandlers, ExtensionCallOptions, McpHandler, SkillHandler } from './tools/extensions/extension-handlers';
export type {
  CancelablePromise,
  CommandResult,
  FailureCategory,
  SubAgentExecutor,
  SubAgentExecutorFactory,
  TaskRequest,
  Tool,
  ToolExecuteOptions,
  ToolResult,
  ToolResultExtras,
  CallPermission,
} from './tools/types';

// --- Security: what stands between a model's command and the machine ----------------------------------
export { ToolSecurity, type ToolSecurityOptions } from './tools/security/tool-security';
export { toolEnvironment, type ToolEnvironmentOptions } from './tools/security/tool-environment';
export { DEFAULT_SECRET_NAME_PATTERNS } from './tools/security/secret-names';
export { SecretRedactor, REDACTED } from './tools/security/secret-redactor';
export { PermissionPolicy, type PermissionRules, type PermissionVerdict } from './tools/security/permission-policy';
export { PERMISSION_ACTIONS, PermissionRuleError, type PermissionAction } from './tools/security/permission-rule';
export { DEFAULT_ASK_PATTERNS } from './tools/security/default-rules';
export { loadPermissionRules, parsePermissionRules, PermissionRulesError } from './tools/security/permission-rules-file';
export type {
  ApprovalAnswer,
  PermissionApprover,
  PermissionDecisionSource,
  PermissionEvent,
  PermissionRequest,
} from './tools/security/permission-gate';
export { Sandbox, SANDBOX_MODES, type SandboxMode, type SandboxOptions } from './tools/security/sandbox';
export { bubblewrapStatus, type BubblewrapStatus } from './tools/security/bubblewrap';
export { DEFAULT_RESOURCE_LIMITS, type ResourceLimits } from './tools/security/resource-limits';
export { cgroupLimitsAvailable } from './tools/security/sandbox-cgroup';
export { WorkspaceFiles, SandboxRefusal, type OpenedFile } from './tools/security/workspace-files';
/** The terminal is a boundary too: a model's or a tool's text made visible before it is printed (docs/security.md). */
export { visibleText, visibleCommand, VisibleTextStream, terminalSafeJson } from './visible-text';

// --- Extensions: MCP servers and Agent Skills behind mcp:*, skill:* and task:skill:search ------------
export { createExtensions, Extensions, type ExtensionsOptions } from './extensions/extensions';
export { modelSampler } from './extensions/mcp/model-sampler';
export type { McpClientCallbacks, McpElicitationAnswer, McpElicitationRequest, McpSamplingRequest } from './extensions/mcp/mcp-client-requests';
export { loadMcpConfig, type McpConfig, type McpServerConfig } from './extensions/mcp/mcp-config';
export { McpManager, type McpConfiguration, type McpListing, type McpServerListing } from './extensions/mcp/mcp-manager';
export { ProjectTrust, trustedProjectsFile, type ProjectTrustDecision, type ProjectTrustOptions, type ProjectTrustRequest } from './settings/project-trust';
export { McpLookupError, McpServerError } from './extensions/mcp/mcp-errors';
export type { McpLoginOptions, McpLoginOutcome } from './extensions/mcp/mcp-login';
export { openBrowser } from './extensions/mcp/open-browser';
export { OAuthStore, OAuthStoreError } from './extensions/mcp/oauth-store';
export { SkillLibrary } from './extensions/skills/skill-library';
export { parseSkillFile } from './extensions/skills/skill-file';
export type { Skill } from './extensions/skills/skill';

// --- Sessions ---------------------------------------------------------------------------------------
export { SessionStore, type CreateSessionOptions, type SessionStoreOptions } from './session/session-store';
export { Session } from './session/session';
export { SessionNotFoundError, InvalidSessionIdError, SessionsDirError, AmbiguousSessionError } from './session/errors';
export { resolveSessionRef, latestSession, LATEST_SESSION, type SessionRefOptions, type ResolvedSession } from './session/session-ref';
export { SessionLockedError, type LockHolder } from './session/session-lock';
export { SessionFileError } from './session/session-file-error';
export { quarantineFileFor, type QuarantineEntry } from './session/quarantine';
export type { SessionRepair } from './session/session-repair';
export type { PendingApproval } from './session/pending-approval';
export { sanitizeHistory, type SanitizedHistory, type RemovedMessage, type AddedMessage, type SanitizeReason } from './session/sanitize-history';
export { contextStats } from './session/context-stats';
export type { ContextStats, ModelUsage, SessionListing, SessionLoadWarning, SessionOrigin, SessionSummary, SessionUsage, SkippedSessionEntry, UsageRound } from './session/types';

// --- Usage and cost: token kinds, prices (~/.synapse/pricing.json), accounts, budgets ------------------
export { tokenUsageOf, type TokenUsage } from './usage/token-usage';
export { calculateCost, costOf, getPricing, type ModelPricing, type PricingTable } from './usage/pricing';
export { defaultPricingPath, loadPricingFile, type LoadedPricing } from './usage/pricing-file';
export {
  accumulateUsage,
  createEmptyUsageAccount,
  resetSessionUsage,
  spentUsd,
  usageAccountOf,
  type AccountRound,
  type AccumulateOptions,
  type UsageAccount,
} from './usage/usage-account';
export { cacheHitRate, formatCostOutput, formatUsd } from './usage/format-cost';
export { RunBudget, UnpricedBudgetError } from './usage/run-budget';
export { MAX_ROUNDS_KEPT } from './session/usage';
export { usageFromWire, type WireUsage } from './llm/wire-usage';

// --- Settings: ~/.synapse/settings.json, the project's, --settings ---------------------------------------
export { resolveSettings, type ResolveSettingsOptions, type ResolvedSettings } from './settings/resolve-settings';
export { PROGRAM_KEYS, programLines, type ProgramKey, type SettingsPrograms } from './settings/settings-programs';
export { SettingsManager } from './settings/settings-manager';
export { DEFAULT_SETTINGS, HOOK_EVENTS, PERMISSION_MODES, settingsSchema, type HookEvent, type HookSettings, type PermissionMode, type Settings } from './settings/settings-schema';
export { SettingsFileError, SettingValueError } from './settings/settings-file';
export { localSettingsPath, projectSettingsPath, userSettingsPath } from './settings/settings-paths';
export type { SettingsLayer, SettingsScope } from './settings/merge-settings';

// --- Command hooks: Claude Code's hooks (PreToolUse, PostToolUse, Stop...) from settings -------------------
export { CommandHooks, DEFAULT_HOOK_TIMEOUT_MS, MAX_HOOK_OUTPUT_BYTES, type CommandHooksOptions, type HookActivity } from './hooks/command-hooks';
export type { HookResponse, HookOutput } from './hooks/hook-response';

// --- Context management: the window, offload of tool results, compaction ------------------------------
export { resolveContextWindow, knownContextWindow, DEFAULT_CONTEXT_WINDOW, KNOWN_CONTEXT_WINDOWS, type ResolvedContextWindow } from './context/context-window';
export { contextSettings, type ContextSettings, type ContextOptions } from './context/context-settings';
export { OffloadStore, referencedFiles, OFFLOAD_REFERENCE_PREFIX, type CleanupResult } from './context/offload-store';
export { ToolResultOffloader, type OffloadOptions, type OffloadResult } from './context/tool-result-offloader';
export { restoreOffloaded } from './context/restore-offloaded';
export { ContextCompactor, type CompactResult, type CompactOptions, type SummaryModel } from './context/context-compactor';
export { ContextOrchestrator, type ContextOrchestratorOptions, type PrepareOptions, type PrepareResult } from './context/context-orchestrator';
export { SUMMARY_PREFIX } from './context/summary-request';
export { isContextOverflowError } from './context/context-overflow';
export { ContextWindowError } from './context/context-window-error';
export { messagesTokens } from './context/request-tokens';
export type { ContextEvent, CompactReason } from './context/context-events';

/** The REPL's `/compact`, as a function of a runner. */
export { compactCommand, describeCompaction, type Compactable, type CompactCommandResult } from './repl/compact-command';

// --- Stop hooks -------------------------------------------------------------------------------------
export { StopHookRegistry, type StopHookProgress } from './hooks/stop-hook-registry';
export { StopHookExecutor, STOP_HOOK_MARKER, type StopHookExecutorOptions } from './hooks/stop-hook-executor';
export type { StopHook, StopHookContext, StopHookOutcome, StopHookResult, StopHookTools } from './hooks/stop-hook-types';

// --- Todo list --------------------------------------------------------------------------------------
export { TodoStore, type TodoState, type TodoListener } from './todo/todo-store';
export { validateTodoWriteInput, type TodoItem, type TodoStatus, type TodoLimits, type TodoValidation } from './todo/todo-schema';

// --- Sub-agents -------------------------------------------------------------------------------------
export { createSubAgentExecutorFactory, type SubAgentDependencies } from './subagents/sub-agent-executor';
export { TASK_TYPES, type TaskType } from './subagents/task-types';

// --- Chat REPL (the command layer `synapse chat` renders) -------------------------------------------
export { ChatSession, type ChatSessionOptions, type RunnerRequest } from './repl/chat-session';
export { ReplController, type ReplControllerOptions, type ReplTerminal, type TurnOutcome } from './repl/repl-controller';
export { defaultCommands, findCommand } from './repl/command-table';
export { parseInput, type ReplInput } from './repl/parse-input';
export type { CommandResult as SlashCommandResult, ReplContext, SlashCommand } from './repl/slash-command';

// --- The AgentRuntime as a service ---------------------------------------------------------------------
/** Operations in a store, steps as queued jobs, an HTTP API with event streams; in process or on Redis (BullMQ). */
export { AgentService, type AgentServiceOptions, type CreateOperationInput, type OperationView } from './service/agent-service';
export { createHttpApi, type HttpApiOptions } from './service/http-api';
export { createJsonLogger, LOG_LEVELS, type LogLevel, type ServiceLogger } from './service/service-log';
export { defaultServiceTokenFile, loadOrCreateServiceToken, ServiceTokenError } from './service/service-token';
export { connectBackend, type BackendOptions, type ServiceBackend } from './service/service-backend';
export { MemoryOperationStore } from './service/memory-store';
export { MemoryStepQueue } from './service/memory-queue';
export { ServiceError } from './service/service-error';
export {
  StoreUnavailableError,
  type Decision,
  type OperationListQuery,
  type OperationMeta,
  type OperationPage,
  type OperationRecord,
  type OperationSummary,
  type StoredEvent,
  type StepJob,
} from './service/operation-types';
export type { OperationStore } from './service/operation-store';
export type { StepQueue, StepHandler } from './service/step-queue';
