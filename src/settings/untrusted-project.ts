import { lowerLimitsOnly } from './sandbox-limits';
import type { Settings } from './settings-schema';

const SANDBOX_STRICTNESS = { off: 0, 'workspace-write': 1, 'read-only': 2 } as const;
/** Modes that approve more than the rules do. */
const LOOSER_MODES = new Set(['bypassPermissions', 'acceptEdits']);

/** A project file's settings cut down to what it may do without trust, and one warning per key dropped. */
export interface RestrictedSettings {
  settings: Settings;
  warnings: string[];
}

/**
 * A project settings file is workspace content a model can write. Whatever in it could make us run a
 * program, send the conversation or a key elsewhere, or loosen the policy takes effect only in a trusted
 * project; without trust it may only tighten what the files before it (`below`) set. `apiKey` is never
 * taken from a project file, trusted or not: a key belongs in the user's own file.
 */
export function restrictProjectSettings(settings: Settings, below: Settings, path: string, trusted: boolean): RestrictedSettings {
  const warnings: string[] = [];
  const { apiKey, ...rest } = settings;
  if (apiKey !== undefined) warnings.push(`${path}: apiKey ignored: an API key is read only from ~/.synapse/settings.json or --settings, never from a project file`);
  if (trusted) return { settings: rest, warnings };

  const kept: Settings = { ...rest };
  const drop = (key: string, why: string) => warnings.push(`${path}: ${key} ignored: the project is not trusted, and ${why}`);
  // Empty lists and maps (as a new file holds them) change nothing: dropped without a word.
  const given = (value: object | undefined) => value !== undefined && Object.keys(value).length > 0;
  if (kept.baseURL !== undefined) {
    delete kept.baseURL;
    drop('baseURL', 'it would send the conversation (and your API key) to another server');
  }
  if (given(kept.env)) drop('env', 'variables change what the commands run (PATH, BASH_ENV...)');
  if (given(kept.hooks)) drop('hooks', 'hooks are programs');
  delete kept.env;
  delete kept.hooks;
  if (kept.permissions) {
    const { allow, defaultMode, ...tighter } = kept.permissions;
    kept.permissions = tighter;
    if (given(allow)) drop('permissions.allow', 'allow rules loosen the permission policy');
    if (defaultMode !== undefined && LOOSER_MODES.has(defaultMode)) drop(`permissions.defaultMode ${defaultMode}`, 'it approves more than the rules do');
    else if (defaultMode !== undefined) kept.permissions.defaultMode = defaultMode;
  }
  if (kept.sandbox) {
    const { mode, allowNetwork, limits } = kept.sandbox;
    kept.sandbox = {};
    if (mode !== undefined && SANDBOX_STRICTNESS[mode] < SANDBOX_STRICTNESS[below.sandbox?.mode ?? 'workspace-write']) drop(`sandbox.mode ${mode}`, 'it is less strict than the sandbox in force');
    else if (mode !== undefined) kept.sandbox.mode = mode;
    if (allowNetwork === true) drop('sandbox.allowNetwork', 'it opens the network to sandboxed commands');
    else if (allowNetwork !== undefined) kept.sandbox.allowNetwork = allowNetwork;
    if (limits) kept.sandbox.limits = lowerLimitsOnly(limits, below.sandbox?.limits, (key) => drop(key, 'it raises a resource limit'));
  }
  if (kept.maxBudgetUsd !== undefined && below.maxBudgetUsd !== undefined && kept.maxBudgetUsd > below.maxBudgetUsd) {
    delete kept.maxBudgetUsd;
    drop('maxBudgetUsd', 'it raises the budget set before it');
  }
  return { settings: kept, warnings };
}
