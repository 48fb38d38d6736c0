import type OpenAI from 'openai';
import type { CommandHooks } from '../hooks';
import type { Usage } from '../llm';
import type { PricingTable, RunBudget } from '../usage';
import type { AgentRunnerOptions, StopReason } from '../runner';
import { TodoStore } from '../todo';
import { BashTool, type BashRouter, type CommandResult, type ExtensionHandlers, type SubAgentExecutor, type SubAgentExecutorFactory, type TaskRequest } from '../tools';
import { guardNestedTasks } from './nested-task-guard';
import { taskTypeOf, TASK_TYPES } from './task-types';

/** The part of AgentRunner a sub-agent needs; injected so this module does not import the runner. */
export interface NestedRunner {
  run(input: string, options: { signal?: AbortSignal }): Promise<string>;
  /** Releases what the runner holds (its offloaded tool results). */
  close?(): Promise<void>;
}

export interface SubAgentDependencies {
  createRunner(options: AgentRunnerOptions): NestedRunner;
  /** The parent's client: sub-agents share its connection settings. */
  client: OpenAI;
  model: string;
  /** The parent shell's current directory when the task starts. */
  cwd: () => string;
  /** Reports a sub-agent's model usage to the parent's session (and its spend to the parent's budget). */
  recordUsage(usage: Usage, model: string): unknown;
  /** The parent run's budget, which the sub-agent checks before each request, and its prices. */
  costing?: () => { budget: RunBudget; pricing: PricingTable };
  /**
   * Builds a sub-agent's router, from the parent's settings: the same permission policy and approvals,
   * sandbox, secret-free environment and redaction and the same MCP and skill handlers.
   * `readOnly` is set for task:explore.
   */
  createRouter(options: { cwd: string; readOnly: boolean; todoStore: TodoStore }): BashRouter;
  /** The skill catalog a `task:skill` sub-agent answers from. */
  extensions?: ExtensionHandlers;
  /** The parent's command hooks, for a sub-agent of this type (its tool calls, its SubagentStop). */
  hooks?: (type: string) => CommandHooks | undefined;
  /**
   * The parent's context window and thresholds, and a directory for the sub-agent's offloaded results: a
   * sub-agent's long conversation is offloaded and compacted the same way. Called once per task.
   */
  context?: () => Pick<AgentRunnerOptions, 'contextWindow' | 'context' | 'offloadDir'>;
}

/** `task:general`, `task:explore` and `task:skill`, each a nested AgentRunner with its own history and shell. */
export function createSubAgentExecutorFactory(deps: SubAgentDependencies): SubAgentExecutorFactory {
  return (type) => {
    const kind = taskTypeOf(type);
    if (!kind)
      throw new Error(
        `Unknown task type: ${type}. Available: ${Object.keys(TASK_TYPES)
          .map((name) => `task:${name}`)
          .join(', ')}`,
      );
    const executor: SubAgentExecutor = {
      async execute(request: TaskRequest, { signal }): Promise<CommandResult> {
        const cwd = deps.cwd();
        // The skill sub-agent has no tools: it answers from the catalog it is given (so it cannot recurse either).
        const systemPrompt = kind.answersFromSkillCatalog
          ? `${kind.role}\n\n${(await deps.extensions?.skillCatalog?.(request.prompt)) ?? 'Skill catalog: no skills are installed.'}`
          : `${kind.role}\nYour working directory is ${cwd}. Your one tool is Bash(command="..."); commands accept --help.`;
        // One todo list for the sub-agent's TodoWrite and its runner's reminder.
        const todoStore = new TodoStore();
        const router = deps.createRouter({ cwd, readOnly: kind.readOnly, todoStore });
        const bash = guardNestedTasks(new BashTool(router));
        let stopReason: StopReason = 'completed';
        // Usage writes to the parent's session are awaited before the task reports back, and their failure is reported.
        // Stryker disable next-line ArrayDeclaration: Promise.all settles a plain value at once, as it does nothing
        const usageWrites: Promise<unknown>[] = [];
        const usageFailures: string[] = [];
        const runner = deps.createRunner({
          model: request.model ?? deps.model,
          ...(request.maxTurns !== undefined ? { maxIterations: request.maxTurns } : {}),
          client: deps.client,
          cwd,
          todoStore,
          toolset: kind.answersFromSkillCatalog ? [] : [bash],
          enableSkillSearchInstruction: false,
          ...deps.context?.(),
          systemPrompt,
          isSubAgent: true,
          hooks: deps.hooks?.(request.type),
          ...deps.costing?.(),
          onEvent: (event) => {
            if (event.type === 'usage') {
              usageWrites.push(
                Promise.resolve()
                  .then(() => deps.recordUsage(event.usage, event.model))
                  .catch((error: unknown) => usageFailures.push(error instanceof Error ? error.message : String(error))),
              );
            }
            if (event.type === 'run_finished') stopReason = event.stopReason;
          },
        });
        try {
          const text = await runner.run(request.prompt, { signal }).finally(() => Promise.all(usageWrites));
          const usageNote = usageFailures.length ? `\n\n[Note] The sub-agent's token usage could not be recorded in the session: ${usageFailures[0]}` : '';
          const note = (bash.blocked ? `\n\n[Note] ${bash.blocked} nested task command(s) were not run (not permitted inside a sub-agent); the sub-agent completed its own task.` : '') + usageNote;
          return stopReason === 'completed' ? { stdout: text + note, stderr: '', exitCode: 0 } : { stdout: '', stderr: `Sub-agent task:${request.type} stopped (${stopReason}): ${text}`, exitCode: 1 };
        } catch (error) {
          if (signal.aborted) throw error;
          return { stdout: '', stderr: `Sub-agent task:${request.type} failed: ${error instanceof Error ? error.message : String(error)}`, exitCode: 1 };
        } finally {
          await Promise.all([router.close(), runner.close?.()]);
        }
      },
    };
    return executor;
  };
}
