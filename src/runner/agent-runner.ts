import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import type OpenAI from 'openai';
import { isContextOverflowError, type CompactResult } from '../context';
import { createExtensions, modelSampler, skillDirectories, type Extensions, type McpClientCallbacks } from '../extensions';
import { CommandHooks } from '../hooks';
import { AbortError, createOpenAIClient, createOpenAIModelRuntime, type ChatMessage, type ModelRuntime, type Usage } from '../llm';
import { contextStats, emptySessionUsage, generateSessionId, type ContextStats, type SessionUsage } from '../session';
import type { PricingTable } from '../usage';
import { createSubAgentExecutorFactory } from '../subagents';
import { TodoStore } from '../todo';
import { BashRouter, BashTool, SecretRedactor, ToolSecurity, toolEnvironment, type CallPermission, type Tool, type ToolResult } from '../tools';
import { ConversationHistory } from './conversation-history';
import { maxConsecutiveToolFailures } from './env-settings';
import { CONSECUTIVE_FAILURES_MESSAGE, ConsecutiveFailurePolicy } from './failure-policy';
import { isolateListener, warnListenerFailed } from './isolated-listener';
import { assistantMessage, streamAssistantReply, type AssistantReply } from './model-turn';
import { interruptionNote, type RunActivity } from './interruption-note';
import { BASH_TOOL, userCommandNote } from './user-command-note';
import { redactReply, redactToolEvent } from './redacted-reply';
import { executeRound, type RoundContext } from './round-executor';
import type { CallOutcome } from './hooked-call';
import { ApprovalDecisionError, pauseRound, pendingCalls, PendingApprovalError, resumeRound, type ResumedRound } from './paused-round';
import { hookContextMessage, RunnerHooks, withHookContext, type HookContext } from './runner-hooks';
import { composeSystemPrompt } from './compose-system-prompt';
import { ContextStep, type RequestFrame } from './context-step';
import { RunCosting } from './run-costing';
import { RunnerSession } from './runner-session';
import { StopStage } from './stop-stage';
import { firstUserMessage } from './skill-search-instruction';
import { defaultSystemPrompt } from './system-prompt';
import { todoReminder } from './todo-reminder';
import { planToolCalls, type PlannedCall } from './tool-call-plan';
import type { AgentRunnerOptions, ApprovalDecisions, PendingToolCall, RunnerEvent, RunOptions, StopReason } from './types';

const DEFAULT_MAX_ITERATIONS = 50;

/**
 * The agent loop: ask the model, run the tools it calls (task:* batches in parallel), feed the results
 * back, until it answers without tools. History is persisted as it is confirmed, never half a round.
 */
export class AgentRunner {
  readonly client: OpenAI;
  readonly todoStore: TodoStore;
  private readonly model: string;
  private readonly modelRuntime: ModelRuntime;
  private readonly tools: Map<string, Tool>;
  private readonly ownedRouter?: BashRouter;
  /**
   * The security context of the default toolset (none with a custom toolset): its policy, sandbox,
   * environment (`security.environment()` for any process a tool starts) and redactor.
   */
  readonly security?: ToolSecurity;
  /** Known secret values, kept out of what the model wrote before history and events see it (the security's, or its own with a custom toolset). */
  private readonly redactor: SecretRedactor;
  /** Warnings already reported: each is said once per runner. */
  private readonly warned = new Set<string>();
  private readonly extensions?: Extensions;
  private readonly ownedExtensions?: Extensions;
  /** The extension listing of the system prompt, taken once per run (a stable prompt within a run). */
  private extensionsPrompt = '';
  private readonly sessionId: string | null;
  private readonly persistence: RunnerSession;
  private readonly ready: Promise<ConversationHistory>;
  private readonly emit: (event: RunnerEvent) => void;
  /** Prices, each run's spend and its budget (`maxBudgetUsd`). */
  private readonly costing: RunCosting;
  /** Command hooks (lifecycle events; the tool events go with each call). */
  private readonly hooks: RunnerHooks;
  private running = false;
  private readonly context: ContextStep;
  /** How a run that answers ends: the Stop hooks, then the in-process stop hooks. */
  private readonly stopStage: StopStage;

