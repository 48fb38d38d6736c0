import { z } from 'zod';
import { toolCallSchema } from '../state-schema';
import type { InstructionExecutor } from '../types';
import { parseInstruction } from './parse-instruction';

const approveSchema = z.looseObject({
  type: z.literal('request_human_approve'),
  pendingToolsCalling: z.array(toolCallSchema).min(1, 'expected at least one tool call'),
});

/** Pauses for approval; the calls wait on the state until a later step runs (or a human rejects) them. */
export const requestHumanApprove: InstructionExecutor = (instruction, state) => {
  const { pendingToolsCalling } = parseInstruction(approveSchema, instruction);
  const { sessionId } = state;
  state.pendingToolsCalling = pendingToolsCalling;
  state.status = 'waiting_for_human_input';
  return {
    events: [
      { type: 'human_approve_required', sessionId, pendingToolsCalling },
      { type: 'tool_pending', sessionId, toolCalls: pendingToolsCalling },
    ],
    newState: state,
  };
};
