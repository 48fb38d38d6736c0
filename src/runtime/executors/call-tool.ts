import { z } from 'zod';
import { toolCallSchema } from '../state';
import type { AgentState, InstructionExecutor, StepResult } from '../types';
import type { ToolCall } from '../../llm/types';
import type { Agent } from '../types';
import { parseInstruction } from './parse-instruction';

const callToolSchema = z.looseObject({ type: z.literal('call_tool'), toolCall: toolCallSchema });

/** Runs one of the agent's tools with the call's parsed arguments; the result joins the messages. */
export const callTool: InstructionExecutor = async (instruction, state, { agent }) => {
  const { toolCall } = parseInstruction(callToolSchema, instruction);
  return runToolCall(toolCall, state, agent);
};

export async function runToolCall(toolCall: ToolCall, state: AgentState, agent: Agent): Promise<StepResult> {
  const name = toolCall.function.name;
  const tool = agent.tools?.[name];
  if (typeof tool !== 'function') throw new Error(`Tool not found: ${name}`);
  const args = parseArguments(toolCall);
  const result = await tool(args);

  state.messages.push({ role: 'tool', tool_call_id: toolCall.id, content: JSON.stringify(result) ?? 'null' });
  state.pendingToolsCalling = state.pendingToolsCalling?.filter((pending) => pending.id !== toolCall.id);
  if (!state.pendingToolsCalling?.length) {
    delete state.pendingToolsCalling;
    state.status = 'running';
  }
  return { events: [{ type: 'tool_result', sessionId: state.sessionId, id: toolCall.id, result }], newState: state };
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
