export {
  DEFAULT_SETTINGS,
  HOOK_EVENTS,
  PERMISSION_MODES,
  SETTINGS_SANDBOX_MODES,
  hooksSchema,
  settingsSchema,
  type HookEvent,
  type HookSettings,
  type PermissionMode,
  type Settings,
} from './settings-schema';
export { SettingsFileError, SettingValueError, readSettingsFile, validateSettings, writeSettingsFile, keyPath } from './settings-file';
export { SettingsManager } from './settings-manager';
export { localSettingsPath, projectSettingsPath, userSettingsPath } from './settings-paths';
export { getKey, keyParts, withKey } from './settings-keys';
export { mergeSettings, settingEntries, settingSources, type SettingsLayer, type SettingsScope } from './merge-settings';
export { restrictProjectSettings, type RestrictedSettings } from './untrusted-project';
export { resolveSettings, type ResolveSettingsOptions, type ResolvedSettings } from './resolve-settings';
export { ProjectTrust, trustedProjectsFile, type ProjectTrustDecision, type ProjectTrustOptions, type ProjectTrustRequest } from './project-trust';
export { PROGRAM_KEYS, programLines, type ProgramKey, type SettingsPrograms } from './settings-programs';
