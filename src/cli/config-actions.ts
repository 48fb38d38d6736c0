import { settingEntries } from '../settings/merge-settings';
import { SettingsFileError, SettingValueError } from '../settings/settings-file';
import { getKey, keyParts } from '../settings/settings-keys';
import { SettingsManager } from '../settings/settings-manager';
import { localSettingsPath, projectSettingsPath } from '../settings/settings-paths';
import { settingsSchema, type Settings } from '../settings/settings-schema';
import { terminalSafeJson, visibleText } from '../visible-text';
import type { ConfigArgs } from './config-command';
import { CliError, ExitCode } from './exit-codes';
import { resolveCwd } from './global-options';
import { readCliSettings } from './settings-options';

/** What `config` prints instead of the API key: it is never shown. */
const HIDDEN = '***';

export function runConfigAction(action: 'list' | 'get' | 'set', args: ConfigArgs): number {
  const cwd = resolveCwd(args.cwd);
  if (action === 'set') return set(args, cwd);
  const resolved = readCliSettings(args, cwd);
  const settings = resolved.settings.apiKey ? { ...resolved.settings, apiKey: HIDDEN } : resolved.settings;
  if (action === 'list') {
    if (args.json) return print(terminalSafeJson({ settings, sources: resolved.sources, files: resolved.layers.map(({ scope, path }) => ({ scope, path })) }));
    if (!resolved.layers.length) return print('no settings files (~/.synapse/settings.json, .synapse/settings.json, .synapse/settings.local.json)');
    for (const [key, value] of settingEntries(settings)) print(`${key} = ${terminalSafeJson(value)}  (${resolved.sources[key]!.join(', ')})`);
    return ExitCode.ok;
  }
  const key = knownKey(args.key!);
  const value = getKey(settings, key);
  if (value === undefined) {
    process.stderr.write(`synapse: ${key} is not set\n`);
    return ExitCode.failed;
  }
  // A project's settings file is the workspace's (the model can write it): its text is made visible.
  return print(typeof value === 'string' && !args.json ? visibleText(value) : terminalSafeJson(value));
}

/** Writes one key: to the user's file, or the project's (--project, --local); the result must be valid. */
function set(args: ConfigArgs, cwd: string): number {
  const key = knownKey(args.key!);
  const path = args.project ? projectSettingsPath(cwd) : args.local ? localSettingsPath(cwd) : undefined;
  if (path && key === 'apiKey') throw new CliError('apiKey is read only from ~/.synapse/settings.json (or --settings), never from a project file: synapse config set apiKey <key>');
  const manager = new SettingsManager(path);
  const written = getKey(setFromText(manager, key, String(args.value)), key);
  const value = key === 'apiKey' ? HIDDEN : written;
  return print(args.json ? terminalSafeJson({ key, value, file: manager.path }) : `${key} = ${terminalSafeJson(value)} in ${manager.path}`);
}

/** The value as JSON (true, 3, ["a"]) where that is valid for the key, or else as the text typed (names, modes, URLs). */
function setFromText(manager: SettingsManager, key: string, text: string): Settings {
  const readings: unknown[] = [];
  try {
    readings.push(JSON.parse(text));
  } catch {}
  readings.push(text);
  let refused: SettingValueError | undefined;
  for (const value of readings) {
    try {
      return manager.set(key, value);
    } catch (error) {
      if (error instanceof SettingValueError) refused ??= error;
      else if (error instanceof SettingsFileError) throw new CliError(error.message);
      else throw error;
    }
  }
  throw new CliError(refused!.message);
}

/** A key of the settings (its first part one of the schema's), or a bad-input error listing them. */
function knownKey(key: string): string {
  const known = Object.keys(settingsSchema.shape).filter((name) => name !== '$schema');
  let first: string | undefined;
  try {
    first = keyParts(key)[0];
  } catch {}
  if (!first || !known.includes(first)) throw new CliError(`unknown settings key "${key}" (keys: ${known.join(', ')})`);
  return key;
}

function print(line: string): number {
  process.stdout.write(`${line}\n`);
  return ExitCode.ok;
}
