import { AgentRunner } from '../runner/agent-runner';
import type { Usage } from '../llm/types';
import { SessionStore } from '../session/session-store';
import { emptyUsage, addUsage } from '../session/usage';
import { CliError, ExitCode } from './exit-codes';
import { describeError, exitCodeFor, isInterruptCode, reportError } from './error-report';
import { closeWithin } from './close-within';
import { interruptedBy, onInterrupt } from './interrupt';
import { connectModel } from './model-client';
import { readPrompt } from './read-prompt';
import type { RunArgs } from './run-command';
import type { RunOutcome, RunRenderer } from './run-renderer';
import { JsonRunRenderer } from './run-renderer-json';
import { PeopleRunRenderer } from './run-renderer-people';
import { resolveSessionsDir } from './session-options';

/** One AgentRunner run, start to exit code. Ctrl-C aborts it through its signal: tools are cancelled. */
export async function runAgent(args: RunArgs): Promise<number> {
  const maxConsecutiveToolFailures = positiveInt(args.maxConsecutiveFailures, '--max-consecutive-failures');
  const maxIterations = positiveInt(args.maxIterations, '--max-iterations');
  const persistence = await sessionOptions(args);
  const model = connectModel(args);
  const prompt = (await readPrompt(args.prompt))!;

  const renderer: RunRenderer = args.json ? new JsonRunRenderer() : new PeopleRunRenderer();
  let usage: Usage = emptyUsage();
  let stopReason: RunOutcome['stopReason'];
  const runner = new AgentRunner({
    model: model.model,
    client: model.client,
    cwd: args.cwd,
    ...persistence,
    maxConsecutiveToolFailures,
    maxIterations,
    enableSkillSearchInstruction: args.skillSearch,
    onEvent: (event) => {
      if (event.type === 'usage') usage = addUsage(usage, event.usage);
      if (event.type === 'run_finished') stopReason = event.stopReason;
      renderer.onEvent(event);
    },
  });

  const controller = new AbortController();
  const stopListening = onInterrupt(() => controller.abort());
  const outcome = (text: string, isError: boolean, extra: Partial<RunOutcome> = {}): RunOutcome => ({
    sessionId: runner.getSessionId(),
    text,
    usage,
    isError,
    stopReason,
    ...extra,
  });
  try {
    const text = await runner.run(prompt, { signal: controller.signal });
    if (stopReason && stopReason !== 'completed') {
      renderer.finish(outcome(text, true, { error: `run stopped (${stopReason}): ${text}` }));
      process.stderr.write(`synapse: run stopped (${stopReason.replace('_', ' ')}): ${text}\n`);
      return ExitCode.failed;
    }
    renderer.finish(outcome(text, false));
    return ExitCode.ok;
  } catch (error) {
    const code = exitCodeFor(error);
    renderer.finish(outcome('', true, { error: describeError(error), interrupted: isInterruptCode(code) }));
    if (isInterruptCode(code)) {
      const by = interruptedBy();
      const saved = await sessionExists(args, runner.getSessionId());
      process.stderr.write(`synapse: interrupted${by && by !== 'SIGINT' ? ` by ${by}` : ''}${saved ? `; the session is saved: synapse run --session ${runner.getSessionId()} "..."` : ''}\n`);
      return code;
    }
    return reportError(error, { debug: args.debug });
  } finally {
    stopListening();
    await closeWithin(() => runner.close());
  }
}

/** Whether the run's session is on disk (a new session is created only once the model has answered). */
async function sessionExists(args: RunArgs, id: string | null): Promise<boolean> {
  if (!id) return false;
  return new SessionStore(resolveSessionsDir(args.sessionsDir)).exists(id).catch(() => false);
}

/** Where the run persists: nowhere (--no-session), a session to resume (checked first), or a new one. */
async function sessionOptions(args: RunArgs): Promise<{ sessionsDir?: string; sessionId?: string }> {
  if (args.session === false) return {};
  const sessionsDir = resolveSessionsDir(args.sessionsDir);
  if (args.session === undefined) return { sessionsDir };
  if (!args.session.trim()) throw new CliError('--session needs a session id (see synapse sessions list)');
  // An unknown id is an input error found before any model call.
  if (!(await new SessionStore(sessionsDir).exists(args.session))) {
    throw new CliError(`unknown session "${args.session}" in ${sessionsDir} (see synapse sessions list)`);
  }
  return { sessionsDir, sessionId: args.session };
}

function positiveInt(value: number | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 1) throw new CliError(`${flag} must be a whole number >= 1 (got ${value})`);
  return value;
}
