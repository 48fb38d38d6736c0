import { z } from 'zod';
import type { ToolDefinition } from '../llm';
import { detectBashMisuse } from './bash-misuse';
import type { BashRouter } from './bash-router';
import { BASH_TOOL_DEFINITION } from './bash-tool-definition';
import { toToolResult } from './bash-tool-result';
import { cancelable, cancelOnAbort } from './cancelable';
import { interrupted } from './native-shell-session';
import type { CancelablePromise, Tool, ToolExecuteOptions, ToolResult } from './types';

const bashArgumentsSchema = z.object({ command: z.string() });

/** The agent's one tool: `Bash(command="...")`, carried out by a BashRouter. Never throws. */
export class BashTool implements Tool<{ command: string }> {
  readonly name = 'Bash';
  readonly definition: ToolDefinition = BASH_TOOL_DEFINITION;
  readonly router: BashRouter;

  constructor(router: BashRouter | { router: BashRouter }) {
    this.router = 'router' in router ? router.router : router;
  }

  execute(args: unknown, options: ToolExecuteOptions = {}): CancelablePromise<ToolResult> {
    const parsed = bashArgumentsSchema.safeParse(args);
    if (!parsed.success) return settled(invalidArguments(args));
    const { command } = parsed.data;
    if (!command.trim()) return settled(invalidUsage('the command is empty. Pass a shell or agent command, e.g. Bash(command="ls -la").'));
    const misuse = detectBashMisuse(command);
    if (misuse) return settled(misuse);

    const result = cancelable(
      async (signal) => {
        const routed = this.router.route(command, { permission: options.permission });
        // A route never rejects: forwarding stops once it settles.
        void routed.then(cancelOnAbort(signal, routed));
        return toToolResult(command, await routed);
      },
      {
        interrupted: () => toToolResult(command, interrupted()),
        // Stryker disable next-line ArrowFunction,ObjectLiteral,StringLiteral,ConditionalExpression: unreachable, route() never rejects and toToolResult never throws; kept because cancelable() needs an outcome
        failed: (error) => toToolResult(command, { stdout: '', stderr: `Internal error: ${error instanceof Error ? error.message : String(error)}\n`, exitCode: 1 }),
      },
    );
    // One listener on the caller's signal per call, removed once the call settles.
    const stopListening = cancelOnAbort(options.signal, result);
    void result.then(stopListening);
    return result;
  }
}

function invalidArguments(args: unknown): ToolResult {
  const received = args === null ? 'null' : Array.isArray(args) ? 'an array' : typeof args;
  const detail =
    typeof args === 'object' && args !== null && !Array.isArray(args)
      ? `"command" must be a string (got ${describe((args as Record<string, unknown>).command)})`
      : `expected an object {"command": "<command>"}, got ${received}`;
  return invalidUsage(`${detail}. Call it as Bash(command="ls -la").`);
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  return Array.isArray(value) ? 'an array' : typeof value;
}

function invalidUsage(explanation: string): ToolResult {
  const message = `Invalid usage: ${explanation}`;
  return { isError: true, output: message, message, brief: 'invalid Bash usage', extras: { failureCategory: 'invalid_usage' } };
}

function settled(result: ToolResult): CancelablePromise<ToolResult> {
  return Object.assign(Promise.resolve(result), { cancel: () => {} });
}
