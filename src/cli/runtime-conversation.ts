import { createOpenAIModelRuntime } from '../llm/openai-model-runtime';
import { AgentRuntime } from '../runtime/agent-runtime';
import { createInitialState } from '../runtime/state';
import type { AgentState } from '../runtime/types';
import { CliError } from './exit-codes';
import { checkOutputFile } from './input-files';
import { onInterrupt } from './interrupt';
import { connectModel } from './model-client';
import { wholeNumberOption } from './number-option';
import { readPrompt } from './read-prompt';
import { createRuntimeAgent } from './runtime-agent';
import type { RuntimeArgs } from './runtime-command';
import { reportRuntimeOutcome } from './runtime-outcome';
import { demoToolDefinitions, demoTools } from './runtime-demo-tools';
import { createHumanInput } from './runtime-human-input';
import { createRuntimePeopleRenderer, renderRuntimeJson } from './runtime-renderer';
import { loadRuntimeState, modelCallsIn, saveRuntimeState } from './runtime-state-file';
import { loadToolsModule } from './runtime-tools-module';
import { readCliSettings } from './settings-options';

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

  // The runtime has no working directory of its own: the project is where it was started.
  const settings = readCliSettings(args, process.cwd()).settings;
  const model = connectModel(args, { skipReplies: modelCallsIn(state), settings });
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
  const stopListening = onInterrupt(() => controller.abort());
  try {
    const result = await runtime.run(state, {
      human,
      signal: controller.signal,
      maxSteps,
      onEvent: args.json ? renderRuntimeJson : createRuntimePeopleRenderer(),
      ...(statePath ? { saveState: (next: AgentState) => saveRuntimeState(statePath, next) } : {}),
    });
    return reportRuntimeOutcome(result, args.json, statePath);
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
