import type { ChatMessage } from '../llm/types';

export type SanitizeReason =
  /** An assistant tool-call message lacking a result for at least one call (e.g. interrupted mid-round), or its partial results. */
  | 'incomplete_tool_calls'
  /** An assistant tool-call message with a call whose arguments are not a JSON object, or its results. */
  | 'non_object_arguments'
  /** A tool message that answers no call of the assistant message right before its run of tool messages. */
  | 'orphan_tool_result'
  /** A second result for a call that already has one. */
  | 'duplicate_tool_result';

export interface RemovedMessage {
  /** Index in the input history. */
  index: number;
  reason: SanitizeReason;
  detail: string;
}

export interface SanitizedHistory {
  /** The kept messages: the same objects, in the same order. */
  messages: ChatMessage[];
  removed: RemovedMessage[];
}

/**
 * Makes a history safe to send to a model: every assistant tool call has exactly one result, every tool
 * message answers a call, all arguments are JSON objects. A round (an assistant tool-call message and
 * the run of tool messages right after it) that breaks this is dropped whole, assistant text included:
 * keeping its text alone would pretend the round ended without tools. Pure; nothing is reordered.
 */
export function sanitizeHistory(messages: readonly ChatMessage[]): SanitizedHistory {
  const removed: RemovedMessage[] = [];
  let index = 0;
  while (index < messages.length) {
    const message = messages[index]!;
    if (message.role === 'assistant' && message.tool_calls && message.tool_calls.length > 0) {
      const resultsEnd = endOfToolRun(messages, index + 1);
      removed.push(...checkToolRound(messages, index, resultsEnd));
      index = resultsEnd;
      continue;
    }
    if (message.role === 'tool') {
      removed.push({ index, reason: 'orphan_tool_result', detail: `tool result ${message.tool_call_id ?? '(no id)'} follows no tool call` });
    }
    index += 1;
  }
  if (removed.length === 0) return { messages: [...messages], removed };
  const removedIndexes = new Set(removed.map((entry) => entry.index));
  removed.sort((a, b) => a.index - b.index);
  return { messages: messages.filter((_, i) => !removedIndexes.has(i)), removed };
}

function endOfToolRun(messages: readonly ChatMessage[], start: number): number {
  let end = start;
  while (end < messages.length && messages[end]!.role === 'tool') end += 1;
  return end;
}

/** Checks the assistant message at `callIndex` against the tool messages in [callIndex + 1, resultsEnd). */
function checkToolRound(messages: readonly ChatMessage[], callIndex: number, resultsEnd: number): RemovedMessage[] {
  const calls = messages[callIndex]!.tool_calls!;
  const callIds = new Set(calls.map((call) => call.id));
  const removed: RemovedMessage[] = [];
  const answered = new Set<string>();
  const resultIndexes: number[] = [];

  for (let i = callIndex + 1; i < resultsEnd; i += 1) {
    const id = messages[i]!.tool_call_id;
    if (id === undefined || !callIds.has(id)) {
      removed.push({ index: i, reason: 'orphan_tool_result', detail: `tool result ${id ?? '(no id)'} answers no call of message ${callIndex}` });
    } else if (answered.has(id)) {
      removed.push({ index: i, reason: 'duplicate_tool_result', detail: `second result for ${id}` });
    } else {
      answered.add(id);
      resultIndexes.push(i);
    }
  }

  const roundProblem = findRoundProblem(calls, callIds, answered);
  if (roundProblem) {
    removed.push({ index: callIndex, ...roundProblem });
    for (const i of resultIndexes) {
      removed.push({ index: i, reason: roundProblem.reason, detail: `result of ${messages[i]!.tool_call_id}, whose tool-call message was removed` });
    }
  }
  return removed;
}

function findRoundProblem(
  calls: NonNullable<ChatMessage['tool_calls']>,
  callIds: Set<string>,
  answered: Set<string>,
): { reason: SanitizeReason; detail: string } | undefined {
  const badArguments = calls.find((call) => !isJsonObjectText(call.function.arguments));
  if (badArguments) {
    return { reason: 'non_object_arguments', detail: `arguments of ${badArguments.id} are not a JSON object` };
  }
  if (callIds.size !== calls.length) {
    return { reason: 'incomplete_tool_calls', detail: 'two calls share one id, so one result cannot answer both' };
  }
  const missing = calls.filter((call) => !answered.has(call.id)).map((call) => call.id);
  if (missing.length > 0) return { reason: 'incomplete_tool_calls', detail: `no result for ${missing.join(', ')}` };
  return undefined;
}

function isJsonObjectText(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}
