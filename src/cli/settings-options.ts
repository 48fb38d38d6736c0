import type { ProjectTrust, ProjectTrustRequest } from '../settings/project-trust';
import type { ResolvedSettings } from '../settings/resolve-settings';
import { visibleText } from '../visible-text';
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
  return reported(resolveCliSettings(args, cwd));
}

/**
 * readCliSettings for a command that runs the project's programs: when hooks or env of the project's settings
 * files are ignored (the project is not trusted, or they changed since it was), `ask` (a terminal) is asked
 * about them as they are now; a yes
 * is recorded and the files are read again (what was read then must still be what the yes was given to).
 */
export async function readCliSettingsAsking(args: SettingsArgs, cwd: string, ask?: (request: ProjectTrustRequest) => Promise<boolean>): Promise<ResolvedSettings> {
  const resolved = resolveCliSettings(args, cwd);
  if (!ask || !resolved.untrustedPrograms.length) return reported(resolved);
  const programs = resolved.untrustedPrograms.flatMap(({ file, key, lines }) => lines.map((line) => `${file}: ${key}: ${line}`));
  if (!(await ask({ project: cwd, programs }))) return reported(resolved);
  const problems = await trustOf(args, cwd).rememberPrograms(resolved.untrustedPrograms);
  for (const problem of problems) process.stderr.write(`synapse: warning: ${visibleText(problem)}\n`);
  return reported(resolveCliSettings(args, cwd));
}

function resolveCliSettings(args: SettingsArgs, cwd: string): ResolvedSettings {
  // Loaded here, not with the flag declaration: `--help` must not pay for zod.
  const { resolveSettings } = require('../settings/resolve-settings') as typeof import('../settings/resolve-settings');
  const { SettingsFileError } = require('../settings/settings-file') as typeof import('../settings/settings-file');
  try {
    // The project's own settings files loosen nothing unless the project is trusted (--trust-project, or the
    // trust store), and run their hooks and env only as they were when the user trusted it.
    const trust = trustOf(args, cwd);
    return resolveSettings({ cwd, settingsFile: args.settings, isProjectTrusted: () => trust.isTrustedNow(), areProgramsTrusted: (entry) => trust.programsTrustedNow(entry) });
  } catch (error) {
    throw error instanceof SettingsFileError ? new CliError(error.message) : error;
  }
}

function trustOf(args: SettingsArgs, cwd: string): ProjectTrust {
  const { ProjectTrust } = require('../settings/project-trust') as typeof import('../settings/project-trust');
  return new ProjectTrust(cwd, { trusted: args.trustProject });
}

function reported(resolved: ResolvedSettings): ResolvedSettings {
  // Warnings quote the settings files (a project's is the workspace's, which the model can write): made visible.
  for (const warning of resolved.warnings) process.stderr.write(`synapse: warning: ${visibleText(warning)}\n`);
  return resolved;
}
