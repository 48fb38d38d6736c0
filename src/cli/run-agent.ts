import { AgentRunner } from '../runner/agent-runner';
import type { ApprovalDecisions, PendingToolCall } from '../runner/types';
import { RunSummary } from '../runner/run-summary';
import type { Usage } from '../llm/types';
import { writeFileAtomic } from '../session/atomic-write';
import { visibleCommand, visibleText } from '../visible-text';
import { describeFsError } from '../session/directories';
import { SessionStore } from '../session/session-store';
import { emptyUsage, addUsage } from '../session/usage';
import { closeWithin } from './close-within';
import { describeError, exitCodeFor, isInterruptCode, reportError } from './error-report';
import { CliError, ExitCode } from './exit-codes';
import { resolveCwd } from './global-options';
import { checkOutputFile } from './input-files';
import { terminalElicitor } from './extension-elicitation';
import { extensionPaths, personAtTerminal } from './extension-options';
import { interruptedBy, onInterrupt } from './interrupt';
import { connectModel } from './model-client';
import { positiveNumberOption, wholeNumberOption } from './number-option';
import { readPrompt } from './read-prompt';
import type { RunArgs } from './run-command';
import { systemPromptOptions } from './run-instructions';
import type { RunOutcome, RunRenderer } from './run-renderer';
import { JsonRunRenderer } from './run-renderer-json';
import { PeopleRunRenderer, QuietRunRenderer } from './run-renderer-people';
import { projectTrustOptions } from './project-trust-prompt';
import { openRunSession } from './run-session';
import { resolveSessionsDir } from './session-options';
import { toolSecurityOptions } from './security-options';
import { readCliSettingsAsking } from './settings-options';

/**
 * One AgentRunner run, start to exit code. Every input is checked before the session is opened and the
 * model is asked; Ctrl-C aborts the run through its signal, and tools are cancelled.
 */
export async function runAgent(args: RunArgs): Promise<number> {
  const maxConsecutiveToolFailures = wholeNumberOption(args.maxConsecutiveFailures, '--max-consecutive-failures', 1);
  const maxIterations = wholeNumberOption(args.maxIterations, '--max-iterations', 1);
  const contextWindow = wholeNumberOption(args.contextWindow, '--context-window', 1000);
  const compactModel = textOption(args.compactModel, '--compact-model');
  const cwd = resolveCwd(args.cwd);
  const settings = await readCliSettingsAsking(args, cwd, projectTrustOptions(args, Boolean(args.json)).askProjectTrust);
  const maxBudgetUsd = positiveNumberOption(args.maxBudgetUsd, '--max-budget-usd', 'US dollars') ?? settings.settings.maxBudgetUsd;
  if (args.outputLastMessage) checkOutputFile(args.outputLastMessage, '--output-last-message');
  const decisions = approvalDecisions(args);
  if (args.onAsk === 'defer' && args.session === false) throw new CliError('--on-ask defer keeps the paused call in the session: it cannot be used with --no-session');
  const { model: sessionModel, ...session } = await openRunSession(args, cwd);
  // A resumed session goes on with its own model, unless --model says otherwise.
  const model = connectModel({ ...args, model: args.model || sessionModel }, { settings: settings.settings });
  const instructions = await systemPromptOptions(args, cwd);
  const prompt = decisions ? undefined : (await readPrompt(args, { required: true }))!;
  const { mcpConfig, skillsDirs } = extensionPaths(args);
  const controller = new AbortController();
  const security = toolSecurityOptions(args, { json: Boolean(args.json), onInterrupt: () => controller.abort(), secrets: model.apiKey ? [model.apiKey] : [], settings });
  const renderer: RunRenderer = args.json ? new JsonRunRenderer() : args.quiet ? new QuietRunRenderer() : new PeopleRunRenderer();
  const summary = new RunSummary();
  let usage: Usage = emptyUsage();
  let stopReason: RunOutcome['stopReason'];
  const pending: PendingToolCall[] = [];
  const runner = new AgentRunner({
    model: model.model,
    client: model.client,
    cwd,
    ...instructions,
    security,
    ...session,
    maxConsecutiveToolFailures,
    maxIterations,
    contextWindow,
    context: compactModel ? { compactModel } : undefined,
    maxBudgetUsd,
    enableSkillSearchInstruction: args.skillSearch,
    recordInterruptions: true,
    mcpConfig,
    skillsDirs,
    ...projectTrustOptions(args, Boolean(args.json)),
    // A person at the terminal answers what MCP servers ask (elicitation); headless, it is declined.
    mcpElicit: personAtTerminal(Boolean(args.json)) ? terminalElicitor(() => controller.abort()) : undefined,
    hooks: settings.settings.hooks,
    onAsk: args.onAsk,
    onEvent: (event) => {
      summary.observe(event);
      if (event.type === 'usage') usage = addUsage(usage, event.usage);
      if (event.type === 'run_finished') stopReason = event.stopReason;
      if (event.type === 'approval_required') pending.push({ toolCallId: event.toolCallId, command: event.command, rule: event.rule });
      renderer.onEvent(event);
    },
  });

  const stopListening = onInterrupt(() => controller.abort());
  // SessionEnd hooks run before the last line, so the `result` line stays the last of the NDJSON.
  const finish = async (result: RunOutcome) => {
    await runner.endSession().catch(() => undefined);
    renderer.finish(result);
  };
  const outcome = (text: string, isError: boolean, extra: Partial<RunOutcome> = {}): RunOutcome => ({
    sessionId: runner.getSessionId(),
    text,
    usage,
    summary: summary.get(),
    isError,
    stopReason,
    ...extra,
  });
  try {
    const text = decisions ? await runner.resume(decisions, { signal: controller.signal }) : await runner.run(prompt!, { signal: controller.signal });
    if (args.outputLastMessage) await writeLastMessage(args.outputLastMessage, text);
    if (stopReason === 'approval_required') {
      await finish(outcome(text, false, { pending }));
      process.stderr.write(`synapse: ${waitingLine(runner.getSessionId(), pending)}\n`);
      return ExitCode.approvalRequired;
    }
    if (stopReason && stopReason !== 'completed') {
      const error = `run stopped (${stopReason.replace('_', ' ')}): ${text}`;
      await finish(outcome(text, true, { error }));
      process.stderr.write(`synapse: ${visibleText(error)}\n`);
      return ExitCode.failed;
    }
    await finish(outcome(text, false));
    return ExitCode.ok;
  } catch (error) {
    const code = exitCodeFor(error);
    await finish(outcome('', true, { error: describeError(error), interrupted: isInterruptCode(code) }));
    if (isInterruptCode(code)) {
      const by = interruptedBy();
      const saved = await sessionExists(args, runner.getSessionId());
      process.stderr.write(`synapse: interrupted${by && by !== 'SIGINT' ? ` by ${by}` : ''}${saved ? `; the session is saved: synapse run --session ${runner.getSessionId()} "..."` : ''}\n`);
      return code;
    }
    return reportError(error, { debug: args.debug });
  } finally {
    stopListening();
    // The runner closes its MCP servers too: closing one ends its stdin, then SIGTERM, then SIGKILL.
    await closeWithin(() => runner.close(), 5000);
  }
}

