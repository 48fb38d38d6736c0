import { z } from 'zod';
import { summarizeState } from '../state';
import type { InstructionExecutor } from '../types';
import { parseInstruction } from './parse-instruction';

const finishSchema = z.looseObject({ type: z.literal('finish'), reason: z.string().optional() });

/** Ends the conversation. The event's finalState is a summary: the state itself holds the messages once. */
export const finish: InstructionExecutor = (instruction, state) => {
  const { reason } = parseInstruction(finishSchema, instruction);
  state.status = 'done';
  return {
    events: [{ type: 'done', sessionId: state.sessionId, ...(reason ? { reason } : {}), finalState: summarizeState(state) }],
    newState: state,
  };
};
