import { lstatSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { mergeSettings, settingSources, type SettingsLayer, type SettingsScope } from './merge-settings';
import { readSettingsFile, SettingsFileError } from './settings-file';
import { localSettingsPath, projectSettingsPath, userSettingsPath } from './settings-paths';
import { dropChangedPrograms, programEntries, type SettingsPrograms } from './settings-programs';
import type { Settings } from './settings-schema';
import { restrictProjectSettings } from './untrusted-project';

export interface ResolveSettingsOptions {
  /** The project: where `.synapse/settings.json` and `.synapse/settings.local.json` are looked for. */
  cwd: string;
  /** A file named on the command line (`--settings`): read last, so it wins over the others. */
  settingsFile?: string;
  /** Whether the project's files may loosen settings. Default: not trusted (fail closed). */
  isProjectTrusted?: (cwd: string) => boolean;
  /**
   * In a trusted project, whether a program key (`hooks`, `env`) of its settings file is trusted as it is now
   * (ProjectTrust.programsTrustedNow: the fingerprint the user said yes to). Default: trusted with the project.
   */
  areProgramsTrusted?: (entry: SettingsPrograms) => boolean;
}

/** The settings in force, the files they came from, and what was ignored. */
export interface ResolvedSettings {
  settings: Settings;
  /** The files read, in order, as they were applied (a project file without what it may not set). */
  layers: SettingsLayer[];
  /** For each key of `settings`, the files that set it. */
  sources: Record<string, string[]>;
  /** One line per key a project file may not set, for the caller to show. */
  warnings: string[];
  /** The program keys of the project's files that were ignored: not trusted, or changed since the project was trusted. */
  untrustedPrograms: SettingsPrograms[];
}

/**
 * Reads `~/.synapse/settings.json`, `<cwd>/.synapse/settings.json`, `<cwd>/.synapse/settings.local.json` and
 * the --settings file, in that order; later ones win key by key (lists add up). A file that is missing is
 * skipped; one that cannot be used throws SettingsFileError (the file and the key), and nothing of it is
 * used; the project's are not read through a `.synapse` that is a symlink. Reads only: nothing is created.
 */
export function resolveSettings(options: ResolveSettingsOptions): ResolvedSettings {
  const candidates: Array<{ scope: SettingsScope; path: string }> = [
    { scope: 'user', path: userSettingsPath() },
    { scope: 'project', path: projectSettingsPath(options.cwd) },
    { scope: 'local', path: localSettingsPath(options.cwd) },
    ...(options.settingsFile ? [{ scope: 'flag' as const, path: resolve(options.settingsFile) }] : []),
  ];
  const layers: SettingsLayer[] = [];
  const warnings: string[] = [];
  const untrustedPrograms: SettingsPrograms[] = [];
  let trusted: boolean | undefined;
  // A `.synapse` that is a symlink may point anywhere, and can be pointed elsewhere by whoever can write the
  // workspace (the sandbox cannot hold a link in place): its files are not read, trusted project or not.
  const linked = lstatSync(dirname(projectSettingsPath(options.cwd)), { throwIfNoEntry: false })?.isSymbolicLink() ?? false;
  if (linked) warnings.push(`${dirname(projectSettingsPath(options.cwd))}: a symlink: the project's settings files are not read through it (make .synapse a directory)`);
  for (const { scope, path } of candidates) {
    if (linked && (scope === 'project' || scope === 'local')) continue;
    const read = readSettingsFile(path);
    if (!read && scope === 'flag') throw new SettingsFileError(path, undefined, 'no such file', `Cannot read settings file ${path}`);
    if (!read) continue;
    let settings = read;
    if (scope === 'project' || scope === 'local') {
      trusted ??= options.isProjectTrusted?.(options.cwd) ?? false;
      const restricted = restrictProjectSettings(read, mergeSettings(layers), path, trusted);
      const pinned = trusted && options.areProgramsTrusted ? dropChangedPrograms(restricted.settings, path, options.areProgramsTrusted) : undefined;
      settings = pinned?.settings ?? restricted.settings;
      untrustedPrograms.push(...(pinned ? pinned.changed : trusted ? [] : programEntries(read, path)));
      warnings.push(...restricted.warnings, ...(pinned?.warning ? [pinned.warning] : []));
    }
    layers.push({ scope, path, settings });
  }
  return { settings: mergeSettings(layers), layers, sources: settingSources(layers), warnings, untrustedPrograms };
}
