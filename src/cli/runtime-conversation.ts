import { AbortError } from '../llm/model-error';
import { createOpenAIModelRuntime } from '../llm/openai-model-runtime';
import { AgentRuntime } from '../runtime/agent-runtime';
import { createInitialState } from '../runtime/state';
import type { AgentEvent, AgentState } from '../runtime/types';
import { CliError, ExitCode } from './exit-codes';
import { describeError } from './error-report';
import { interruptExitCode, onInterrupt } from './interrupt';
import { connectModel } from './model-client';
import { readPrompt } from './read-prompt';
import { createDemoAgent } from './runtime-demo-agent';
import { createHumanInput, type HumanInput } from './runtime-human-input';
import { loadRuntimeState, saveRuntimeState } from './runtime-state-file';
import type { RuntimeArgs } from './runtime-command';
import { colorEnabled, createStyle, oneLine } from './terminal-style';

type Outcome = { status: 'done' | 'paused' | 'failed'; message?: string };

/**
 * Steps the AgentRuntime until it is done, fails, or waits for a human nobody present can be. The state is
 * saved after every step (with --state/--resume), so an interrupted or paused run resumes where it stopped.
 */
export async function runRuntimeConversation(args: RuntimeArgs): Promise<number> {
  if (!Number.isInteger(args.maxSteps) || args.maxSteps < 1) throw new CliError('--max-steps must be a whole number >= 1');
  const saved = args.resume ? loadRuntimeState(args.resume) : undefined;
  const prompt = await readPrompt(args.prompt, !saved);
  const statePath = args.state ?? args.resume;
  let state = saved?.state ?? createInitialState();
  let modelCalls = saved?.modelCalls ?? 0;
  if (prompt) state = withUserMessage(state, prompt);

  const model = connectModel(args, { skipReplies: modelCalls });
  const runtime = new AgentRuntime(createDemoAgent({ model: model.model }), {
    modelRuntime: createOpenAIModelRuntime({ model: model.model, client: model.client }),
  });
  const human = createHumanInput({
    approve: args.approve,
    answers: args.answer.map(String),
    interactive: Boolean(process.stdin.isTTY && process.stderr.isTTY) && !args.json,
  });
  const render = args.json ? renderJson : renderForPeople(createStyle(colorEnabled(process.stderr)));

  // A step cannot be cancelled halfway; on Ctrl-C the last saved state stands and the run ends at once.
  let interrupt!: (error: Error) => void;
  const interrupted = new Promise<never>((_, reject) => (interrupt = reject));
  interrupted.catch(() => {});
  const stopListening = onInterrupt(() => interrupt(new AbortError()));
  const save = async () => {
    if (statePath) await saveRuntimeState(statePath, { modelCalls, state });
  };
  const apply = async (events: AgentEvent[], next: AgentState) => {
    modelCalls += events.filter((event) => event.type === 'llm_start').length;
    render(events);
    state = next;
    await save();
  };

  let outcome: Outcome;
  try {
    render([{ type: 'run_started', sessionId: state.sessionId, resumed: Boolean(saved) } as never]);
    await save();
    outcome = await drive();
  } catch (error) {
    if ((error as Error).name !== 'AbortError' && (error as Error).name !== 'ExitPromptError') throw error;
    if (args.json) writeJson({ type: 'result', sessionId: state.sessionId, status: 'interrupted', text: '', isError: true, stateFile: statePath ?? null });
    process.stderr.write(`synapse: interrupted${statePath ? `; resume with: synapse runtime --resume ${statePath}` : ''}\n`);
    return interruptExitCode();
  } finally {
    stopListening();
  }

  const text = lastAnswer(state);
  if (args.json) {
    const isError = outcome.status === 'failed';
    writeJson({ type: 'result', sessionId: state.sessionId, status: outcome.status === 'paused' ? state.status : outcome.status, text, isError, ...(isError ? { error: outcome.message } : {}), stateFile: statePath ?? null });
  }
  if (outcome.status === 'failed') {
    process.stderr.write(`synapse: ${outcome.message}\n`);
    return ExitCode.failed;
  }
  if (outcome.status === 'paused' && !args.json) {
    process.stderr.write(
      statePath
        ? `paused: ${outcome.message}; resume with: synapse runtime --resume ${statePath} (--approve all|none, --answer <text>)\n`
        : `paused: ${outcome.message}; nothing was saved: pass --approve all|none and --answer <text>, or --state <file> to resume later\n`,
    );
  }
  return ExitCode.ok;

  async function drive(): Promise<Outcome> {
    // A saved run that had failed gets one more try; a step failing now ends the run.
    let retryingSavedError = state.status === 'error';
    for (let steps = 0; ; ) {
      if (state.status === 'done') return { status: 'done' };
      if (state.status === 'waiting_for_human_input') {
        const waitingFor = await Promise.race([decide(human), interrupted]);
        if (waitingFor) return { status: 'paused', message: waitingFor };
        continue;
      }
      if (state.status === 'error' && !retryingSavedError) return { status: 'failed', message: stepFailure(state) };
      retryingSavedError = false;
      if (steps++ >= args.maxSteps) return { status: 'failed', message: `stopped after --max-steps ${args.maxSteps} steps` };
      const { events, newState } = await Promise.race([runtime.step(state), interrupted]);
      await apply(events, newState);
    }
  }

  /** Settles what the state waits for; returns what is still awaited when nobody can decide. */
  async function decide(input: HumanInput): Promise<string | undefined> {
    for (const call of state.pendingToolsCalling ?? []) {
      const approved = await input.approve(call);
      if (approved === undefined) return `waiting for approval of ${call.function.name}(${call.function.arguments})`;
      if (approved) {
        const { events, newState } = await runtime.step(state, call);
        await apply(events, newState);
        if (state.status === 'error') return undefined;
      } else {
        await apply([], AgentRuntime.rejectToolCall(state, call.id, 'Denied by the user'));
        render([{ type: 'tool_denied', sessionId: state.sessionId, id: call.id, name: call.function.name } as never]);
      }
    }
    if (state.pendingHumanPrompt) {
      const { prompt } = state.pendingHumanPrompt;
      if (!args.json) process.stderr.write(`? ${prompt}\n`);
      const answer = await input.answer(prompt);
      if (answer === undefined) return `waiting for an answer to "${prompt}"`;
      await apply([], AgentRuntime.answerPrompt(state, answer));
    }
    if (state.pendingHumanSelect) {
      const { prompt, options, multi } = state.pendingHumanSelect;
      if (!args.json) process.stderr.write(`? ${prompt} (${options.map((option) => option.value).join(' / ')})\n`);
      const values = await input.select(prompt, options, multi);
      if (values === undefined) return `waiting for a choice for "${prompt}"`;
      await apply([], AgentRuntime.answerSelect(state, values));
    }
    return undefined;
  }
}

