import type { AgentTool } from '../runtime';
import type { OperationStore } from './operation-store';

/**
 * The agent's tools, each saving its result in the store the moment it returns. A step run again after a
 * crash (another worker) finds the saved result and returns it: a tool whose result was saved never runs
 * twice. A crash between the tool's return and the save can still run it again: the tool gets the call's
 * id (`toolCallId`) to make its effects once.
 */
export function withSavedResults(tools: Record<string, AgentTool>, store: OperationStore, operationId: string): Record<string, AgentTool> {
  return Object.fromEntries(
    Object.entries(tools).map(([name, tool]) => [
      name,
      async (args: unknown, context: { toolCallId: string }) => {
        const saved = await store.loadToolResult(operationId, context.toolCallId);
        if (saved !== undefined) return JSON.parse(saved) as unknown;
        const result = await tool(args, context as Parameters<AgentTool>[1]);
        await store.saveToolResult(operationId, context.toolCallId, JSON.stringify(result) ?? 'null');
        return result;
      },
    ]),
  );
}