  constructor(private readonly options: AgentRunnerOptions) {
    this.model = options.model;
    const listener = isolateListener(options.onEvent, options.onListenerError ?? warnListenerFailed);
    this.emit = (event) => {
      listener(event);
      // A person is being asked (here or in a sub-agent): Notification hooks hear of it.
      if (event.type === 'permission_requested') void this.hooks.notify(`synapse needs your permission to run: ${event.command}`, 'permission_prompt');
    };
    this.client = options.client ?? createOpenAIClient({ apiKey: options.apiKey, baseURL: options.baseURL, requestTimeoutMs: options.requestTimeoutMs });
    this.modelRuntime = createOpenAIModelRuntime({ model: options.model, client: this.client, requestTimeoutMs: options.requestTimeoutMs });
    this.todoStore = options.todoStore ?? new TodoStore();
    this.costing = new RunCosting({ pricing: options.pricing, maxBudgetUsd: options.maxBudgetUsd, sharedBudget: options.budget });
    // A given or resumed session has its id; a sessions directory alone asks for a new session.
    this.sessionId = options.session?.id ?? options.sessionId ?? (options.sessionsDir ? generateSessionId() : null);
    const origin = { cwd: options.cwd ?? process.cwd(), model: options.model, baseURL: this.client.baseURL };
    this.persistence = new RunnerSession({ id: this.sessionId, session: options.session, resume: Boolean(options.sessionId), sessionsDir: options.sessionsDir, origin });
    this.context = new ContextStep({
      model: options.model,
      contextWindow: options.contextWindow,
      context: options.context,
      modelRuntime: this.modelRuntime,
      offloadDir: this.persistence.offloadDir,
      privateOffloadDir: options.offloadDir,
      onEvent: (event) => this.emit(event),
      onWarning: (message) => this.emit({ type: 'warning', message }),
      recordUsage: (usage, model) => this.recordUsage(usage, model),
    });
    if (!options.toolset) {
      this.security = this.createSecurity();
      // MCP servers are processes a tool starts: they get the same secret-free environment as the shell.
      this.ownedExtensions = options.extensions
        ? undefined
        : createExtensions({
            cwd: options.cwd,
            mcpConfig: options.mcpConfig,
            skillsDirs: options.skillsDirs,
            env: this.security.environment(),
            mcpCallbacks: this.mcpCallbacks(this.security),
            trustProject: options.trustProject,
            askProjectTrust: options.askProjectTrust,
          });
      this.extensions = options.extensions ?? this.ownedExtensions!;
      this.ownedRouter = this.createRouter(this.security, this.extensions);
    }
    this.redactor = this.security?.redactor ?? this.ownSecrets().reduce((redactor, secret) => redactor.add(secret), new SecretRedactor().addFromEnvironment(process.env));
    this.tools = new Map((options.toolset ?? [new BashTool(this.ownedRouter!)]).map((tool) => [tool.name, tool]));
    this.ready = this.persistence.open().then((messages) => new ConversationHistory(this.sessionId ? this.persistence : null, messages));
    this.ready.catch(() => {}); // surfaced by the first call that needs it
    this.hooks = new RunnerHooks(this.createHooks(), { cwd: () => this.cwd, emit: this.emit, isSubAgent: Boolean(options.isSubAgent) });
    this.stopStage = new StopStage({
      hooks: this.hooks,
      stopHooks: options.stopHooks,
      isSubAgent: Boolean(options.isSubAgent),
      maxBlocks: options.maxStopHookBlocks,
      emit: this.emit,
      where: () => ({ cwd: this.options.cwd ?? process.cwd(), sessionId: this.sessionId }),
    });
  }

  /** The shell's working directory now (it follows `cd`), else the runner's. */
  private get cwd(): string {
    return this.ownedRouter?.cwd ?? this.options.cwd ?? process.cwd();
  }

  /** The tool calls the last run paused on, waiting for a person's answer (see resume); empty when none. */
  async pendingApprovals(): Promise<PendingToolCall[]> {
    await this.ready;
    const approval = this.persistence.pendingApproval;
    return approval ? pendingCalls(approval) : [];
  }

