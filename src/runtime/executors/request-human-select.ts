import { z } from 'zod';
import type { InstructionExecutor } from '../types';
import { parseInstruction } from './parse-instruction';

const selectSchema = z.looseObject({
  type: z.literal('request_human_select'),
  prompt: z.string().min(1, 'expected a non-empty prompt'),
  options: z.array(z.strictObject({ label: z.string(), value: z.string() })).min(1, 'expected at least one option'),
  multi: z.boolean().default(false),
});

/** Pauses for a choice among options; the choice waits on the state. */
export const requestHumanSelect: InstructionExecutor = (instruction, state) => {
  const { prompt, options, multi } = parseInstruction(selectSchema, instruction);
  state.pendingHumanSelect = { prompt, options, multi };
  state.status = 'waiting_for_human_input';
  return {
    events: [{ type: 'human_select_required', sessionId: state.sessionId, prompt, options, multi }],
    newState: state,
  };
};
