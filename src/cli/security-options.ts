import type { PermissionPolicy, PermissionRules } from '../tools/security/permission-policy';
import { PERMISSION_ACTIONS, PERMISSION_MODE_CHOICES, SANDBOX_MODES, type PermissionAction, type SandboxMode } from '../tools/security/security-choices';
import type { PermissionMode } from '../settings/settings-schema';
import type { ResolvedSettings } from '../settings/resolve-settings';
import type { ToolSecurityOptions } from '../tools/security/tool-security';
import { CliError } from './exit-codes';
import { type LimitArgs, limitOptions, resourceLimitsFromFlags } from './limit-options';

export interface SecurityArgs extends LimitArgs {
  sandbox?: SandboxMode;
  allowNetwork?: boolean;
  passEnv?: string[];
  allow?: string[];
  ask?: string[];
  deny?: string[];
  permissions?: string;
  unmatched?: PermissionAction;
  defaultRules: boolean;
  approveAll: boolean;
  permissionMode?: PermissionMode;
}

// Repeatable flags, one value each (`nargs: 1`, so `--allow ls "echo hi"` keeps "echo hi" as the command).
const many = { type: 'string', array: true, nargs: 1, requiresArg: true } as const;

/** The flags of `run` and `exec`; both go through toolSecurityOptions, the library's one code path. */
export const securityOptions = {
  sandbox: {
    type: 'string',
    choices: SANDBOX_MODES,
    describe:
      'Where commands may write: read-only, workspace-write (the --cwd directory and a private /tmp) or off. Enforced by bubblewrap (bwrap); without it, read-only and workspace-write are NOT enforced for shell commands (a warning says so)',
    defaultDescription: 'workspace-write where bwrap works, else off',
  },
  'allow-network': { type: 'boolean', describe: 'Let sandboxed commands use the network (--no-allow-network: not, whatever the settings say)', defaultDescription: 'false' },
  'pass-env': { ...many, describe: 'Hand a secret-looking environment variable (*API_KEY*, *TOKEN*, *AUTH*, ...) to commands on purpose, a URL in it with its credentials; repeatable' },
  allow: { ...many, describe: 'Permission rule: run commands matching this pattern (exact, prefix*, wild*card, /regex/); repeatable' },
  ask: { ...many, describe: 'Permission rule: ask before running matching commands; repeatable' },
  deny: { ...many, describe: 'Permission rule: never run matching commands; repeatable' },
  permissions: { type: 'string', requiresArg: true, describe: 'Permission rule file (JSON: allow, ask, deny, unmatched, defaults)' },
  unmatched: { type: 'string', choices: PERMISSION_ACTIONS, describe: 'What a command no rule matches gets', defaultDescription: 'allow' },
  'default-rules': { type: 'boolean', default: true, describe: 'Ask before destructive or outward commands (rm -r, git push, curl | sh, sudo, publishes...); --no-default-rules drops them' },
  'approve-all': { type: 'boolean', default: false, describe: 'Approve every command a rule asks about, without asking (deny rules still deny)' },
  'permission-mode': {
    type: 'string',
    choices: PERMISSION_MODE_CHOICES,
    describe:
      "Claude Code's permission modes, as close as our tools allow: bypassPermissions approves every ask (deny rules still deny), dontAsk never asks, plan makes the sandbox read-only (see docs/settings.md)",
    defaultDescription: 'permissions.defaultMode from the settings, else default',
  },
  ...limitOptions,
} as const;

/**
 * The library's ToolSecurityOptions from the flags and the settings files (each file's permission rules,
 * then the rule file and the flags'; a flag wins over a setting). `ask` prompts on a terminal; headless
 * (no TTY, or --json) nobody can answer, so ask is denied unless --approve-all.
 */
export function toolSecurityOptions(args: SecurityArgs, context: { json: boolean; onInterrupt: () => void; secrets?: string[]; settings?: ResolvedSettings }): ToolSecurityOptions {
  // Loaded here, not with the flag declarations: `--help` and `--version` must not pay for zod and RE2.
  const { loadPermissionRules, PermissionRulesError } = require('../tools/security/permission-rules-file') as typeof import('../tools/security/permission-rules-file');
  const { PermissionPolicy } = require('../tools/security/permission-policy') as typeof import('../tools/security/permission-policy');
  const { PermissionRuleError } = require('../tools/security/permission-rule') as typeof import('../tools/security/permission-rule');
  const { terminalApprover } = require('./permission-prompt') as typeof import('./permission-prompt');
  const sets: PermissionRules[] = [];
  for (const { path, settings } of context.settings?.layers ?? []) {
    const where = `${path} permissions`;
    const { allow, ask, deny } = settings.permissions ?? {};
    sets.push({ allow, ask, deny, sources: { allow: where, ask: where, deny: where } });
  }
  if (args.permissions) {
    try {
      sets.push(loadPermissionRules(args.permissions));
    } catch (error) {
      if (error instanceof PermissionRulesError) throw new CliError(`--permissions ${error.message}`);
      throw error;
    }
  }
  sets.push({ allow: args.allow, ask: args.ask, deny: args.deny, sources: { allow: '--allow', ask: '--ask', deny: '--deny' } });
  if (args.unmatched) sets.push({ unmatched: args.unmatched });
  if (!args.defaultRules) sets.push({ defaults: false });
  let permissions: PermissionPolicy;
  try {
    permissions = new PermissionPolicy(sets);
  } catch (error) {
    if (error instanceof PermissionRuleError) throw new CliError(error.message);
    throw error;
  }
  const interactive = Boolean(process.stdin.isTTY && process.stderr.isTTY) && !context.json;
  const settings = context.settings?.settings ?? {};
  return {
    permissions,
    approve: interactive ? terminalApprover(context.onInterrupt) : undefined,
    approveAll: args.approveAll,
    permissionMode: args.permissionMode ?? settings.permissions?.defaultMode,
    sandbox: args.sandbox ?? settings.sandbox?.mode,
    allowNetwork: args.allowNetwork ?? settings.sandbox?.allowNetwork ?? false,
    limits: resourceLimitsFromFlags(args),
    passEnv: args.passEnv,
    // The settings' variables join what commands start from; secret-looking names still need --pass-env.
    ...(settings.env ? { env: { ...process.env, ...settings.env } } : {}),
    secrets: context.secrets,
  };
}
