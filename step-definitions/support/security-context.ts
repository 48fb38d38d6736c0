import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ApprovalAnswer, PermissionEvent, PermissionRequest, PermissionRules, ToolSecurityOptions } from '../../src';
import { RunnerContext } from './runner-context';
import { ToolsContext } from './tools-context';
import type { SynapseWorld } from './world';

/** A scripted answer on which the approver throws, as one whose terminal closed would. */
export const FAILING_APPROVAL = 'fails';

/**
 * The security domain of a scenario: the secrets it planted, the rules and approver it configured (applied
 * to the scenario's router and runner alike: one ToolSecurityOptions), and what the approver was asked.
 */
export class SecurityContext {
  /** Secret values planted in the environment, by variable name. */
  readonly secrets = new Map<string, string>();
  readonly approvals: PermissionRequest[] = [];
  readonly events: PermissionEvent[] = [];
  private answers: Array<ApprovalAnswer | typeof FAILING_APPROVAL> = [];

  constructor(private readonly world: SynapseWorld) {}

  /** Plants a real-looking secret in the environment for this scenario. */
  plantSecret(name: string): string {
    const value = `${name.includes('TOKEN') ? 'dtk_' : 'sk-proj-'}${randomBytes(24).toString('base64url')}`;
    this.secrets.set(name, value);
    this.world.setEnv(name, value);
    return value;
  }

  /** Fails when any planted secret appears in `text`; `where` names it in the message. */
  assertNoSecret(text: string, where: string): void {
    for (const [name, value] of this.secrets) if (text.includes(value)) throw new Error(`the value of ${name} appears in ${where}:\n${text.slice(0, 2000)}`);
  }

  /** Merges options into the security settings of both the router and the runner of this scenario. */
  configure(options: ToolSecurityOptions): void {
    const tools = this.world.use(ToolsContext);
    const runner = this.world.use(RunnerContext);
    const merged: ToolSecurityOptions = { ...this.current(), ...options, onEvent: (event) => this.events.push(event) };
    tools.routerOptions.security = merged;
    runner.options.security = merged;
  }

  current(): ToolSecurityOptions {
    return (this.world.use(ToolsContext).routerOptions.security as ToolSecurityOptions | undefined) ?? {};
  }

  setRules(rules: PermissionRules): void {
    this.configure({ permissions: rules });
  }

  /** An approver answering from a queue and recording each request. */
  approveWith(answers: Array<ApprovalAnswer | typeof FAILING_APPROVAL>): void {
    this.answers = [...answers];
    this.configure({
      approve: async (request) => {
        this.approvals.push(request);
        const answer = this.answers.shift();
        if (!answer) throw new Error(`the approver was asked more often than scripted: ${request.command}`);
        if (answer === FAILING_APPROVAL) throw new Error('the terminal went away');
        return answer;
      },
    });
  }

  /** Every file below `dir`, with its text. */
  async filesBelow(dir: string): Promise<Array<{ path: string; text: string }>> {
    const found: Array<{ path: string; text: string }> = [];
    for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
      if (!entry.isFile()) continue;
      const path = join(entry.parentPath, entry.name);
      found.push({ path, text: await readFile(path, 'utf8') });
    }
    return found;
  }
}
