import { z } from 'zod';
import type { ChatMessage, ModelChunk, ToolCall } from '../../llm/types';
import { messageSchema } from '../state';
import type { AgentEvent, InstructionExecutor } from '../types';
import { parseInstruction } from './parse-instruction';

const callLlmSchema = z.looseObject({
  type: z.literal('call_llm'),
  payload: z
    .looseObject({
      messages: z.array(messageSchema).optional(),
      tools: z.array(z.looseObject({ type: z.literal('function') })).optional(),
      model: z.string().optional(),
    })
    .optional(),
});

/** Streams one model reply: llm_start, an llm_stream per chunk, llm_result; the reply joins the messages. */
export const callLlm: InstructionExecutor = async (instruction, state, { config }) => {
  const { payload = {} } = parseInstruction(callLlmSchema, instruction);
  if (!config.modelRuntime) throw new Error('LLM provider is required: configure modelRuntime to use call_llm');
  const { sessionId } = state;
  const request = { ...payload, messages: (payload.messages ?? state.messages) as ChatMessage[] };
  const events: AgentEvent[] = [{ type: 'llm_start', sessionId, payload: request }];

  let content = '';
  const toolCalls: ToolCall[] = [];
  let usage: ModelChunk['usage'];
  for await (const chunk of config.modelRuntime(request as never)) {
    events.push({ type: 'llm_stream', sessionId, chunk });
    content += chunk.content ?? '';
    toolCalls.push(...(chunk.tool_calls ?? []));
    usage = chunk.usage ?? usage;
  }

  events.push({ type: 'llm_result', sessionId, result: { content, tool_calls: toolCalls, ...(usage ? { usage } : {}) } });
  state.messages.push({ role: 'assistant', content, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) });
  state.status = 'running';
  return { events, newState: state };
};
