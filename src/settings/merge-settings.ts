import type { Settings } from './settings-schema';

/** Where a settings file sits in the order: user, project, local, then the file named by --settings. */
export type SettingsScope = 'user' | 'project' | 'local' | 'flag';

export interface SettingsLayer {
  scope: SettingsScope;
  path: string;
  settings: Settings;
}

/**
 * The layers as one: a later layer wins key by key (a value of `env` by its name, a field of `sandbox` by
 * itself, a limit of `sandbox.limits` too); lists add up instead, because every file's rules and hooks count (`permissions.allow/ask/deny`,
 * and each hook event's matchers).
 */
export function mergeSettings(layers: readonly SettingsLayer[]): Settings {
  let merged: Settings = {};
  for (const { settings } of layers) {
    const { env, permissions, sandbox, hooks, ...scalars } = settings;
    merged = { ...merged, ...scalars };
    if (env) merged.env = { ...merged.env, ...env };
    if (sandbox) merged.sandbox = { ...merged.sandbox, ...sandbox, ...(sandbox.limits ? { limits: { ...merged.sandbox?.limits, ...sandbox.limits } } : {}) };
    if (permissions) {
      const { allow, ask, deny, defaultMode } = permissions;
      const before = merged.permissions ?? {};
      merged.permissions = {
        ...before,
        ...(allow ? { allow: [...(before.allow ?? []), ...allow] } : {}),
        ...(ask ? { ask: [...(before.ask ?? []), ...ask] } : {}),
        ...(deny ? { deny: [...(before.deny ?? []), ...deny] } : {}),
        ...(defaultMode ? { defaultMode } : {}),
      };
    }
    if (hooks) {
      const all = { ...merged.hooks };
      for (const [event, matchers] of Object.entries(hooks) as [keyof typeof all, NonNullable<(typeof all)[keyof typeof all]>][]) all[event] = [...(all[event] ?? []), ...matchers];
      merged.hooks = all;
    }
  }
  return merged;
}

/** Each setting's dotted key and value, as `config list` shows them: lists and hook events whole, `env` by name. */
export function settingEntries(settings: Settings): Array<[string, unknown]> {
  const entries: Array<[string, unknown]> = [];
  for (const [key, value] of Object.entries(settings)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, innerValue] of Object.entries(value)) entries.push([`${key}.${inner}`, innerValue]);
    } else entries.push([key, value]);
  }
  return entries;
}

/** For each key of the merged settings, the files that set it, in order (several for a list that adds up). */
export function settingSources(layers: readonly SettingsLayer[]): Record<string, string[]> {
  const sources: Record<string, string[]> = {};
  for (const { path, settings } of layers) {
    for (const [key, value] of settingEntries(settings)) {
      const adds = Array.isArray(value) && (key.startsWith('permissions.') || key.startsWith('hooks.'));
      sources[key] = adds ? [...(sources[key] ?? []), path] : [path];
    }
  }
  return sources;
}
