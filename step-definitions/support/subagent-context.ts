import { AgentRunner, BashRouter, BashTool, createSubAgentExecutorFactory, type ToolResult, type Usage } from '../../src';
import { LLM_MODEL } from './llm-mock';
import type { SynapseWorld } from './world';

/** Drives `task:*` commands through a real BashTool whose router has the real sub-agent factory. */
export class SubAgentContext {
  result?: ToolResult;
  readonly usage: Usage[] = [];

  constructor(private readonly world: SynapseWorld) {}

  async runTask(command: string): Promise<ToolResult> {
    const cwd = await this.world.tempDir();
    const router: BashRouter = new BashRouter({
      cwd,
      subAgentExecutorFactory: createSubAgentExecutorFactory({
        createRunner: (options) => new AgentRunner(options),
        client: this.world.llm.client(),
        model: LLM_MODEL,
        cwd: () => cwd,
        recordUsage: (usage) => this.usage.push(usage),
        createRouter: (options) => new BashRouter({ ...options, security: router.security }),
      }),
    });
    this.world.onCleanup(() => router.close());
    this.result = await new BashTool(router).execute({ command });
    return this.result;
  }
}