/** A new user turn on a resumed state; not while a human's answer is still awaited. */
function withUserMessage(state: AgentState, prompt: string): AgentState {
  if (state.status === 'waiting_for_human_input') {
    throw new CliError('this run is waiting for a human: settle it with --approve all|none or --answer <text>, without a new prompt');
  }
  return { ...state, status: state.messages.length ? 'running' : state.status, messages: [...state.messages, { role: 'user', content: prompt }] };
}

function stepFailure(state: AgentState): string {
  const error = state.error ?? { name: 'Error', message: 'the step failed' };
  return describeError(Object.assign(new Error(error.message), { name: error.name }));
}

function lastAnswer(state: AgentState): string {
  const last = state.messages.at(-1);
  return last?.role === 'assistant' && !last.tool_calls?.length ? (last.content ?? '') : '';
}

function writeJson(value: object): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

/** NDJSON: the runtime's own events, minus what would repeat the whole conversation on every line. */
function renderJson(events: AgentEvent[]): void {
  for (const event of events) {
    if (event.type === 'llm_start') writeJson({ type: 'llm_start', sessionId: event.sessionId });
    else if (event.type === 'llm_stream') {
      const text = (event.chunk as { content?: string }).content;
      if (text) writeJson({ type: 'llm_stream', sessionId: event.sessionId, text });
    } else if (event.type === 'done') writeJson({ type: 'done', sessionId: event.sessionId, reason: event.reason });
    else writeJson(event);
  }
}

/** For people: the assistant's text on stdout; tools, approvals and errors on stderr. */
function renderForPeople(style: ReturnType<typeof createStyle>) {
  return (events: AgentEvent[]): void => {
    for (const event of events as Array<AgentEvent | { type: 'tool_denied'; name: string }>) {
      switch (event.type) {
        case 'llm_result':
          if (event.result.content) process.stdout.write(`${event.result.content}\n`);
          for (const call of event.result.tool_calls) process.stderr.write(`${style.dim(`→ ${call.function.name} ${oneLine(call.function.arguments)}`)}\n`);
          break;
        case 'tool_result':
          process.stderr.write(`${style.green('✓')} ${style.dim(oneLine(JSON.stringify(event.result) ?? ''))}\n`);
          break;
        case 'tool_denied':
          process.stderr.write(`${style.red('✗')} ${event.name} denied\n`);
          break;
      }
    }
  };
}
