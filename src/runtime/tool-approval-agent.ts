import type { ToolDefinition } from '../llm';
import type { Agent, AgentInstruction, AgentState, AgentTool } from './types';

export interface ToolApprovalAgentOptions {
  /** The tools the model may call, by name. */
  tools: Record<string, AgentTool>;
  /** Their definitions, as sent to the model. */
  toolDefinitions?: ToolDefinition[];
  model?: string;
}

/**
 * An agent that reasons from the conversation alone: it asks the model, asks a human to approve the tool
 * calls the model wants, and finishes when the model answers without tools.
 */
export function createToolApprovalAgent(options: ToolApprovalAgentOptions): Agent {
  return {
    tools: options.tools,
    runner(state: AgentState): AgentInstruction {
      if (state.pendingToolsCalling?.length) {
        return { type: 'request_human_approve', pendingToolsCalling: state.pendingToolsCalling };
      }
      const last = state.messages.at(-1);
      if (last?.role === 'assistant') {
        // Nothing answers these calls yet: tool messages come after the call. (Matching earlier tool messages by id
        // took a call whose id the model reused from an earlier turn for answered, and ended the run.)
        const waiting = last.tool_calls ?? [];
        if (waiting.length) return { type: 'request_human_approve', pendingToolsCalling: waiting };
        return { type: 'finish', reason: 'The model answered without calling a tool' };
      }
      return {
        type: 'call_llm',
        payload: { messages: state.messages, tools: options.toolDefinitions, model: options.model },
      };
    },
  };
}