  /**
   * Goes on with a run that paused for approval (stopReason `approval_required`, in this process or an
   * earlier one: the session keeps the paused round): the approved calls run (deny rules still deny), the
   * rejected ones are refused, the rest of the round runs, and the run continues to its end like run().
   * Every paused call needs an answer; an answer that does not fit rejects with ApprovalDecisionError and
   * changes nothing.
   */
  async resume(decisions: ApprovalDecisions, options: RunOptions = {}): Promise<string> {
    if (this.running) throw new Error('AgentRunner.resume: a run is already in progress on this runner');
    this.running = true;
    try {
      const history = await this.ready;
      const approval = this.persistence.pendingApproval;
      if (!approval) throw new ApprovalDecisionError('no tool call is waiting for approval here');
      const round = resumeRound(approval, decisions);
      const resumed = { approve: [...round.approved], reject: [...round.refused.keys()] };
      await this.startRun('', { resumed });
      for (const [id] of round.refused) {
        const paused = approval.pending.find((call) => call.toolCallId === id)!;
        this.emit({ type: 'permission_decided', command: paused.command, decision: 'deny', by: 'user', rule: paused.rule });
      }
      const start = await this.hooks.sessionStart(true, options.signal);
      if (start?.stopRun) return this.finish(start.stopRun, 'hook_stopped');
      const context = start?.context.length ? hookContextMessage(start.context.map((text) => ({ event: 'SessionStart' as const, text }))) : undefined;
      return await this.guardedTurns(history, options.signal, { resumed: { round, context } });
    } finally {
      await this.hooks.settled();
      this.running = false;
    }
  }

  getSessionId(): string | null {
    return this.sessionId;
  }

  /** The MCP servers and skills this runner's commands reach (none with a custom toolset). */
  get extensionLayer(): Extensions | undefined {
    return this.extensions;
  }

  /** Whether the session is on disk (a new one is created with the first confirmed exchange). */
  hasSavedSession(): boolean {
    return this.persistence.current !== null;
  }

  /** The confirmed history (what the session holds, or would). */
  async getHistory(): Promise<ChatMessage[]> {
    return [...(await this.ready).persisted];
  }

  /** The prices its calls are costed with: the `pricing` option, else ~/.synapse/pricing.json (read once). */
  get pricing(): PricingTable {
    return this.costing.pricing;
  }

  async getSessionUsage(): Promise<SessionUsage | null> {
    await this.ready;
    // A new session is created with the first confirmed exchange; until then it has used nothing.
    return this.persistence.current?.usage ?? (this.sessionId ? emptySessionUsage() : null);
  }

  async getContextStats(): Promise<ContextStats> {
    const history = await this.ready;
    // The session keeps running counts (saved in its index), so a resumed history is not re-tokenized.
    return this.persistence.current?.contextStats() ?? contextStats(history.persisted);
  }

  /** Adds a model call's usage to the session's totals and the run's spend (sub-agents report theirs this way). */
  async recordUsage(usage: Usage, model: string): Promise<void> {
    // Paid into the budget at once: a sub-agent checks it before its next request, whatever the disk does.
    const costUsd = this.costing.record(usage, model);
    await this.ready;
    await this.persistence.recordUsage(usage, model);
    this.emit({ type: 'usage', usage, model, costUsd });
  }

  /** Runs one user request to the model's final answer. Rejects with an AbortError when `signal` aborts. */
  async run(input: string, options: RunOptions = {}): Promise<string> {
    // One conversation, one run at a time: two interleaved rounds would corrupt the history.
    if (this.running) throw new Error('AgentRunner.run: a run is already in progress on this runner');
    this.running = true;
    try {
      return await this.loop(input, options);
    } finally {
      // Nothing a run started outlives it: Notification hooks it fired are done before it returns.
      await this.hooks.settled();
      this.running = false;
    }
  }

  /**
   * Runs a command the user typed (chat's `!<command>`) in this runner's shell, through the same permission
   * policy and sandbox as the model's commands, with the same tool events. The command and its output (as
   * the model would read it: bounded, redacted) join the conversation as context for the next turn, as in
   * Claude Code. Rejects with an AbortError when `signal` aborts.
   */
  async runUserCommand(command: string, { signal }: RunOptions = {}): Promise<ToolResult> {
    if (this.running) throw new Error('AgentRunner.runUserCommand: a run is already in progress on this runner');
    this.running = true;
    try {
      const history = await this.ready;
      const call = { id: `user_${Date.now().toString(36)}`, type: 'function' as const, function: { name: BASH_TOOL, arguments: JSON.stringify({ command }) } };
      // A person's own command: no hooks (they are the model's tool calls' hooks), and nothing to defer.
      const context: RoundContext = { cwd: () => this.cwd, emit: (event) => this.emit(redactToolEvent(event, this.redactor)) };
      const [outcome] = await executeRound([{ call, args: { command }, command, isTask: false }], this.tools, context, signal);
      throwIfAborted(signal);
      this.persistence.titleHint ??= `!${command}`;
      await history.append(userCommandNote(command, outcome!.result));
      return outcome!.result;
    } finally {
      this.running = false;
    }
  }

