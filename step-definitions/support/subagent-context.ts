import { AgentRunner, BashRouter, BashTool, createSubAgentExecutorFactory, type RunnerEvent, type SubAgentExecutorFactory, type ToolResult, type Usage } from '../../src';
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

  constructor(private readonly world: SynapseWorld) {}

  async runTask(command: string): Promise<ToolResult> {
    const cwd = await this.world.tempDir();
    const factory: SubAgentExecutorFactory = createSubAgentExecutorFactory({
      createRunner: (options) =>
        new AgentRunner({
          ...options,
          onEvent: (event) => {
            this.subAgentEvents.push(event);
            options.onEvent?.(event);
          },
        }),
      client: this.world.llm.client(),
      model: LLM_MODEL,
      cwd: () => cwd,
      recordUsage: (usage) => this.usage.push(usage),
      // Sub-agents share the parent's security and could nest (the guard must refuse that).
      createRouter: (options) => new BashRouter({ ...options, security: router.security, subAgentExecutorFactory: factory }),
    });
    const router = new BashRouter({ cwd, subAgentExecutorFactory: factory });
    this.world.onCleanup(() => router.close());
    this.result = await new BashTool(router).execute({ command });
    return this.result;
  }

  narrate(): string[] {
    if (!this.result) return [];
    return section('Sub-agent task (through the Bash tool)', [`isError ${this.result.isError}`, ...block('output', this.result.output)]);
  }
}
