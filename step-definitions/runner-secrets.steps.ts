import { Given, Then } from '@cucumber/cucumber';
import { expect } from 'chai';
import { createOpenAIClient } from '../src';
import { LLM_BASE_URL } from './support/llm-mock';
import { RunnerContext } from './support/runner-context';
import type { SynapseWorld } from './support/world';

const ctx = (world: SynapseWorld) => world.use(RunnerContext);

Given('Runner 的 apiKey 选项是 {string}，模型客户端的密钥是 {string}', function (this: SynapseWorld, apiKey: string, clientKey: string) {
  ctx(this).options.apiKey = apiKey;
  ctx(this).options.client = createOpenAIClient({ apiKey: clientKey, baseURL: LLM_BASE_URL, maxRetries: 0 });
});

Given('Runner 的模型客户端的密钥是 {string}', function (this: SynapseWorld, clientKey: string) {
  ctx(this).options.client = createOpenAIClient({ apiKey: clientKey, baseURL: LLM_BASE_URL, maxRetries: 0 });
});

Then('命令的结果应是 {string}', function (this: SynapseWorld, output: string) {
  const [finished] = ctx(this).of('tool_call_finished');
  expect(finished!.result.output.trim()).to.equal(output);
});