  /**
   * Compacts the conversation now, whatever the thresholds (the REPL's `/compact`): a summary replaces the
   * older messages, the session keeps them in its archive. Resolves with the figures (`success` false, and
   * the history untouched, when no summary could be had).
   */
  async compact(options: RunOptions = {}): Promise<CompactResult> {
    if (this.running) throw new Error('AgentRunner.compact: a run is in progress on this runner');
    this.running = true;
    try {
      const history = await this.ready;
      return await this.context.compact(history, this.frame([]), options.signal);
    } finally {
      this.running = false;
    }
  }

  /** The context window in force (tokens): the option, SYNAPSE_CONTEXT_WINDOW, the model table, or 128k. */
  get contextWindow(): number {
    return this.context.window;
  }

  private async loop(input: string, { signal }: RunOptions): Promise<string> {
    const history = await this.ready;
    const paused = this.persistence.pendingApproval;
    if (paused) throw new PendingApprovalError(pendingCalls(paused));
    this.persistence.titleHint = input;
    const skillSearch = (this.options.enableSkillSearchInstruction ?? true) && !history.hasUserMessage;
    const first = firstUserMessage(input, skillSearch);
    await this.startRun(input, { history, first });
    return this.guardedTurns(history, signal, { before: () => this.promptStage(history, first, input, signal) });
  }

  /**
   * The prompt hooks over the staged input: a block or `continue: false` ends the run before anything is
   * sent (the prompt is not kept, as in Claude Code); what they add goes with the input, on disk too.
   */
  private async promptStage(history: ConversationHistory, first: ChatMessage, input: string, signal?: AbortSignal): Promise<string | undefined> {
    const contexts = await this.promptHooks(input, signal);
    if (!Array.isArray(contexts)) {
      history.discardStaged();
      await this.releaseInput();
      return this.finish(contexts.text, contexts.reason);
    }
    if (contexts.length > 0) {
      history.discardStaged();
      const withContext = withHookContext(first, contexts);
      history.stage(withContext);
      await this.persistence.holdInput(withContext);
    }
    return undefined;
  }

  /**
   * What every run starts with: the extension listing, the budget check, a new input staged and on disk
   * (pending) before the run is announced with the session's id, the offload directory, run_started, the
   * warnings not yet told.
   */
  private async startRun(input: string, start: { history: ConversationHistory; first: ChatMessage } | { resumed: ApprovalDecisions }): Promise<void> {
    this.extensionsPrompt = await this.listExtensions();
    // A budget that cannot be enforced (no price for the model) refuses the run before anything is sent.
    this.costing.startRun(this.model);
    if ('first' in start) {
      // Staged, not yet confirmed: the input is confirmed together with the model's first reply to it.
      start.history.stage(start.first);
      try {
        await this.persistence.holdInput(start.first);
      } catch (error) {
        start.history.discardStaged();
        throw error;
      }
    }
    await this.context.prepare().catch((failure: unknown) => this.emit({ type: 'warning', message: `the directory for offloaded tool results could not be made: ${describe(failure)}` }));
    this.emit({ type: 'run_started', sessionId: this.sessionId, input, ...('resumed' in start ? { resumed: start.resumed } : {}) });
    for (const warning of this.persistence.warnings.splice(0)) this.emit({ type: 'session_warning', ...warning });
    await this.reportWarnings();
  }

  /** The run failed or was stopped before the model answered: the input is forgotten (a failed removal is a warning). */
  private async releaseInput(): Promise<void> {
    await this.persistence.releaseInput().catch((failure: unknown) => this.emit({ type: 'warning', message: `the unanswered input could not be removed from the session: ${describe(failure)}` }));
  }

