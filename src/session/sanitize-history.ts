import type { ChatMessage } from '../llm';

export type SanitizeReason =
  /** An assistant tool-call message lacking a result for at least one call (interrupted mid-round, or a result line lost). */
  | 'incomplete_tool_calls'
  /** An assistant tool-call message with a call whose arguments are not a JSON object, or its results. */
  | 'non_object_arguments'
  /** An assistant tool-call message whose calls share an id (no result can answer both), or its results. */
  | 'duplicate_call_id'
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

/** A result the repair wrote for a call that had none. */
export interface AddedMessage {
  /** Index in the repaired history. */
  index: number;
  toolCallId: string;
  reason: 'incomplete_tool_calls';
}

export interface SanitizedHistory {
  /** The repaired history: every kept message is the same object, in the same order. */
  messages: ChatMessage[];
  /** Messages that cannot be sent as they are (they break the protocol on their own terms), in input order. */
  removed: RemovedMessage[];
  /** Results written for calls that had none. */
  added: AddedMessage[];
}

/** What a call without a result is answered with: the model learns the call did not (visibly) finish. */
export const MISSING_RESULT_TEXT =
  '[interrupted] No result was recorded for this tool call: the run stopped before it finished, or its result was lost. ' + 'Whether it took effect is unknown; check before repeating it.';

/**
 * Makes a history safe to send to a model while keeping every message that is valid on its own terms.
 * A call without a result is answered with MISSING_RESULT_TEXT (its assistant message and the other
 * results stay). Only messages that are themselves broken go: a tool message that answers no call or
 * answers one twice, and a tool-call round whose calls cannot be answered (arguments that are not a
 * JSON object, two calls sharing an id), with its results. Pure; nothing is reordered.
 */
export function sanitizeHistory(messages: readonly ChatMessage[]): SanitizedHistory {
  const kept: ChatMessage[] = [];
  const removed: RemovedMessage[] = [];
  const added: AddedMessage[] = [];
  let index = 0;
  while (index < messages.length) {
    const message = messages[index]!;
    if (message.role === 'assistant' && message.tool_calls && message.tool_calls.length > 0) {
      const resultsEnd = endOfToolRun(messages, index + 1);
      repairToolRound(messages, index, resultsEnd, { kept, removed, added });
      index = resultsEnd;
      continue;
    }
    if (message.role === 'tool') {
      removed.push({ index, reason: 'orphan_tool_result', detail: `tool result ${message.tool_call_id ?? '(no id)'} follows no tool call` });
    } else {
      kept.push(message);
    }
    index += 1;
  }
  return { messages: kept, removed, added };
}

function endOfToolRun(messages: readonly ChatMessage[], start: number): number {
  let end = start;
  while (end < messages.length && messages[end]!.role === 'tool') end += 1;
  return end;
}

interface RepairOutput {
  kept: ChatMessage[];
  removed: RemovedMessage[];
  added: AddedMessage[];
}

/** Repairs the assistant message at `callIndex` and the tool messages in [callIndex + 1, resultsEnd). */
function repairToolRound(messages: readonly ChatMessage[], callIndex: number, resultsEnd: number, out: RepairOutput): void {
  const calls = messages[callIndex]!.tool_calls!;
  const unanswerable = findUnanswerable(calls);
  if (unanswerable) {
    out.removed.push({ index: callIndex, ...unanswerable });
    for (let i = callIndex + 1; i < resultsEnd; i += 1) {
      out.removed.push({ index: i, reason: unanswerable.reason, detail: `result of ${messages[i]!.tool_call_id}, whose tool-call message was removed` });
    }
    return;
  }

  const callIds = new Set(calls.map((call) => call.id));
  const answered = new Set<string>();
  out.kept.push(messages[callIndex]!);
  for (let i = callIndex + 1; i < resultsEnd; i += 1) {
    const id = messages[i]!.tool_call_id;
    if (id === undefined || !callIds.has(id)) {
      out.removed.push({ index: i, reason: 'orphan_tool_result', detail: `tool result ${id ?? '(no id)'} answers no call of message ${callIndex}` });
    } else if (answered.has(id)) {
      out.removed.push({ index: i, reason: 'duplicate_tool_result', detail: `second result for ${id}` });
    } else {
      answered.add(id);
      out.kept.push(messages[i]!);
    }
  }
  for (const call of calls) {
    if (answered.has(call.id)) continue;
    out.added.push({ index: out.kept.length, toolCallId: call.id, reason: 'incomplete_tool_calls' });
    out.kept.push({ role: 'tool', tool_call_id: call.id, content: MISSING_RESULT_TEXT });
  }
}

/** Why no result could ever make this round valid, if so. */
function findUnanswerable(calls: NonNullable<ChatMessage['tool_calls']>): { reason: SanitizeReason; detail: string } | undefined {
  const badArguments = calls.find((call) => !isJsonObjectText(call.function.arguments));
  if (badArguments) return { reason: 'non_object_arguments', detail: `arguments of ${badArguments.id} are not a JSON object` };
  if (new Set(calls.map((call) => call.id)).size !== calls.length) {
    return { reason: 'duplicate_call_id', detail: 'two calls share one id, so one result cannot answer both' };
  }
  return undefined;
}

function isJsonObjectText(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    // not JSON at all
  }
  return false;
}
