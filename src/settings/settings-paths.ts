import { homedir } from 'node:os';
import { join } from 'node:path';

/** `~/.synapse/settings.json`: the user's own settings (HOME as it is when called). */
export function userSettingsPath(): string {
  return join(homedir(), '.synapse', 'settings.json');
}

/** `<cwd>/.synapse/settings.json`: the project's, shared with everyone who works on it. */
export function projectSettingsPath(cwd: string): string {
  return join(cwd, '.synapse', 'settings.json');
}

/** `<cwd>/.synapse/settings.local.json`: the project's, personal (not meant to be committed). */
export function localSettingsPath(cwd: string): string {
  return join(cwd, '.synapse', 'settings.local.json');
}
