import type { PermissionMode } from '../../settings';

// The names users choose between (flags, rule files, options); kept apart so declaring a CLI flag loads nothing else.

/** read-only: nothing writable but a private /tmp; workspace-write: also the workspace; off: no sandbox. */
export const SANDBOX_MODES = ['read-only', 'workspace-write', 'off'] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];

/** What a permission rule does with the commands it matches. */
export const PERMISSION_ACTIONS = ['deny', 'ask', 'allow'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

/** Claude Code's permission modes (the settings' PERMISSION_MODES, repeated so a flag declaration loads no schema). */
export const PERMISSION_MODE_CHOICES = ['default', 'acceptEdits', 'plan', 'bypassPermissions', 'dontAsk'] as const satisfies readonly PermissionMode[];

/** What an `ask` nobody can answer does in a headless run: denied, or the run pauses for a later answer. */
export const ON_ASK_CHOICES = ['deny', 'defer'] as const;
export type OnAsk = (typeof ON_ASK_CHOICES)[number];
