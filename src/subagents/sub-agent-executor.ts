import type OpenAI from 'openai';
import type { Usage } from '../llm/types';
import type { AgentRunnerOptions, StopReason } from '../runner/types';
import { BashRouter, BashTool, type BashRouterOptions } from '../tools';
import type { CommandResult, SubAgentExecutor, SubAgentExecutorFactory, TaskRequest } from '../tools/types';
import { guardNestedTasks } from './nested-task-guard';
import { taskTypeOf, TASK_TYPES } from './task-types';

/** The part of AgentRunner a sub-agent needs; injected so this module does not import the runner. */
export interface NestedRunner {
  run(input: string, options: { signal?: AbortSignal }): Promise<string>;
}

export interface SubAgentDependencies {
  createRunner(options: AgentRunnerOptions): NestedRunner;
  /** The parent's client: sub-agents share its connection settings. */
  client: OpenAI;
  model: string;
  /** The parent shell's current directory when the task starts. */
  cwd: () => string;
  /** Reports a sub-agent's model usage to the parent's session. */
  recordUsage(usage: Usage, model: string): unknown;
  /** Builds each sub-agent's router (default: a BashRouter without a sub-agent factory). */
  createRouter?: (options: BashRouterOptions) => BashRouter;
}

/** `task:general`, `task:explore` and `task:skill`, each a nested AgentRunner with its own history and shell. */
export function createSubAgentExecutorFactory(deps: SubAgentDependencies): SubAgentExecutorFactory {
  return (type) => {
    const kind = taskTypeOf(type);
    if (!kind) throw new Error(`Unknown task type: ${type}. Available: ${Object.keys(TASK_TYPES).map((name) => `task:${name}`).join(', ')}`);
    const executor: SubAgentExecutor = {
      async execute(request: TaskRequest, { signal }): Promise<CommandResult> {
        const cwd = deps.cwd();
        const router = (deps.createRouter ?? ((options) => new BashRouter(options)))({ cwd, readOnly: kind.readOnly });
        const bash = guardNestedTasks(new BashTool(router));
        let stopReason: StopReason = 'completed';
        const runner = deps.createRunner({
          model: deps.model,
          client: deps.client,
          cwd,
          toolset: [bash],
          enableSkillSearchInstruction: false,
          isSubAgent: true,
          systemPrompt: `${kind.role}\nYour working directory is ${cwd}. Your one tool is Bash(command="..."); commands accept --help.`,
          onEvent: (event) => {
            if (event.type === 'usage') deps.recordUsage(event.usage, event.model);
            if (event.type === 'run_finished') stopReason = event.stopReason;
          },
        });
        try {
          const text = await runner.run(request.prompt, { signal });
          const note = bash.blocked ? `\n\n[Note] ${bash.blocked} nested task command(s) were not run (not permitted inside a sub-agent); the sub-agent completed its own task.` : '';
          return stopReason === 'completed'
            ? { stdout: text + note, stderr: '', exitCode: 0 }
            : { stdout: '', stderr: `Sub-agent task:${request.type} stopped (${stopReason}): ${text}`, exitCode: 1 };
        } catch (error) {
          if (signal.aborted) throw error;
          return { stdout: '', stderr: `Sub-agent task:${request.type} failed: ${error instanceof Error ? error.message : String(error)}`, exitCode: 1 };
        } finally {
          await router.close();
        }
      },
    };
    return executor;
  };
}