  /**
   * SessionStart (the first run of this runner) and UserPromptSubmit: what they add to the prompt, or how
   * the run ends before anything is sent (a block, `continue: false`).
   */
  private async promptHooks(input: string, signal?: AbortSignal): Promise<HookContext[] | { text: string; reason: StopReason }> {
    const contexts: HookContext[] = [];
    const start = await this.hooks.sessionStart(Boolean(this.options.session || this.options.sessionId), signal);
    contexts.push(...(start?.context ?? []).map((text) => ({ event: 'SessionStart' as const, text })));
    if (start?.stopRun) return { text: start.stopRun, reason: 'hook_stopped' };
    if (this.options.isSubAgent) return contexts;
    const prompt = await this.hooks.userPromptSubmit(input, signal);
    if (prompt.stopRun) return { text: prompt.stopRun, reason: 'hook_stopped' };
    if (prompt.block) return { text: `Prompt blocked by a UserPromptSubmit hook: ${prompt.block}`, reason: 'prompt_blocked' };
    contexts.push(...prompt.context.map((text) => ({ event: 'UserPromptSubmit' as const, text })));
    return contexts;
  }

  /**
   * The turns (after `before`, which may end the run first), with what is staged forgotten on failure
   * (after an interrupt, a note of what it stopped is recorded); whatever failed once the run was aborted
   * failed because of the abort.
   */
  private async guardedTurns(
    history: ConversationHistory,
    signal: AbortSignal | undefined,
    { before, resumed }: { before?: () => Promise<string | undefined>; resumed?: { round: ResumedRound; context?: ChatMessage } },
  ): Promise<string> {
    const activity: RunActivity = { running: [] };
    try {
      return (await before?.()) ?? (await this.turns(history, signal, activity, resumed));
    } catch (error) {
      if (signal?.aborted && this.options.recordInterruptions) await this.recordInterruption(history, activity);
      history.discardStaged();
      await this.releaseInput();
      // Whatever failed once the run was aborted (a cut stream, a killed tool) failed because of the abort.
      if (signal?.aborted) throw error instanceof AbortError ? error : new AbortError('The run was interrupted');
      throw error;
    }
  }

  private async turns(history: ConversationHistory, signal: AbortSignal | undefined, activity: RunActivity, resumed?: { round: ResumedRound; context?: ChatMessage }): Promise<string> {
    const failures = new ConsecutiveFailurePolicy(this.options.maxConsecutiveToolFailures ?? maxConsecutiveToolFailures());
    const maxIterations = this.options.maxIterations ?? DEFAULT_MAX_ITERATIONS;
    const atAnswer = this.stopStage.forRun();
    let notice: ChatMessage | null = null;
    if (resumed) {
      const end = await this.runRound(history, resumed.round, failures, activity, signal);
      if (end !== undefined) return end;
      if (resumed.context) history.stage(resumed.context);
    }
    for (let iteration = 0; iteration < maxIterations; iteration++) {
      // Before each request: once the run (sub-agents included) has spent its budget, nothing more is asked.
      const overBudget = this.costing.overBudget;
      if (overBudget) return this.stop(history, overBudget, 'budget_exceeded');
      const { removed, added } = await history.sanitize();
      if (removed || added) this.emit({ type: 'history_sanitized', removed, added });

      const reply = await this.askWithinWindow(history, notice ? [notice] : [], signal);
      notice = null;
      throwIfAborted(signal);
      const shown = redactReply(reply, this.redactor);
      const message = assistantMessage(shown);
      // The model answered: what it answered (the input, a reminder) is confirmed now, with a final reply
      // in the same write; a tool-call message waits for its results.
      await history.append(...(reply.toolCalls.length === 0 ? [message] : []));
      if (reply.usage) await this.recordUsage(reply.usage, this.model);
      this.emit({ type: 'assistant_message', content: shown.content, toolCalls: shown.toolCalls });

      if (reply.toolCalls.length === 0) {
        const reminder = todoReminder(this.todoStore.get().items);
        if (reminder) {
          this.emit({ type: 'reminder', text: reminder });
          history.stage({ role: 'user', content: reminder, meta: { reminder: true } });
          continue;
        }
        const final = await atAnswer(history, shown.content, signal);
        if (final === undefined) continue;
        return this.finish(final, 'completed');
      }

      const { planned, malformed } = planToolCalls(reply.toolCalls);
      if (malformed.length) {
        // The round is dropped whole; the model is told once, in the next request only.
        const names = malformed.map((call) => `${call.function.name} (${call.id})`).join(', ');
        this.emit({ type: 'round_discarded', reason: `tool call arguments are not a JSON object: ${names}` });
        notice = {
          role: 'user',
          content: `[System Notice] Your last tool calls were discarded: the arguments of ${names} were not a valid JSON object. Call the tool again with arguments like {"command": "..."}.`,
        };
        if (failures.recordMalformedRound()) return this.stop(history, CONSECUTIVE_FAILURES_MESSAGE, 'consecutive_failures');
        continue;
      }

      const end = await this.runRound(history, { message, planned, done: new Map(), refused: new Map(), approved: new Set() }, failures, activity, signal);
      if (end !== undefined) return end;
    }
    return this.stop(history, `Reached the limit of ${maxIterations} model requests in one run; stopping.`, 'max_iterations');
  }

