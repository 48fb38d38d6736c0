import { z } from 'zod';
import type { InstructionExecutor } from '../types';
import { parseInstruction } from './parse-instruction';

const finishSchema = z.looseObject({ type: z.literal('finish'), reason: z.string().optional() });

/** Ends the conversation. The event's finalState is a snapshot without the event log, so nothing nests. */
export const finish: InstructionExecutor = (instruction, state) => {
  const { reason } = parseInstruction(finishSchema, instruction);
  state.status = 'done';
  const { events: _log, ...snapshot } = structuredClone(state);
  return {
    events: [{ type: 'done', sessionId: state.sessionId, ...(reason ? { reason } : {}), finalState: snapshot }],
    newState: state,
  };
};
