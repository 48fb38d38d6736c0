import type { InstructionExecutor } from '../types';
import { callLlm } from './call-llm';
import { callTool } from './call-tool';
import { finish } from './finish';
import { requestHumanApprove } from './request-human-approve';
import { requestHumanPrompt } from './request-human-prompt';
import { requestHumanSelect } from './request-human-select';

export const builtinExecutors: Readonly<Record<string, InstructionExecutor>> = Object.freeze({
  call_llm: callLlm,
  call_tool: callTool,
  finish,
  request_human_approve: requestHumanApprove,
  request_human_prompt: requestHumanPrompt,
  request_human_select: requestHumanSelect,
});

export { runToolCall } from './call-tool';
