import type { RuntimeRunResult } from '../runtime/run-loop';
import type { AgentState } from '../runtime/types';
import { terminalSafeJson, visibleText } from '../visible-text';
import { describeError } from './error-report';
import { ExitCode } from './exit-codes';
import { interruptExitCode } from './interrupt';

/** The outcome as people and scripts read it, and the exit code it stands for. */
export function reportRuntimeOutcome(result: RuntimeRunResult, json: boolean, statePath: string | undefined): number {
  const resume = statePath ? `synapse runtime --resume ${statePath}` : undefined;
  const line = (text: string) => process.stderr.write(`${text}\n`);
  const failure = failureOf(result);
  if (json) {
    const waitingFor = result.status === 'waiting_for_human_input' ? { waitingFor: result.waitingFor } : {};
    const error = failure ? { error: failure.message } : {};
    const outcome = { sessionId: result.state.sessionId, status: result.status, steps: result.steps, text: lastAnswer(result.state) };
    process.stdout.write(`${terminalSafeJson({ type: 'result', ...outcome, isError: Boolean(failure), ...error, ...waitingFor, stateFile: statePath ?? null })}\n`);
  }
  switch (result.status) {
    case 'done':
      return ExitCode.ok;
    case 'waiting_for_human_input': {
      if (json) return ExitCode.ok;
      const what = visibleText(describeWaiting(result));
      line(
        resume
          ? `paused: ${what}; resume with: ${resume} (--approve all|none, --answer <text>)`
          : `paused: ${what}; nothing was saved: pass --approve all|none and --answer <text>, or --state <file> to resume later`,
      );
      return ExitCode.ok;
    }
    case 'interrupted':
      line(`synapse: interrupted${resume ? `; resume with: ${resume}` : ''}`);
      return interruptExitCode();
    default:
      line(`synapse: ${failure!.message}`);
      return failure!.exitCode;
  }
}

function failureOf(result: RuntimeRunResult): { message: string; exitCode: number } | undefined {
  if (result.status === 'max_steps') return { message: `stopped after --max-steps ${result.steps} steps`, exitCode: ExitCode.failed };
  if (result.status === 'interrupted') return { message: 'interrupted', exitCode: interruptExitCode() };
  if (result.status !== 'error') return undefined;
  const { name, message } = result.error;
  // A bad --answer is bad input; anything else is a failed run.
  if (name === 'CliError') return { message, exitCode: ExitCode.badInput };
  return { message: describeError(Object.assign(new Error(message), { name })), exitCode: ExitCode.failed };
}

function describeWaiting(result: Extract<RuntimeRunResult, { status: 'waiting_for_human_input' }>): string {
  const waiting = result.waitingFor;
  if (waiting.kind === 'approval') return `waiting for approval of ${waiting.toolCall.function.name}(${waiting.toolCall.function.arguments})`;
  if (waiting.kind === 'prompt') return `waiting for an answer to "${waiting.prompt}"`;
  return `waiting for a choice for "${waiting.prompt}"`;
}

function lastAnswer(state: AgentState): string {
  const last = state.messages.at(-1);
  return last?.role === 'assistant' && !last.tool_calls?.length ? (last.content ?? '') : '';
}
