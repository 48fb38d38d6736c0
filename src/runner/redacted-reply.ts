import type { SecretRedactor } from '../tools';
import type { AssistantReply } from './model-turn';
import type { RunnerEvent } from './types';

/**
 * The model's reply as it is kept and shown (history, session file, events): known secret values it wrote,
 * in its text or its tool calls' arguments, are redacted. The calls themselves run as the model wrote them.
 */
export function redactReply(reply: AssistantReply, redactor: SecretRedactor): AssistantReply {
  return {
    ...reply,
    content: redactor.redact(reply.content),
    toolCalls: reply.toolCalls.map((call) => ({ ...call, function: { ...call.function, arguments: redactor.redact(call.function.arguments) } })),
  };
}

/** A tool call's event with what the model wrote (its command, a task's description) redacted; results are redacted by the tools. */
export function redactToolEvent(event: RunnerEvent, redactor: SecretRedactor): RunnerEvent {
  if (event.type !== 'tool_call_started' && event.type !== 'tool_call_finished') return event;
  return {
    ...event,
    ...(event.command === undefined ? {} : { command: redactor.redact(event.command) }),
    ...(event.description === undefined ? {} : { description: redactor.redact(event.description) }),
  };
}
