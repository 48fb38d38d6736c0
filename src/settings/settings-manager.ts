import { readSettingsFile, type SettingsFileError, SettingValueError, validateSettings, writeSettingsFile } from './settings-file';
import { withKey } from './settings-keys';
import { userSettingsPath } from './settings-paths';
import { DEFAULT_SETTINGS, type Settings } from './settings-schema';

/**
 * One settings file, read and written whole: `get()` validates it (and creates it with DEFAULT_SETTINGS
 * when it does not exist yet), `set(key, value)` changes one key and keeps the rest. The default instance
 * is the user's file; a run reads every file through resolveSettings instead, which never writes.
 */
export class SettingsManager {
  private static instance?: SettingsManager;

  /** `path`: the file; default the user's, wherever HOME is when the file is read. */
  constructor(private readonly file?: string) {}

  get path(): string {
    return this.file ?? userSettingsPath();
  }

  /** The manager of the user's file, the same one until resetInstance(). */
  static getInstance(): SettingsManager {
    SettingsManager.instance ??= new SettingsManager();
    return SettingsManager.instance;
  }

  /** Forgets the default instance (the next getInstance() reads HOME again). */
  static resetInstance(): void {
    SettingsManager.instance = undefined;
  }

  /** The file's settings; throws SettingsFileError (`Invalid settings file ...`) when it cannot be used. */
  get(): Settings {
    const settings = readSettingsFile(this.path);
    if (settings) return settings;
    const created = structuredClone(DEFAULT_SETTINGS) as Settings;
    writeSettingsFile(this.path, created);
    return created;
  }

  /** Sets one dotted key (`sandbox.allowNetwork`); the result is validated before it is written, as a whole. */
  set(key: string, value: unknown): Settings {
    const changed = withKey(this.get(), key, value);
    let next: Settings;
    try {
      next = validateSettings(changed, this.path);
    } catch (error) {
      // The file is fine; the value is not (validateSettings throws nothing else): say so, and leave the file as it was.
      const { key: at, problem } = error as SettingsFileError;
      throw new SettingValueError(this.path, at, problem, `Cannot set ${key} in ${this.path}`);
    }
    writeSettingsFile(this.path, next);
    return next;
  }
}
