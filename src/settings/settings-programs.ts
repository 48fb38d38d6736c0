import type { Settings } from './settings-schema';

/** The keys of a settings file that make us run a program: hooks are programs, env changes what commands run. */
export const PROGRAM_KEYS = ['hooks', 'env'] as const;
export type ProgramKey = (typeof PROGRAM_KEYS)[number];

/** One key of one project settings file, as the lines shown when the user is asked to trust it. */
export interface SettingsPrograms {
  /** The settings file, as read. */
  file: string;
  key: ProgramKey;
  /** `hooks`: `<event> <matcher or *>: <command>`; `env`: `NAME=value`. */
  lines: string[];
}

/** What `key` of `settings` would make us run, one line each; empty when the key sets nothing. */
export function programLines(settings: Settings, key: ProgramKey): string[] {
  if (key === 'env') return Object.entries(settings.env ?? {}).map(([name, value]) => `${name}=${value}`);
  return Object.entries(settings.hooks ?? {}).flatMap(([event, groups]) => (groups ?? []).flatMap((group) => group.hooks.map((hook) => `${event} ${group.matcher ?? '*'}: ${hook.command}`)));
}

/** The program keys `settings` sets (read from `file`), with their lines. */
export function programEntries(settings: Settings, file: string): SettingsPrograms[] {
  return PROGRAM_KEYS.map((key) => ({ file, key, lines: programLines(settings, key) })).filter(({ lines }) => lines.length > 0);
}

/** A trusted project file's settings without the program keys the user did not trust as they are now. */
export interface UnpinnedPrograms {
  settings: Settings;
  /** The keys dropped, with what they would run now (to show when asking again). */
  changed: SettingsPrograms[];
  /** One line naming the file and what changed, when something was dropped. */
  warning?: string;
}

/**
 * A trusted project's file may still have changed since the user trusted it (a model's shell can rewrite it):
 * each program key is kept only when `trusted` says the user said yes to it as it is now.
 */
export function dropChangedPrograms(settings: Settings, file: string, trusted: (entry: SettingsPrograms) => boolean): UnpinnedPrograms {
  const kept: Settings = { ...settings };
  const changed = programEntries(settings, file).filter((entry) => !trusted(entry));
  for (const { key } of changed) delete kept[key];
  if (!changed.length) return { settings: kept, changed };
  const keys = changed.map(({ key }) => key).join(' and ');
  const now = changed.flatMap(({ key, lines }) => lines.map((line) => `${key}: ${line}`)).join('; ');
  return { settings: kept, changed, warning: `${file}: ${keys} ignored: changed since the project was trusted (trust it again on a terminal, or with --trust-project); now: ${now}` };
}
