import type { ResolvedSettings } from '../settings/resolve-settings';
import { CliError } from './exit-codes';

/** --settings, for the commands that read settings (run, exec, runtime, config). */
export interface SettingsArgs {
  settings?: string;
  /** `--trust-project` / `--no-trust-project`, where the command has it. */
  trustProject?: boolean;
}

export const settingsOption = {
  settings: {
    type: 'string',
    requiresArg: true,
    describe: "A settings file (JSON) read after ~/.synapse/settings.json and the project's .synapse/settings.json and settings.local.json; flags still win",
  },
} as const;

/**
 * The settings in force for a command run in `cwd`: every file merged, what a project file may not set
 * reported on stderr (one warning each), a file that cannot be used a one-line error (exit 2).
 */
export function readCliSettings(args: SettingsArgs, cwd: string): ResolvedSettings {
  // Loaded here, not with the flag declaration: `--help` must not pay for zod.
  const { resolveSettings } = require('../settings/resolve-settings') as typeof import('../settings/resolve-settings');
  const { SettingsFileError } = require('../settings/settings-file') as typeof import('../settings/settings-file');
  try {
    // The project's own settings files loosen nothing unless the project is trusted (--trust-project, or the trust store).
    const { ProjectTrust } = require('../settings/project-trust') as typeof import('../settings/project-trust');
    const resolved = resolveSettings({ cwd, settingsFile: args.settings, isProjectTrusted: (dir) => new ProjectTrust(dir, { trusted: args.trustProject }).isTrustedNow() });
    for (const warning of resolved.warnings) process.stderr.write(`synapse: warning: ${warning}\n`);
    return resolved;
  } catch (error) {
    throw error instanceof SettingsFileError ? new CliError(error.message) : error;
  }
}