/** `--approve` / `--reject`: answers to a paused run, which go on with its session (no new prompt). */
function approvalDecisions(args: RunArgs): ApprovalDecisions | undefined {
  if (!args.approve?.length && !args.reject?.length) return undefined;
  if (args.session === false || (args.session === undefined && !args.continue)) {
    throw new CliError('--approve and --reject answer a paused run: name its session with --session <id> (or --continue for the most recent)');
  }
  if (args.prompt !== undefined) throw new CliError('--approve and --reject go on with the paused run: give a new prompt in a later run');
  return { approve: args.approve ?? [], reject: args.reject ?? [] };
}

/** The one line a paused run ends with: what waits (each command as it will run, made visible), and how to answer. */
function waitingLine(sessionId: string | null, pending: readonly PendingToolCall[]): string {
  const calls = pending.map((call) => `${call.toolCallId}: ${visibleCommand(call.command)} (${call.rule})`).join('; ');
  const first = pending[0]!.toolCallId;
  // A run that may pause has a session (--on-ask defer refuses --no-session). The ids are the model's too.
  return visibleText(`waiting for approval of ${calls}: synapse run --session ${sessionId} --approve ${first} (or --reject ${first})`);
}

/** A flag's text, trimmed; a blank one is bad input. */
function textOption(value: string | undefined, flag: string): string | undefined {
  if (value === undefined) return undefined;
  if (!String(value).trim()) throw new CliError(`${flag} needs a value`);
  return String(value).trim();
}

/** Whether the run's session is on disk (a new session is created only once the model has answered). */
async function sessionExists(args: RunArgs, id: string | null): Promise<boolean> {
  if (!id) return false;
  return new SessionStore(resolveSessionsDir(args.sessionsDir)).exists(id).catch(() => false);
}

async function writeLastMessage(path: string, text: string): Promise<void> {
  try {
    await writeFileAtomic(path, text.endsWith('\n') ? text : `${text}\n`);
  } catch (error) {
    throw new Error(`--output-last-message ${path}: ${describeFsError(error)}`);
  }
}
