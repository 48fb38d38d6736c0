import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { resolveSettings, userSettingsPath, type ResolvedSettings, type Settings } from '../../src/settings';
import type { PermissionEvent, ToolSecurity } from '../../src/tools';
import { section, type Narrating } from './transcript';
import type { SynapseWorld } from './world';

/** Every key a settings file can hold, set: what "a complete settings file" means in the scenarios. */
export const COMPLETE_SETTINGS: Settings = {
  model: 'gpt-4o',
  baseURL: 'http://127.0.0.1:11434/v1',
  apiKey: 'sk-settings-test-0123456789',
  env: { PROJECT_STAGE: 'test' },
  permissions: { allow: ['git status'], ask: ['git push*'], deny: ['rm -rf*'], defaultMode: 'default' },
  sandbox: { mode: 'read-only', allowNetwork: false },
  hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'node check.js', timeout: 60 }] }] },
  contextWindow: 16000,
  maxBudgetUsd: 2.5,
};

/** A settings scenario: files in the scenario's HOME and project, what was read back, and the error if any. */
export class SettingsContext implements Narrating {
  result?: unknown;
  error?: Error;
  resolved?: ResolvedSettings;
  /** Text of a file before the step under test, to show it was left alone. */
  textBefore?: string;
  readonly instances: unknown[] = [];
  /** A security context built with a permission mode, and what its gate did. */
  security?: ToolSecurity;
  readonly permissionEvents: PermissionEvent[] = [];
  approverCalls = 0;

  constructor(private readonly world: SynapseWorld) {}

  /** The project directory of the scenario (its `.synapse/` holds the project files). */
  async project(): Promise<string> {
    const dir = join(await this.world.tempDir(), 'project');
    await mkdir(dir, { recursive: true });
    return dir;
  }

  /** Writes a settings file: `user` (~/.synapse/settings.json), `project`, `local`, or a path in the scenario's directory. */
  async write(where: string, content: string | object): Promise<string> {
    const path = await this.pathOf(where);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
    return path;
  }

  async pathOf(where: string): Promise<string> {
    if (where === 'user') return userSettingsPath();
    if (where === 'project') return join(await this.project(), '.synapse', 'settings.json');
    if (where === 'local') return join(await this.project(), '.synapse', 'settings.local.json');
    return join(await this.world.tempDir(), where);
  }

  async readJson(where: string): Promise<unknown> {
    return JSON.parse(await readFile(await this.pathOf(where), 'utf8'));
  }

  /** Resolves the scenario's files as a run in the project would; a failure is kept in `error`. */
  async resolve(options: { settingsFile?: string; trusted?: boolean } = {}): Promise<void> {
    const cwd = await this.project();
    const settingsFile = options.settingsFile ? await this.pathOf(options.settingsFile) : undefined;
    try {
      this.resolved = resolveSettings({ cwd, settingsFile, isProjectTrusted: (dir) => dir === cwd && options.trusted === true });
    } catch (error) {
      this.error = error as Error;
    }
  }

  capture(action: () => unknown): void {
    try {
      this.result = action();
    } catch (error) {
      this.error = error as Error;
    }
  }

  narrate(): string[] {
    return section('Settings', [
      ...(this.resolved ? [`resolved: ${JSON.stringify(this.resolved.settings)}`, ...this.resolved.warnings.map((line) => `warning: ${line}`)] : []),
      ...(this.error ? [`error: ${this.error.message}`] : []),
    ]);
  }
}