  /**
   * Runs what a round still has to run and puts the whole round in the history; returns the run's end when
   * the round ends it (a pause for approval, a hook's `continue: false`, the failure policy).
   */
  private async runRound(history: ConversationHistory, round: ResumedRound, failures: ConsecutiveFailurePolicy, activity: RunActivity, signal: AbortSignal | undefined): Promise<string | undefined> {
    const remaining = round.planned.filter((call) => !round.done.has(call.call.id));
    activity.running = remaining.map(({ call, command }) => command ?? call.function.name);
    const outcomes = await executeRound(remaining, this.tools, this.callContext(round), signal);
    throwIfAborted(signal);
    activity.running = [];
    await this.reportWarnings(); // the round may have read the MCP config or the skills for the first time
    if (outcomes.some((outcome) => outcome.result.extras?.approvalRequired)) return this.pause(round, remaining, outcomes);
    const stopRun = outcomes.find((outcome) => outcome.stopRun !== undefined)?.stopRun;
    const results = new Map(outcomes.map((outcome, i) => [remaining[i]!.call.id, outcome.result.message]));
    const content = (id: string) => round.done.get(id) ?? results.get(id) ?? `Command not run: the run was stopped by a hook: ${stopRun}.`;
    await history.append(round.message, ...round.planned.map(({ call }) => ({ role: 'tool' as const, tool_call_id: call.id, content: content(call.id) })));
    if (this.persistence.pendingApproval) await this.persistence.setPendingApproval(null);
    if (stopRun !== undefined) return this.stop(history, stopRun, 'hook_stopped');
    if (failures.record(outcomes.map((outcome) => outcome.result))) return this.stop(history, CONSECUTIVE_FAILURES_MESSAGE, 'consecutive_failures');
    return undefined;
  }

  /** What the round's calls share: the hooks, the shell's directory, whether a call may pause or was approved. */
  private callContext(round: ResumedRound): RoundContext {
    const defer = this.options.onAsk === 'defer' && !this.options.isSubAgent;
    return {
      hooks: this.hooks.engine,
      cwd: () => this.cwd,
      emit: (event) => this.emit(redactToolEvent(event, this.redactor)),
      decided: round.refused,
      permission: ({ call }): CallPermission | undefined => {
        const approved = round.approved.has(call.id);
        return approved || defer ? { ...(approved ? { approved } : {}), ...(defer ? { defer } : {}) } : undefined;
      },
    };
  }

  /** Keeps the round (the session too) with the calls that wait for a person, and ends the run: approval_required. */
  private async pause(round: ResumedRound, remaining: PlannedCall[], outcomes: CallOutcome[]): Promise<string> {
    const approval = pauseRound(round, remaining, outcomes);
    await this.persistence.setPendingApproval(approval);
    for (const call of pendingCalls(approval)) this.emit({ type: 'approval_required', ...call });
    const what = approval.pending.map((call) => `${call.toolCallId}: ${call.command} (${call.rule})`).join('; ');
    await this.hooks.notify(`synapse is waiting for your approval: ${what}`, 'permission_prompt');
    return this.finish(`Waiting for approval of ${what}.`, 'approval_required');
  }

  /**
   * SessionEnd hooks, once, if a run of this runner started the session for them (`reason`: Claude Code's,
   * e.g. `prompt_input_exit`; default `other`). close() calls it; call it first to have it done earlier.
   */
  async endSession(reason = 'other'): Promise<void> {
    await this.hooks.sessionEnd(reason);
  }

