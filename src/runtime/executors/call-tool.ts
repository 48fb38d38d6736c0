import { z } from 'zod';
import type { ToolCall } from '../../llm';
import { toolCallSchema } from '../state-schema';
import type { Agent, AgentState, InstructionExecutor, StepResult } from '../types';
import { StepError } from '../step-error';
import { parseInstruction } from './parse-instruction';

const callToolSchema = z.looseObject({ type: z.literal('call_tool'), toolCall: toolCallSchema });

/** Runs one of the agent's tools with the call's parsed arguments; the result joins the messages. */
export const callTool: InstructionExecutor = async (instruction, state, { agent, signal }) => {
  const { toolCall } = parseInstruction(callToolSchema, instruction);
  return runToolCall(toolCall, state, { agent, signal });
};

export async function runToolCall(toolCall: ToolCall, state: AgentState, context: { agent: Agent; signal: AbortSignal }): Promise<StepResult> {
  const name = toolCall.function.name;
  const tool = Object.hasOwn(context.agent.tools ?? {}, name) ? context.agent.tools![name] : undefined;
  if (typeof tool !== 'function') throw new Error(`Tool not found: ${name}`);
  const args = parseArguments(toolCall);
  const returned = await tool(args, { signal: context.signal, sessionId: state.sessionId, toolCall, toolCallId: toolCall.id });
  const content = serializeResult(name, returned);
  // The event carries the result as it is kept (JSON), so a reloaded state holds the same value.
  const result: unknown = JSON.parse(content);

  state.messages.push({ role: 'tool', tool_call_id: toolCall.id, content });
  state.pendingToolsCalling = state.pendingToolsCalling?.filter((pending) => pending.id !== toolCall.id);
  if (!state.pendingToolsCalling?.length) {
    delete state.pendingToolsCalling;
    state.status = 'running';
  }
  return { events: [{ type: 'tool_result', sessionId: state.sessionId, id: toolCall.id, result }], newState: state };
}

function serializeResult(name: string, result: unknown): string {
  try {
    return JSON.stringify(result) ?? 'null';
  } catch (error) {
    // JSON.stringify fails with a TypeError (BigInt, a cycle) or with whatever a toJSON throws.
    throw new TypeError(`Tool ${name} returned a value that cannot be stored as JSON: ${StepError.from(error).message}`);
  }
}

function parseArguments(toolCall: ToolCall): Record<string, unknown> {
  const text = toolCall.function.arguments.trim() || '{}';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new SyntaxError(`Invalid arguments for tool ${toolCall.function.name} (call ${toolCall.id}): not valid JSON: ${text}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new TypeError(`Invalid arguments for tool ${toolCall.function.name} (call ${toolCall.id}): expected a JSON object`);
  }
  return parsed as Record<string, unknown>;
}
