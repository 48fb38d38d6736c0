import { z } from 'zod';
import type { ChatMessage, ModelChunk, ModelPayload, ToolCall } from '../../llm';
import { describeIssues, llmChunkSchema, messageSchema } from '../state-schema';
import type { AgentEvent, InstructionExecutor, LlmChunk } from '../types';
import { parseInstruction } from './parse-instruction';

const callLlmSchema = z.looseObject({
  type: z.literal('call_llm'),
  payload: z
    .looseObject({
      messages: z.array(messageSchema).optional(),
      tools: z.array(z.looseObject({ type: z.literal('function'), function: z.looseObject({ name: z.string() }) })).optional(),
      model: z.string().optional(),
    })
    .optional(),
});

/** Streams one model reply: llm_start, an llm_stream per chunk, llm_result; the reply joins the messages. */
export const callLlm: InstructionExecutor = async (instruction, state, { config, signal, emit }) => {
  const { payload = {} } = parseInstruction(callLlmSchema, instruction);
  if (!config.modelRuntime) throw new Error('LLM provider is required: configure modelRuntime to use call_llm');
  const { sessionId } = state;
  const request = { ...payload, messages: (payload.messages ?? state.messages) as ChatMessage[] } as ModelPayload;
  const summary = { ...(request.model ? { model: request.model } : {}), messageCount: request.messages.length, tools: (request.tools ?? []).map((tool) => tool.function.name) };
  const events: AgentEvent[] = [];
  const record = (event: AgentEvent) => {
    events.push(event);
    emit(event);
  };
  record({ type: 'llm_start', sessionId, payload: summary });

  let content = '';
  const toolCalls: ToolCall[] = [];
  let usage: LlmChunk['usage'];
  let index = 0;
  for await (const raw of streamOf(config.modelRuntime({ ...request, signal }))) {
    const chunk = parseChunk(raw, ++index);
    record({ type: 'llm_stream', sessionId, chunk });
    content += chunk.content ?? '';
    toolCalls.push(...(chunk.tool_calls ?? []));
    usage = chunk.usage ?? usage;
  }

  events.push({ type: 'llm_result', sessionId, result: { content, tool_calls: toolCalls, ...(usage ? { usage } : {}) } });
  state.messages.push({ role: 'assistant', content, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) });
  state.status = 'running';
  return { events, newState: state };
};

function streamOf(stream: unknown): AsyncIterable<unknown> {
  if (stream && typeof (stream as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function') return stream as AsyncIterable<ModelChunk>;
  throw new TypeError('modelRuntime must return an async iterable of chunks');
}

/** A model runtime is external input: each chunk is checked before it can reach the state. */
function parseChunk(raw: unknown, index: number): LlmChunk {
  const parsed = llmChunkSchema.safeParse(raw);
  if (!parsed.success) throw new TypeError(`Invalid chunk from modelRuntime: ${describeIssues(parsed.error, `chunk ${index}`)}`);
  return parsed.data;
}
