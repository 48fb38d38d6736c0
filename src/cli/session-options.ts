import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export const sessionsDirOption = {
  'sessions-dir': {
    type: 'string',
    describe: 'Where sessions are stored',
    defaultDescription: '$SYNAPSE_SESSIONS_DIR or ~/.synapse/sessions',
  },
} as const;

/** --sessions-dir, else SYNAPSE_SESSIONS_DIR, else ~/.synapse/sessions. */
export function resolveSessionsDir(flag: string | undefined): string {
  return resolve(flag || process.env.SYNAPSE_SESSIONS_DIR || join(homedir(), '.synapse', 'sessions'));
}
