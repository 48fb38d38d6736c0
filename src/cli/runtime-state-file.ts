import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { writeFileAtomic } from '../session/atomic-write';
import { agentStateSchema } from '../runtime/state-schema';
import type { AgentState } from '../runtime/types';
import { CliError } from './exit-codes';

export const RUNTIME_STATE_VERSION = 1;

/** What `--state` writes after every step: the runtime state plus what a later invocation needs to resume. */
const runtimeStateFileSchema = z.object({
  version: z.literal(RUNTIME_STATE_VERSION, { error: `expected version ${RUNTIME_STATE_VERSION}` }),
  savedAt: z.string(),
  /** Model requests made so far: a resumed fixture replay skips the replies already served. */
  modelCalls: z.number().int().nonnegative(),
  state: agentStateSchema,
});

export interface RuntimeStateFile {
  modelCalls: number;
  state: AgentState;
}

export async function saveRuntimeState(path: string, file: RuntimeStateFile): Promise<void> {
  const content = { version: RUNTIME_STATE_VERSION, savedAt: new Date().toISOString(), ...file };
  await writeFileAtomic(path, `${JSON.stringify(content, null, 2)}\n`);
}

/** Reads and validates a state file; any problem is bad input naming the file and the field. */
export function loadRuntimeState(path: string): RuntimeStateFile {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const problem = code === 'ENOENT' ? 'no such file' : code ? (error as Error).message : `not valid JSON: ${(error as Error).message}`;
    throw new CliError(`state file ${path}: ${problem}`);
  }
  const parsed = runtimeStateFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CliError(`state file ${path}: ${issue.path.join('.') || '(top level)'}: ${issue.message}`);
  }
  return { modelCalls: parsed.data.modelCalls, state: parsed.data.state as unknown as AgentState };
}
