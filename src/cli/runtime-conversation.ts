import { createOpenAIModelRuntime } from '../llm/openai-model-runtime';
import { AgentRuntime } from '../runtime/agent-runtime';
import type { RuntimeRunResult } from '../runtime/run-loop';
import { createInitialState } from '../runtime/state';
import type { AgentState } from '../runtime/types';
import { describeError } from './error-report';
import { CliError, ExitCode } from './exit-codes';
import { checkOutputFile } from './input-files';
import { handleInterrupt } from './interrupt';
import { connectModel } from './model-client';
import { wholeNumberOption } from './number-option';
import { readPrompt } from './read-prompt';
import { createRuntimeAgent } from './runtime-agent';
import type { RuntimeArgs } from './runtime-command';
import { demoToolDefinitions, demoTools } from './runtime-demo-tools';
import { createHumanInput } from './runtime-human-input';
import { createRuntimePeopleRenderer, renderRuntimeJson } from './runtime-renderer';
import { loadRuntimeState, modelCallsIn, saveRuntimeState } from './runtime-state-file';
import { loadToolsModule } from './runtime-tools-module';

/**
 * `synapse runtime`: the library's drive loop (AgentRuntime#run) with the CLI's human and a renderer. The
 * state is saved after every change (with --state/--resume), so an interrupted or paused run resumes there.
 */
export async function runRuntimeConversation(args: RuntimeArgs): Promise<number> {
  const maxSteps = wholeNumberOption(args.maxSteps, '--max-steps', 1);
  const statePath = args.state ?? args.resume;
  const saved = args.resume ? loadRuntimeState(args.resume) : undefined;
  if (args.state) checkOutputFile(args.state, 'state file');
  const tools = args.tools ? await loadToolsModule(args.tools) : { tools: demoTools, definitions: demoToolDefinitions };
  const prompt = await readPrompt(args, { required: !saved });
  const state = withUserMessage(saved ?? createInitialState(), prompt);

  const model = connectModel(args, { skipReplies: modelCallsIn(state) });
  const runtime = new AgentRuntime(createRuntimeAgent({ model: model.model, tools }), {
    modelRuntime: createOpenAIModelRuntime({ model: model.model, client: model.client }),
  });
  const human = createHumanInput({
    approve: args.approve,
    answers: args.answer.map(String),
    interactive: Boolean(process.stdin.isTTY && process.stderr.isTTY) && !args.json,
    echo: !args.json,
  });

  const controller = new AbortController();
  const stopListening = handleInterrupt(() => controller.abort());
  try {
    const result = await runtime.run(state, {
      human,
      signal: controller.signal,
      maxSteps,
      onEvent: args.json ? renderRuntimeJson : createRuntimePeopleRenderer(),
      ...(statePath ? { saveState: (next: AgentState) => saveRuntimeState(statePath, next) } : {}),
    });
    return report(result, args.json, statePath);
  } finally {
    stopListening();
  }
}

/** A new user turn: on a fresh state, or as a follow-up on a resumed one (not while a human is awaited). */
function withUserMessage(state: AgentState, prompt: string | undefined): AgentState {
  if (!prompt) return state;
  if (state.status === 'waiting_for_human_input') {
    throw new CliError('this run is waiting for a human: settle it with --approve all|none or --answer <text>, without a new prompt');
  }
  const status = state.messages.length ? 'running' : state.status;
  return { ...state, status, messages: [...state.messages, { role: 'user', content: prompt }] };
}

/** The outcome as people and scripts read it, and the exit code it stands for. */
function report(result: RuntimeRunResult, json: boolean, statePath: string | undefined): number {
  const resume = statePath ? `synapse runtime --resume ${statePath}` : undefined;
  const line = (text: string) => process.stderr.write(`${text}\n`);
  const failure = failureOf(result);
  if (json) {
    const waitingFor = result.status === 'waiting_for_human_input' ? { waitingFor: result.waitingFor } : {};
    const error = failure ? { error: failure.message } : {};
    const outcome = { sessionId: result.state.sessionId, status: result.status, steps: result.steps, text: lastAnswer(result.state) };
    process.stdout.write(`${JSON.stringify({ type: 'result', ...outcome, isError: Boolean(failure), ...error, ...waitingFor, stateFile: statePath ?? null })}\n`);
  }
  switch (result.status) {
    case 'done':
      return ExitCode.ok;
    case 'waiting_for_human_input': {
      if (json) return ExitCode.ok;
      const what = describeWaiting(result);
      line(resume ? `paused: ${what}; resume with: ${resume} (--approve all|none, --answer <text>)` : `paused: ${what}; nothing was saved: pass --approve all|none and --answer <text>, or --state <file> to resume later`);
      return ExitCode.ok;
    }
    case 'interrupted':
      line(`synapse: interrupted${resume ? `; resume with: ${resume}` : ''}`);
      return ExitCode.interrupted;
    default:
      line(`synapse: ${failure!.message}`);
      return failure!.exitCode;
  }
}

function failureOf(result: RuntimeRunResult): { message: string; exitCode: number } | undefined {
  if (result.status === 'max_steps') return { message: `stopped after --max-steps ${result.steps} steps`, exitCode: ExitCode.failed };
  if (result.status === 'interrupted') return { message: 'interrupted', exitCode: ExitCode.interrupted };
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
