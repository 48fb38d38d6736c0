import type { ChatMessage, ModelRuntime, ToolCall, ToolDefinition, Usage } from '../llm';

export interface AssistantReply {
  content: string;
  toolCalls: ToolCall[];
  usage?: Usage;
}

/** Streams one model reply to completion, passing text on as it arrives. */
export async function streamAssistantReply(
  modelRuntime: ModelRuntime,
  request: { messages: ChatMessage[]; tools: ToolDefinition[]; signal?: AbortSignal },
  onText: (text: string) => void,
): Promise<AssistantReply> {
  const reply: AssistantReply = { content: '', toolCalls: [] };
  for await (const chunk of modelRuntime(request)) {
    if (chunk.content) {
      reply.content += chunk.content;
      onText(chunk.content);
    }
    if (chunk.tool_calls) reply.toolCalls.push(...chunk.tool_calls);
    if (chunk.usage) reply.usage = chunk.usage;
  }
  return reply;
}

export function assistantMessage(reply: AssistantReply): ChatMessage {
  return { role: 'assistant', content: reply.content, ...(reply.toolCalls.length ? { tool_calls: reply.toolCalls } : {}) };
}
