import type { ChatMessage } from '../../src/llm/types';

/**
 * What the real chat-completions API would reject in a request's messages, as readable problems: every
 * tool call answered exactly once by the tool messages right after it, no tool message answering
 * anything else, call ids unique, arguments JSON objects. An empty list means the request is acceptable.
 */
export function protocolViolations(messages: readonly ChatMessage[]): string[] {
  const problems: string[] = [];
  let open: Set<string> | undefined;
  messages.forEach((message, i) => {
    if (message.role === 'tool') {
      const id = message.tool_call_id ?? '(none)';
      if (!open?.delete(id)) problems.push(`message ${i}: tool result ${id} answers no open call`);
      return;
    }
    if (open?.size) problems.push(`message ${i}: calls ${[...open].join(', ')} have no result before it`);
    open = undefined;
    if (message.role === 'assistant' && message.tool_calls?.length) {
      open = new Set();
      for (const call of message.tool_calls) {
        if (open.has(call.id)) problems.push(`message ${i}: call id ${call.id} used twice`);
        open.add(call.id);
        if (!isJsonObject(call.function.arguments)) problems.push(`message ${i}: arguments of ${call.id} are not a JSON object`);
      }
    }
  });
  if (open?.size) problems.push(`end: calls ${[...open].join(', ')} have no result`);
  return problems;
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}
