import type { PermissionMode } from '../../settings';
import type { PermissionApprover } from './permission-gate';
import type { SandboxMode } from './sandbox';

/** The parts of the security options a permission mode decides. */
export interface ModeChoices {
  approve?: PermissionApprover;
  approveAll?: boolean;
  sandbox?: SandboxMode;
}

/**
 * Claude Code's permission modes, as close as this toolset allows: `bypassPermissions` approves whatever a
 * rule asks about (deny rules still deny), `dontAsk` never asks (an `ask` is denied, as headless), `plan`
 * makes the sandbox read-only unless a mode was chosen for it, `acceptEdits` and `default` change nothing
 * (`write` and `edit` are not asked about here; the sandbox bounds them).
 */
export function applyPermissionMode(mode: PermissionMode | undefined, choices: ModeChoices): ModeChoices {
  switch (mode) {
    case 'bypassPermissions':
      return { ...choices, approveAll: true };
    case 'dontAsk':
      return { ...choices, approve: undefined };
    case 'plan':
      return { ...choices, sandbox: choices.sandbox ?? 'read-only' };
    default:
      return choices;
  }
}
