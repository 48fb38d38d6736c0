import { AgentRunner, BashRouter, BashTool, createSubAgentExecutorFactory, type RunnerEvent, type SubAgentExecutorFactory, type ToolResult, type Usage } from '../../src';
import type { CommandResult } from '../../src/tools';
import { LLM_MODEL } from './llm-mock';
import { block, section, type Narrating } from './transcript';
import type { SynapseWorld } from './world';

/**
 * Drives `task:*` commands through a real BashTool whose router has the real sub-agent factory. The
 * sub-agents' own routers get that factory too, so they really could start nested tasks: only the
 * nested-task guard stands between a sub-agent and recursion.
 */
export class SubAgentContext implements Narrating {
  result?: ToolResult;
  readonly usage: Usage[] = [];
  /** What the sub-agents' own runners reported (their tool calls and results). */
  readonly subAgentEvents: RunnerEvent[] = [];
  /** How each sub-agent's run ended: its text, or the error it rejected with. */
  readonly runOutcomes: Promise<{ text?: string; error?: unknown }>[] = [];
  /** Set to make recording a sub-agent's usage in the parent's session fail with this message. */
  usageWriteFailure?: string;
  /** What executing a task straight through the executor (the library's API) settled with. */
  executed?: { result?: CommandResult; error?: unknown };

  constructor(private readonly world: SynapseWorld) {}

  async runTask(command: string): Promise<ToolResult> {
    const { router } = await this.parent();
    this.result = await new BashTool(router).execute({ command });
    return this.result;
  }

  /** Runs a `task:general` through the executor a library user gets from createSubAgentExecutorFactory. */
  async executeDirectly(prompt: string, signal: AbortSignal): Promise<void> {
    const { factory } = await this.parent();
    await factory('general')
      .execute({ type: 'general', prompt, command: `task:general -p '${prompt}'` }, { signal })
      .then(
        (result) => (this.executed = { result }),
        (error: unknown) => (this.executed = { error }),
      );
  }

  /** The parent's router and the real sub-agent factory it starts tasks with. */
  private async parent(): Promise<{ factory: SubAgentExecutorFactory; router: BashRouter }> {
    const cwd = await this.world.tempDir();
    const factory: SubAgentExecutorFactory = createSubAgentExecutorFactory({
      createRunner: (options) => {
        const runner = new AgentRunner({
          ...options,
          onEvent: (event) => {
            this.subAgentEvents.push(event);
            options.onEvent?.(event);
          },
        });
        return {
          run: (input, runOptions) => {
            const running = runner.run(input, runOptions);
            this.runOutcomes.push(
              running.then(
                (text) => ({ text }),
                (error: unknown) => ({ error }),
              ),
            );
            return running;
          },
        };
      },
      client: this.world.llm.client(),
      model: LLM_MODEL,
      cwd: () => cwd,
      recordUsage: async (usage) => {
        if (this.usageWriteFailure) throw new Error(this.usageWriteFailure);
        this.usage.push(usage);
      },
      // Sub-agents share the parent's security and could nest (the guard must refuse that).
      createRouter: (options) => new BashRouter({ ...options, security: router.security, subAgentExecutorFactory: factory }),
    });
    const router = new BashRouter({ cwd, subAgentExecutorFactory: factory });
    this.world.onCleanup(() => router.close());
    return { factory, router };
  }

  narrate(): string[] {
    if (!this.result) return [];
    return section('Sub-agent task (through the Bash tool)', [`isError ${this.result.isError}`, ...block('output', this.result.output)]);
  }
}
