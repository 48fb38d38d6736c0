import type { CallPermission } from '../types';
import { PermissionPolicy, type PermissionRules } from './permission-policy';

/** What a person is asked to approve: the exact command line, and which rule asked. */
export interface PermissionRequest {
  command: string;
  /** `ask rule "git push*" (default)`. */
  rule: string;
  cwd: string;
}

/** once: this command line now; session: each part that asked, for the rest of this session; deny. */
export type ApprovalAnswer = 'once' | 'session' | 'deny';

/** Human approval, injected: the CLI prompts on a terminal; a library user supplies their own. */
export type PermissionApprover = (request: PermissionRequest, options: { signal: AbortSignal }) => Promise<ApprovalAnswer>;

export type PermissionDecisionSource = 'rule' | 'user' | 'session' | 'approve_all' | 'no_approver' | 'hook';

export type PermissionEvent =
  | { type: 'permission_requested'; command: string; rule: string; cwd: string }
  /** `defer`: nobody could answer, and the caller waits for an answer given later (the run pauses). */
  | { type: 'permission_decided'; command: string; decision: 'allow' | 'deny' | 'defer'; by: PermissionDecisionSource; rule?: string };

/** `deferred`: not decided; the call waits for a person's answer (CallPermission.defer). */
export type PermissionOutcome = { allowed: true } | { allowed: false; reason: string; deferred?: { rule: string } };

export interface PermissionGateOptions {
  policy?: PermissionPolicy | PermissionRules | readonly PermissionRules[];
  /** Asked when a rule says ask. Without it (headless), ask is denied: fail-closed. */
  approve?: PermissionApprover;
  /** Approve every ask without asking (`--approve-all`). Deny rules still deny. */
  approveAll?: boolean;
  onEvent?: (event: PermissionEvent) => void;
}

/**
 * Applies the policy to one command line, asks a person when a rule says so, remembers approvals "for
 * the rest of the session" (shared by sub-agents, which use the same gate) and reports every ask and
 * every denial as an event. One person answers one question at a time: asks are queued.
 */
export class PermissionGate {
  readonly policy: PermissionPolicy;
  private readonly approvedParts = new Set<string>();
  private asking: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: PermissionGateOptions = {}) {
    this.policy = options.policy instanceof PermissionPolicy ? options.policy : new PermissionPolicy(options.policy as PermissionRules);
  }

  /**
   * Decides one command line: deny rules first (nothing gets past them), then what asks (an ask rule, the
   * defaults, `unmatched: ask`, or a PreToolUse hook's `ask`), which a hook's `allow` (for what only the
   * defaults ask about), an earlier approval of this very call, an approval for the session or approveAll
   * may answer; else the approver is asked, and without one the call is denied (or deferred, when the
   * caller waits for a later answer).
   */
  async check(command: string, context: { cwd: string; signal: AbortSignal; permission?: CallPermission }): Promise<PermissionOutcome> {
    const verdict = await this.policy.evaluate(command);
    const call = context.permission ?? {};
    const rule = verdict.rule?.label ?? verdict.reason ?? `no rule matched "${verdict.subject}" and unmatched commands are ${this.policy.unmatched === 'deny' ? 'denied' : 'asked about'}`;
    if (verdict.action === 'deny') return this.deny(command, rule, 'rule', `denied by policy: ${rule}`);
    const hookAsks = call.hook === 'ask' && verdict.action === 'allow';
    if (verdict.action === 'allow' && !hookAsks) return { allowed: true };
    const asking = hookAsks ? `the PreToolUse hook asks${call.reason ? `: ${call.reason}` : ''}` : rule;
    if (call.hook === 'allow' && !verdict.askedByYourRule) return this.allow(command, asking, 'hook');
    if (call.approved) return this.allow(command, asking, 'user');
    const parts = hookAsks ? [verdict.subject] : verdict.askingParts;
    if (this.covered(parts)) return this.allow(command, asking, 'session');
    if (this.options.approveAll) return this.allow(command, asking, 'approve_all');
    const approve = this.options.approve;
    if (!approve && call.defer) {
      this.emit({ type: 'permission_decided', command, decision: 'defer', by: 'no_approver', rule: asking });
      return { allowed: false, reason: `waiting for approval: ${asking}`, deferred: { rule: asking } };
    }
    if (!approve) {
      return this.deny(
        command,
        asking,
        'no_approver',
        `denied by policy: ${asking}; approval is needed and nobody can give it here (no terminal): run it on a terminal, or pass --approve-all / an approver`,
      );
    }
    const turn = this.asking.then(() => this.ask(approve, command, asking, parts, context));
    this.asking = turn.catch(() => undefined);
    return turn;
  }

  /**
   * Asks about something that is not a command line (an MCP server that wants to use the model): no rule
   * decides it, so it is always asked, fail-closed like an ask rule. `part` is what "for the session" covers.
   */
  async confirm(request: PermissionRequest, part: string, context: { signal: AbortSignal }): Promise<PermissionOutcome> {
    if (this.covered([part])) return this.allow(request.command, request.rule, 'session');
    if (this.options.approveAll) return this.allow(request.command, request.rule, 'approve_all');
    const approve = this.options.approve;
    if (!approve) return this.deny(request.command, request.rule, 'no_approver', `denied: ${request.rule}; approval is needed and nobody can give it here (no terminal)`);
    const turn = this.asking.then(() => this.ask(approve, request.command, request.rule, [part], { cwd: request.cwd, signal: context.signal }));
    this.asking = turn.catch(() => undefined);
    return turn;
  }

  private async ask(approve: PermissionApprover, command: string, rule: string, parts: string[], context: { cwd: string; signal: AbortSignal }): Promise<PermissionOutcome> {
    if (this.covered(parts)) return this.allow(command, rule, 'session'); // approved while this ask waited its turn
    if (context.signal.aborted) return { allowed: false, reason: 'cancelled before approval' };
    this.emit({ type: 'permission_requested', command, rule, cwd: context.cwd });
    let answer: ApprovalAnswer;
    try {
      answer = await approve({ command, rule, cwd: context.cwd }, { signal: context.signal });
    } catch (error) {
      return this.deny(command, rule, 'user', `denied by policy: ${rule}; the approval failed (${error instanceof Error ? error.message : String(error)})`);
    }
    if (answer === 'session') for (const part of parts) this.approvedParts.add(part);
    if (answer === 'once' || answer === 'session') return this.allow(command, rule, 'user');
    return this.deny(command, rule, 'user', `denied by policy: ${rule}; the user declined it`);
  }

  /** Whether each part that asked was approved for the session (a verdict that asks has at least one such part). */
  private covered(parts: string[]): boolean {
    return parts.every((part) => this.approvedParts.has(part));
  }

  private allow(command: string, rule: string, by: PermissionDecisionSource): PermissionOutcome {
    this.emit({ type: 'permission_decided', command, decision: 'allow', by, rule });
    return { allowed: true };
  }

  private deny(command: string, rule: string, by: PermissionDecisionSource, reason: string): PermissionOutcome {
    this.emit({ type: 'permission_decided', command, decision: 'deny', by, rule });
    return { allowed: false, reason };
  }

  private emit(event: PermissionEvent): void {
    try {
      // Stryker disable next-line OptionalChaining: without a listener the call throws, and the catch below swallows that just the same
      this.options.onEvent?.(event);
    } catch {
      // a listener's failure must not decide a permission
    }
  }
}
