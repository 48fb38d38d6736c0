import type { CreateMessageResult } from '@modelcontextprotocol/sdk/types.js';
import type { ChatMessage, ModelRuntime, Usage } from '../../llm';
import type { McpClientCallbacks, McpSamplingRequest } from './mcp-client-requests';

type Content = McpSamplingRequest['messages'][number]['content'];

/**
 * Answers MCP sampling requests with a model runtime (the run's own model): the server's system prompt and
 * messages become a chat without tools, and the streamed text is the answer. Images and audio in the
 * request are described, not sent (the model layer speaks text).
 */
export function modelSampler(model: ModelRuntime, modelName: string, onUsage?: (usage: Usage) => void): NonNullable<McpClientCallbacks['answerSampling']> {
  return async (request, { signal }) => {
    const messages: ChatMessage[] = [];
    if (request.systemPrompt) messages.push({ role: 'system', content: request.systemPrompt });
    for (const message of request.messages) messages.push({ role: message.role, content: contentText(message.content) });
    let text = '';
    for await (const chunk of model({ messages, signal })) {
      if (chunk.content) text += chunk.content;
      if (chunk.usage) onUsage?.(chunk.usage);
    }
    return { role: 'assistant', content: { type: 'text', text }, model: modelName, stopReason: 'endTurn' } satisfies CreateMessageResult;
  };
}

function contentText(content: Content): string {
  const blocks = Array.isArray(content) ? content : [content];
  return blocks.map((block) => (block.type === 'text' ? block.text : `[${block.type}${'mimeType' in block ? ` ${block.mimeType}` : ''}]`)).join('\n');
}
