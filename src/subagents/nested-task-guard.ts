import { isTaskCommand, type CancelablePromise, type Tool, type ToolResult } from '../tools';

export const NESTED_TASK_REFUSAL =
  'Not permitted: nested task. A sub-agent cannot start task:* commands, so this command was not run. ' + 'Finish your own task with the other commands you have and report the result.';

/**
 * Wraps a sub-agent's tool so that any `task:*` command it carries is refused, whatever the tool is
 * called: sub-agents do not recurse. `blocked` counts refusals, for the sub-agent's report.
 */
export function guardNestedTasks<A>(tool: Tool<A>): Tool<A> & { blocked: number } {
  const guarded = {
    name: tool.name,
    definition: tool.definition,
    blocked: 0,
    execute(args: A, options?: { signal?: AbortSignal }): CancelablePromise<ToolResult> {
      // A primitive has no command among its values (a string's are single characters).
      const values: unknown[] = Object.values(args ?? {});
      if (values.some((value) => typeof value === 'string' && isTaskCommand(value))) {
        guarded.blocked++;
        const result: ToolResult = {
          isError: true,
          output: '',
          message: NESTED_TASK_REFUSAL,
          brief: 'nested task refused',
          extras: { failureCategory: 'invalid_usage', nestedTaskBlocked: true },
        };
        return Object.assign(Promise.resolve(result), { cancel() {} });
      }
      return tool.execute(args, options);
    },
  };
  return guarded;
}
