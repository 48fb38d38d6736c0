import { createOpenAIModelRuntime, type ChatMessage, type ModelChunk, type OpenAIModelRuntimeOptions } from '../../src';
import { LLM_MODEL } from './llm-mock';
import type { SynapseWorld } from './world';

/** One model request made straight through createOpenAIModelRuntime: how it was built, what it yielded, how it ended. */
export class ModelStreamContext {
  /** Options beyond the model name: the msw model's client unless a scenario clears it (the runtime then builds its own from the environment). */
  readonly options: Omit<OpenAIModelRuntimeOptions, 'model'>;
  readonly chunks: ModelChunk[] = [];
  error?: unknown;
  /** What a plain fetch got back. */
  response?: Response;

  constructor(world: SynapseWorld) {
    this.options = { client: world.llm.client() };
  }

  async request(messages: ChatMessage[], signal?: AbortSignal): Promise<void> {
    const modelRuntime = createOpenAIModelRuntime({ model: LLM_MODEL, ...this.options });
    try {
      for await (const chunk of modelRuntime({ messages, signal })) this.chunks.push(chunk);
    } catch (error) {
      this.error = error;
    }
  }
}
