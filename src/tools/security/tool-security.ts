import { PermissionGate, type PermissionApprover, type PermissionEvent } from './permission-gate';
import { PermissionPolicy, type PermissionRules } from './permission-policy';
import type { PermissionMode } from '../../settings';
import { applyPermissionMode } from './permission-mode';
import type { ResourceLimits } from './resource-limits';
import { Sandbox, type SandboxMode } from './sandbox';
import { SecretRedactor } from './secret-redactor';
import { toolEnvironment } from './tool-environment';

/** Everything that stands between a model's command and the machine; one option on the runner and the router. */
export interface ToolSecurityOptions {
  /** allow / ask / deny rules (or a built policy). Default: allow, asking before DEFAULT_ASK_PATTERNS. */
  permissions?: PermissionRules | readonly PermissionRules[] | PermissionPolicy;
  /** Human approval for `ask`; without it ask is denied (fail-closed), unless approveAll. */
  approve?: PermissionApprover;
  approveAll?: boolean;
  /** Claude Code's permission modes (see applyPermissionMode): `bypassPermissions`, `dontAsk`, `plan`... Default `default`. */
  permissionMode?: PermissionMode;
  /** Default: workspace-write where bubblewrap works, else off. */
  sandbox?: SandboxMode;
  allowNetwork?: boolean;
  /** Host paths sandboxed commands must see read-only even under /tmp (see SandboxOptions). The runner adds its skill directories. */
  readablePaths?: readonly string[];
  /** What sandboxed commands may use: processes, memory, file size, CPU time (see ResourceLimits; `null` lifts one). */
  limits?: Partial<ResourceLimits>;
  /** Secret-looking variables to hand to tools on purpose (`--pass-env NAME`). */
  passEnv?: readonly string[];
  /** The environment tools start from (default: process.env), before secrets are taken out. */
  env?: NodeJS.ProcessEnv;
  /** More values to redact from tool output (the runner adds its API key). */
  secrets?: readonly string[];
  onEvent?: (event: PermissionEvent) => void;
}

/**
 * The resolved security settings of a run, shared by its router and its sub-agents' routers: one gate (so
 * an approval for the session holds for sub-agents too), one redactor, one environment, and a sandbox
 * for the workspace. `forMode` derives a stricter sandbox (task:explore is always read-only).
 */
export class ToolSecurity {
  private constructor(
    readonly gate: PermissionGate,
    readonly sandbox: Sandbox,
    readonly redactor: SecretRedactor,
    private readonly environmentOptions: { env?: NodeJS.ProcessEnv; passEnv?: readonly string[] },
  ) {}

  static create(workspace: string, given: ToolSecurityOptions = {}): ToolSecurity {
    const options = { ...given, ...applyPermissionMode(given.permissionMode, given) };
    const env = options.env ?? process.env;
    const redactor = new SecretRedactor().addFromEnvironment(env);
    options.secrets?.forEach((secret) => {
      redactor.add(secret);
    });
    const gate = new PermissionGate({
      policy: options.permissions instanceof PermissionPolicy ? options.permissions : new PermissionPolicy(options.permissions as PermissionRules),
      approve: options.approve,
      approveAll: options.approveAll,
      onEvent: options.onEvent,
    });
    const sandbox = new Sandbox(workspace, { mode: options.sandbox, allowNetwork: options.allowNetwork, readablePaths: options.readablePaths, limits: options.limits });
    return new ToolSecurity(gate, sandbox, redactor, { env: options.env, passEnv: options.passEnv });
  }

  /** The same gate, redactor and environment with the sandbox in another mode. */
  forMode(mode: SandboxMode): ToolSecurity {
    return new ToolSecurity(this.gate, this.sandbox.withMode(mode), this.redactor, this.environmentOptions);
  }

  /** The environment for any process a tool starts: no secrets, no variable carrying a known secret value. */
  environment(): Record<string, string> {
    return toolEnvironment({ ...this.environmentOptions, redactor: this.redactor });
  }

  /** Lines to show once: what is asked for and not enforced here. */
  get warnings(): string[] {
    return this.sandbox.warning ? [this.sandbox.warning] : [];
  }
}
