import { parseAgentState } from '../runtime/state';
import type { AgentState } from '../runtime/types';
import { writeFileAtomic } from '../session/atomic-write';
import { describeFsError } from '../session/directories';
import { CliError } from './exit-codes';
import { readInputFile } from './input-files';

/**
 * `--state` files hold the runtime state itself, as the library persists it: versioned (`schemaVersion`),
 * compacted, validated on load. A file is bad input when it cannot be read or parsed, naming the field.
 */
export function loadRuntimeState(path: string): AgentState {
  const text = readInputFile(path, 'state file');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CliError(`state file ${path}: not valid JSON: ${(error as Error).message}`);
  }
  try {
    return parseAgentState(json);
  } catch (error) {
    throw new CliError(`state file ${path}: ${(error as Error).message.replace(/^Invalid state: /, '')}`);
  }
}

/** Saves atomically; a failure names the file and the problem in words. */
export async function saveRuntimeState(path: string, state: AgentState): Promise<void> {
  try {
    await writeFileAtomic(path, `${JSON.stringify(state, null, 2)}\n`);
  } catch (error) {
    throw new Error(`state file ${path}: ${describeFsError(error)}`);
  }
}

/** Model requests a saved run has made: a resumed fixture replay skips the replies they consumed. */
export function modelCallsIn(state: AgentState): number {
  return state.events.filter((event) => event.type === 'llm_start').length;
}
