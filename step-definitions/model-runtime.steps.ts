import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { createOpenAIClient } from '../src';
import { ScriptedModel, type ScriptedReply } from '../src/testing';
import { LLM_BASE_URL } from './support/llm-mock';
import { ModelStreamContext } from './support/model-stream-context';
import type { SynapseWorld } from './support/world';

const ctx = (world: SynapseWorld) => world.use(ModelStreamContext);

Given('模型的回复是 {}', function (this: SynapseWorld, reply: string) {
  this.llm.reply(JSON.parse(reply) as ScriptedReply);
});

// A stream that breaks mid-reply makes the SDK cancel the response body, and msw's fetch interceptor (0.41)
// never settles a cancelled body (mswjs/interceptors#799): these replies come from the scripted model's own
// fetch instead, as `synapse --fixture` serves them. The SDK and our stream code run all the same.
Given('模型（进程内的 fetch，不经 msw）的回复是 {}', function (this: SynapseWorld, reply: string) {
  const scripted = new ScriptedModel([JSON.parse(reply) as ScriptedReply]);
  this.expectConsumed('the in-process fetch model', () => scripted.remaining);
  ctx(this).options.client = createOpenAIClient({ apiKey: 'test-key', baseURL: LLM_BASE_URL, fetch: scripted.fetch, maxRetries: 0 });
});

Given('模型运行时不要求服务端报告用量', function (this: SynapseWorld) {
  ctx(this).options.includeUsage = false;
});

Given('模型运行时只给了模型名，环境变量 OPENAI_BASE_URL 指向模型服务，OPENAI_API_KEY 是 {string}', function (this: SynapseWorld, key: string) {
  this.setEnv('OPENAI_BASE_URL', LLM_BASE_URL);
  this.setEnv('OPENAI_API_KEY', key || undefined);
  ctx(this).options.client = undefined;
});

When(/^直接用模型运行时问 "(.*)"(，signal 已经中止)?$/, async function (this: SynapseWorld, text: string, aborted?: string) {
  await ctx(this).request([{ role: 'user', content: text }], aborted ? AbortSignal.abort() : undefined);
});

When('直接用模型运行时发出一个只有系统消息的请求', async function (this: SynapseWorld) {
  await ctx(this).request([{ role: 'system', content: 'You are terse.' }]);
});

When('用脚本化模型的 fetch 请求 {string}', async function (this: SynapseWorld, url: string) {
  ctx(this).response = await new ScriptedModel().fetch(url);
});

Then('回答的状态应该是 {int}，错误消息是 {string}', async function (this: SynapseWorld, status: number, message: string) {
  const response = ctx(this).response!;
  expect(response.status).to.equal(status);
  expect(await response.json()).to.deep.equal({ error: { message } });
});

Then('模型运行时应该依次交出 {}', function (this: SynapseWorld, chunks: string) {
  expect(ctx(this).error, String(ctx(this).error)).to.equal(undefined);
  expect(ctx(this).chunks).to.deep.equal(JSON.parse(chunks));
});

Then('模型运行时应以 {word} 结束，消息是 {string}', function (this: SynapseWorld, name: string, message: string) {
  const error = ctx(this).error as Error | undefined;
  expect(error?.name, String(error)).to.equal(name);
  expect(error?.message).to.equal(message);
});

Then('模型收到的请求中 stream_options 应该是 {}', function (this: SynapseWorld, options: string) {
  expect((this.llm.requests.at(-1) as unknown as { stream_options?: unknown }).stream_options).to.deep.equal(options === '没有' ? undefined : JSON.parse(options));
});

Then('模型收到的请求应该带着 Authorization {string}', function (this: SynapseWorld, header: string) {
  expect(this.llm.authorizations).to.deep.equal([header]);
});
