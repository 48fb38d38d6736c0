import { z } from 'zod';
import type { InstructionExecutor } from '../types';
import { parseInstruction } from './parse-instruction';

const promptSchema = z.looseObject({
  type: z.literal('request_human_prompt'),
  prompt: z.string().min(1, 'expected a non-empty prompt'),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

/** Pauses for a free-text answer; the question waits on the state. */
export const requestHumanPrompt: InstructionExecutor = (instruction, state) => {
  const { prompt, metadata } = parseInstruction(promptSchema, instruction);
  state.pendingHumanPrompt = { prompt, ...(metadata ? { metadata } : {}) };
  state.status = 'waiting_for_human_input';
  return {
    events: [{ type: 'human_prompt_required', sessionId: state.sessionId, prompt, ...(metadata ? { metadata } : {}) }],
    newState: state,
  };
};