  /**
   * Ends the session for the hooks (endSession), then the shell and the MCP servers this runner started, and releases its session
   * (the writer lock).
   */
  async close(reason = 'other'): Promise<void> {
    await this.endSession(reason);
    // The hooks this runner made (not a parent's, which a sub-agent shares) end with it.
    if (!(this.options.hooks instanceof CommandHooks)) this.hooks.engine?.close();
    await Promise.all([this.ownedRouter?.close(), this.ownedExtensions?.close(), this.context.close(), this.ready.catch(() => undefined).then(() => this.persistence.close())]);
  }

  /**
   * One model request, the history fitted to the window first. When the server still refuses it as too
   * long, the history is compacted once and the request retried once; what was refused is never resent.
   */
  private async askWithinWindow(history: ConversationHistory, extra: ChatMessage[], signal?: AbortSignal): Promise<AssistantReply> {
    const frame = this.frame(extra);
    await this.context.beforeRequest(history, frame, signal);
    try {
      return await this.ask([...history.messages, ...extra], signal);
    } catch (error) {
      if (signal?.aborted || !isContextOverflowError(error)) throw error;
      await this.context.afterOverflow(history, frame, error as Error, signal);
      return this.ask([...history.messages, ...extra], signal);
    }
  }

  /** What a request adds to the history: the system prompt, the tool definitions, a notice. */
  private frame(extra: ChatMessage[]): RequestFrame {
    return { systemPrompt: this.systemPrompt, tools: [...this.tools.values()].map((tool) => tool.definition), extra };
  }

  /** The input (if not yet confirmed) and a note of what the interrupt stopped; a failed write must not hide the abort. */
  private async recordInterruption(history: ConversationHistory, activity: RunActivity): Promise<void> {
    try {
      await history.append(interruptionNote(activity));
    } catch {
      // the abort is what the caller needs to hear about; the next run's sanitize sees what was written
    }
  }

  /** What is asked for and not in force, and problems of the extensions read so far; each once. */
  private async reportWarnings(): Promise<void> {
    const extensions = (await this.extensions?.warnings().catch(() => [])) ?? [];
    const pricing = this.costing.warning ? [this.costing.warning] : [];
    for (const message of [...(this.security?.warnings ?? []), ...extensions, ...pricing]) {
      if (this.warned.has(message)) continue;
      this.warned.add(message);
      this.emit({ type: 'warning', message });
    }
  }

  /** Servers and skills for the default system prompt (read only then); a listing that fails costs the listing, not the run. */
  private async listExtensions(): Promise<string> {
    if (this.options.systemPrompt || !this.extensions) return '';
    try {
      return await this.extensions.promptSection();
    } catch {
      return '';
    }
  }

  /** One model request: the system prompt (never part of the history), then the conversation. */
  private async ask(conversation: ChatMessage[], signal?: AbortSignal): Promise<AssistantReply> {
    throwIfAborted(signal);
    const messages: ChatMessage[] = [{ role: 'system', content: this.systemPrompt }, ...conversation];
    const tools = [...this.tools.values()].map((tool) => tool.definition);
    // Streamed text is redacted as it comes: a secret split across deltas is held back until it is whole.
    const deltas = this.redactor.stream((text) => this.emit({ type: 'assistant_delta', text }));
    const reply = await streamAssistantReply(this.modelRuntime, { messages, tools, signal }, (text) => deltas.write(text));
    deltas.end();
    return reply;
  }

  private async stop(history: ConversationHistory, text: string, reason: StopReason): Promise<string> {
    await history.append({ role: 'assistant', content: text });
    return this.finish(text, reason);
  }

  private finish(text: string, stopReason: StopReason): string {
    this.emit({ type: 'run_finished', text, stopReason });
    return text;
  }

  /** The base prompt (the default, or the caller's replacement), then the project's instructions, then what was appended. */
  private get systemPrompt(): string {
    const { systemPrompt, cwd, isSubAgent, projectInstructions, appendSystemPrompt } = this.options;
    const base = systemPrompt ?? defaultSystemPrompt(cwd ?? process.cwd(), { isSubAgent, extensions: this.extensionsPrompt });
    return composeSystemPrompt({ base, projectInstructions, append: appendSystemPrompt });
  }

