import { createOpenAIClient, createOpenAIModelRuntime } from '../llm/openai-model-runtime';
import { ScriptedModel, type ScriptedConversation } from '../llm/scripted-model';
import type { ModelRuntime } from '../llm/types';
import { loadFixture } from './fixture-file';
import { connectModel } from './model-client';
import { DEFAULT_MODEL, type ModelArgs } from './model-options';

/**
 * The model of `synapse serve` and `synapse worker`. A fixture replays per operation: a request gets the
 * reply numbered by the model replies already in its conversation, so any worker, on any machine, after
 * any crash, gives an operation's step the same reply.
 */
export function serviceModel(args: ModelArgs): { model: string; modelRuntime: ModelRuntime } {
  if (args.fixture) {
    const conversation = loadFixture(args.fixture);
    const model = conversation.model ?? args.model ?? process.env.SYNAPSE_MODEL ?? DEFAULT_MODEL;
    return { model, modelRuntime: replayPerConversation(conversation, model) };
  }
  const connection = connectModel(args);
  return { model: connection.model, modelRuntime: createOpenAIModelRuntime({ model: connection.model, client: connection.client }) };
}

function replayPerConversation(conversation: ScriptedConversation, model: string): ModelRuntime {
  return (payload) => {
    const replied = payload.messages.filter((message) => message.role === 'assistant').length;
    const scripted = new ScriptedModel(conversation.replies.slice(replied));
    const client = createOpenAIClient({ apiKey: 'fixture', baseURL: 'http://fixture.local/v1', fetch: scripted.fetch, maxRetries: 0 });
    return createOpenAIModelRuntime({ model, client })(payload);
  };
}
