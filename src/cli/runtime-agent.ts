import { createToolApprovalAgent } from '../runtime/tool-approval-agent';
import type { Agent, AgentState, InstructionExecutor } from '../runtime/types';
import type { ChatMessage, ToolCall } from '../llm/types';
import { HUMAN_TOOLS, humanToolDefinitions } from './runtime-demo-tools';
import type { RuntimeTools } from './runtime-tools-module';

/**
 * The agent behind `synapse runtime`: the library's tool-approval agent over the given tools, plus human
 * tools. When the model calls `ask_user` or `choose`, the agent pauses with request_human_prompt /
 * request_human_select; the human's answer (a user message, as AgentRuntime.answerPrompt/answerSelect add
 * it) is then moved into that call's tool result, so the conversation stays valid for any
 * OpenAI-compatible API.
 */
export function createRuntimeAgent(options: { model?: string; tools: RuntimeTools }): Agent {
  const approval = createToolApprovalAgent({
    tools: options.tools.tools,
    toolDefinitions: [...options.tools.definitions, ...humanToolDefinitions],
    model: options.model,
  });
  return {
    tools: approval.tools,
    executors: { record_human_answer: recordHumanAnswer },
    runner(state: AgentState) {
      const round = lastToolRound(state.messages);
      if (round) {
        const humanCall = round.waiting.find((call) => HUMAN_TOOLS.has(call.function.name));
        if (humanCall && round.answeredByUser) return { type: 'record_human_answer', toolCallId: humanCall.id };
        if (humanCall) return askHuman(humanCall);
      }
      return approval.runner(state);
    },
  };
}

interface ToolRound {
  assistantIndex: number;
  waiting: ToolCall[];
  /** The messages after the round's tool results end in a user message: a human's answer. */
  answeredByUser: boolean;
}

/** The last assistant tool-call message, if it is followed only by its tool results (and maybe an answer). */
function lastToolRound(messages: ChatMessage[]): ToolRound | undefined {
  let index = messages.length - 1;
  const answeredByUser = messages[index]?.role === 'user';
  if (answeredByUser) index -= 1;
  while (index >= 0 && messages[index]!.role === 'tool') index -= 1;
  const assistant = messages[index];
  if (assistant?.role !== 'assistant' || !assistant.tool_calls?.length) return undefined;
  const answered = new Set(messages.slice(index + 1).map((message) => message.tool_call_id));
  return { assistantIndex: index, waiting: assistant.tool_calls.filter((call) => !answered.has(call.id)), answeredByUser };
}

function askHuman(call: ToolCall) {
  const args = parseArgs(call);
  const question = typeof args.question === 'string' && args.question.trim() ? args.question : 'The assistant has a question:';
  if (call.function.name === 'choose') {
    const options = (Array.isArray(args.options) ? args.options : []).map(String).filter(Boolean);
    if (options.length) {
      return { type: 'request_human_select', prompt: question, options: options.map((value) => ({ label: value, value })), multi: false };
    }
  }
  return { type: 'request_human_prompt', prompt: question, metadata: { toolCallId: call.id } };
}

function parseArgs(call: ToolCall): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(call.function.arguments || '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Moves the human's answer (the trailing user message) into the tool result of the call that asked. */
const recordHumanAnswer: InstructionExecutor = (instruction: { toolCallId: string }, state) => {
  const answer = state.messages.pop()!;
  state.messages.push({ role: 'tool', tool_call_id: instruction.toolCallId, content: JSON.stringify({ answer: answer.content }) });
  state.status = 'running';
  return {
    events: [{ type: 'tool_result', sessionId: state.sessionId, id: instruction.toolCallId, result: { answer: answer.content } }],
    newState: state,
  };
};
