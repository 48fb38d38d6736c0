import type { z } from 'zod';
import { describeIssues } from '../state-schema';

/** Checks an agent's instruction at the boundary; the error names the instruction and each bad field. */
export function parseInstruction<T extends z.ZodType>(schema: T, instruction: unknown): z.infer<T> {
  const parsed = schema.safeParse(instruction);
  if (parsed.success) return parsed.data;
  const type = (instruction as { type?: unknown } | null)?.type;
  throw new TypeError(`Invalid ${String(type)} instruction: ${describeIssues(parsed.error, 'instruction')}`);
}
