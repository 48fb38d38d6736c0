/**
 * synapse-spec/testing: test doubles for code built on synapse-spec. ScriptedModel answers chat-completions
 * requests from replies written as data, as real SSE, so the real SDK and streaming code run in tests
 * (also what `synapse --fixture` replays offline).
 */
export {
  ScriptedModel,
  scriptedReplySchema,
  scriptedConversationSchema,
  toHttpResponse,
  type ScriptedReply,
  type ScriptedConversation,
  type ChatCompletionRequest,
} from './llm/scripted-model';
