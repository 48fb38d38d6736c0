// The names users choose between (flags, rule files, options); kept apart so declaring a CLI flag loads nothing else.

/** read-only: nothing writable but a private /tmp; workspace-write: also the workspace; off: no sandbox. */
export const SANDBOX_MODES = ['read-only', 'workspace-write', 'off'] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];

/** What a permission rule does with the commands it matches. */
export const PERMISSION_ACTIONS = ['deny', 'ask', 'allow'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];
