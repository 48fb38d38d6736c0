import { RE2JS } from 're2js';
import { z } from 'zod';
import { sandboxLimitsSchema } from './sandbox-limits';

/** Claude Code's permission modes; what each means here is in docs/settings.md. */
export const PERMISSION_MODES = ['default', 'acceptEdits', 'plan', 'bypassPermissions', 'dontAsk'] as const;
export type PermissionMode = (typeof PERMISSION_MODES)[number];

// The sandbox modes of tools/security (SANDBOX_MODES): settings sit below tools, so the list is repeated
// here, and the CLI, which hands the value to the tools, type-checks that it is one of theirs.
export const SETTINGS_SANDBOX_MODES = ['read-only', 'workspace-write', 'off'] as const;

/** The lifecycle events of Claude Code's hooks. */
export const HOOK_EVENTS = ['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'Stop', 'SubagentStop', 'SessionStart', 'SessionEnd', 'PreCompact', 'Notification'] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

const rules = z.array(z.string().trim().min(1, 'a rule must not be empty'));

/** A tool-name regular expression (RE2 syntax, as permission rules); empty or `*` matches every tool. */
const matcher = z.string().refine(
  (pattern) => {
    if (pattern === '' || pattern === '*') return true;
    try {
      RE2JS.compile(pattern);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'not a regular expression (RE2 syntax: no lookaround or backreferences)' },
);

const commandHook = z.strictObject({
  type: z.literal('command'),
  command: z.string().trim().min(1, 'a hook command must not be empty'),
  /** Seconds. */
  timeout: z.number().positive().max(86_400).optional(),
});

const hookMatcher = z.strictObject({ matcher: matcher.optional(), hooks: z.array(commandHook) });

/** Claude Code's shape: `{"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "...", "timeout": 60}]}]}`. */
export const hooksSchema = z.partialRecord(z.enum(HOOK_EVENTS), z.array(hookMatcher));

const envName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'not an environment variable name');

/**
 * One settings file (user, project, local or --settings). Strict: an unknown key is an error, so a typo
 * (`maxBudgetUSD`) is never a setting silently not applied.
 */
export const settingsSchema = z.strictObject({
  $schema: z.string().optional(),
  model: z.string().trim().min(1, 'a model name must not be empty').optional(),
  baseURL: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }).optional(),
  apiKey: z.string().min(1, 'an API key must not be empty').optional(),
  /** Variables added to the environment of the commands the agent runs (secret-looking names still need --pass-env). */
  env: z.record(envName, z.string()).optional(),
  permissions: z
    .strictObject({
      allow: rules.optional(),
      ask: rules.optional(),
      deny: rules.optional(),
      defaultMode: z.enum(PERMISSION_MODES).optional(),
    })
    .optional(),
  sandbox: z.strictObject({ mode: z.enum(SETTINGS_SANDBOX_MODES).optional(), allowNetwork: z.boolean().optional(), limits: sandboxLimitsSchema.optional() }).optional(),
  hooks: hooksSchema.optional(),
  /** The model's context window, in tokens. */
  contextWindow: z.number().int().positive().optional(),
  maxBudgetUsd: z.number().finite().positive().optional(),
});

export type Settings = z.infer<typeof settingsSchema>;
export type HookSettings = z.infer<typeof hooksSchema>;

/** What `SettingsManager.get()` writes into a new file: the lists people fill in, empty, which change nothing. */
export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({ permissions: { allow: [], ask: [], deny: [] }, env: {}, hooks: {} });