  /** The model's keys: the apiKey option and the client's key (short placeholders such as "not-needed" are not worth redacting). */
  private ownSecrets(): string[] {
    const clientKey = this.client.apiKey && this.client.apiKey.length >= 16 ? [this.client.apiKey] : [];
    return [...(this.options.apiKey ? [this.options.apiKey] : []), ...clientKey];
  }

  /** MCP servers may use the run's model (sampling), each time with approval, and ask the person (elicitation). */
  private mcpCallbacks(security: ToolSecurity): McpClientCallbacks {
    const cwd = this.options.cwd ?? process.cwd();
    return {
      answerSampling: modelSampler(this.modelRuntime, this.model, (usage) => void this.recordUsage(usage, this.model).catch(() => undefined)),
      approveSampling: async (request, { server, signal }) => {
        const text = request.messages.map((message) => (Array.isArray(message.content) ? '' : message.content.type === 'text' ? message.content.text : '')).join(' ');
        const question = { command: `MCP server "${server}" asks the model: ${text.replace(/\s+/g, ' ').slice(0, 200)}`, rule: `MCP sampling by "${server}" (always asks)`, cwd };
        return (await security.gate.confirm(question, `mcp-sampling:${server}`, { signal })).allowed;
      },
      elicit: this.options.mcpElicit,
    };
  }

  /** One security context for this runner's router and its sub-agents' (see ToolSecurityOptions). */
  private createSecurity(): ToolSecurity {
    const given = this.options.security ?? {};
    const cwd = this.options.cwd ?? process.cwd();
    return ToolSecurity.create(cwd, {
      ...given,
      // Skill scripts run in the sandboxed shell, so their directories must be visible in it; offloaded tool
      // results are for the model to read back.
      readablePaths: [...(given.readablePaths ?? []), ...(this.options.extensions?.skills.dirs ?? skillDirectories({ cwd, skillsDirs: this.options.skillsDirs })), this.context.offloadDir],
      secrets: [...(given.secrets ?? []), ...this.ownSecrets()],
      onEvent: (event) => {
        given.onEvent?.(event);
        this.emit(event);
      },
    });
  }

  /** The default toolset's shell, with task:* sub-agents that share this runner's model client and security. */
  private createRouter(security: ToolSecurity, extensions: Extensions): BashRouter {
    const router: BashRouter = new BashRouter({
      cwd: this.options.cwd,
      todoStore: this.todoStore,
      security,
      extensions: extensions.handlers,
      subAgentExecutorFactory: createSubAgentExecutorFactory({
        createRunner: (options) => new AgentRunner(options),
        client: this.client,
        model: this.model,
        cwd: () => router.cwd,
        recordUsage: (usage, model) => this.recordUsage(usage, model),
        costing: () => ({ budget: this.costing.runBudget, pricing: this.costing.pricing }),
        createRouter: ({ cwd, readOnly, todoStore }) => new BashRouter({ cwd, readOnly, todoStore, security, extensions: extensions.handlers }),
        extensions: extensions.handlers,
        hooks: (type) => this.hooks.engine?.forAgent(`task:${type}`),
        // A sub-agent's offloaded results go below this runner's directory, which the sandbox keeps readable.
        context: () => ({ contextWindow: this.options.contextWindow, context: this.options.context, offloadDir: join(this.context.offloadDir, `task-${randomBytes(6).toString('hex')}`) }),
      }),
    });
    return router;
  }

  /**
   * The command hooks: a given CommandHooks as it is (a sub-agent's, its parent's), or the settings' hooks
   * run in this runner's tool environment (no secrets), with this session's fields; none when empty.
   */
  private createHooks(): CommandHooks | undefined {
    const { hooks } = this.options;
    if (!hooks || hooks instanceof CommandHooks) return hooks;
    if (!Object.values(hooks).some((groups) => groups?.some((group) => group.hooks.length > 0))) return undefined;
    return CommandHooks.create({
      settings: hooks,
      env: this.security?.environment() ?? toolEnvironment(),
      projectDir: resolve(this.options.cwd ?? process.cwd()),
      common: () => ({ session_id: this.sessionId, transcript_path: this.persistence.historyPath, permission_mode: this.options.security?.permissionMode ?? 'default' }),
      onActivity: (activity) => this.emit(activity),
    });
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw new AbortError('The run was interrupted');
}
