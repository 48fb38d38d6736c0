// What MCP servers ask of the client (features/mcp-client.feature): roots, sampling, elicitation, tasks.
import { Given, Then } from '@cucumber/cucumber';
import { expect } from 'chai';
import type { McpElicitationAnswer, McpElicitationRequest } from '../src';
import { ExtensionsContext } from './support/extensions-context';
import { SecurityContext } from './support/security-context';
import type { SynapseWorld } from './support/world';

const ext = (world: SynapseWorld) => world.use(ExtensionsContext);

/** The elicitations a scenario's person was asked. */
const asked = new WeakMap<SynapseWorld, McpElicitationRequest[]>();

Given('服务器请求采样时，模型对 {string} 回复 {string}', function (this: SynapseWorld, prompt: string, text: string) {
  this.llm.reply({ when: prompt, content: text });
});

Given(/^征询由人回答：(accept|decline|cancel)(?:，内容为 `(.+)`)?$/, function (this: SynapseWorld, action: McpElicitationAnswer['action'], content?: string) {
  const questions: McpElicitationRequest[] = [];
  asked.set(this, questions);
  ext(this).options.mcpCallbacks = {
    elicit: async (request) => {
      questions.push(request);
      return { action, ...(content ? { content: JSON.parse(content) } : {}) };
    },
  };
});

Then('人被问到的征询应包含字段 {string}', function (this: SynapseWorld, names: string) {
  const [request] = asked.get(this)!;
  expect(request && 'requestedSchema' in request, 'a form elicitation').to.equal(true);
  const fields = Object.keys((request as { requestedSchema: { properties: object } }).requestedSchema.properties);
  expect(fields).to.include.members(names.split(', '));
});

Then('审批者被问到的问题应为 {string}，规则为 {string}', function (this: SynapseWorld, question: string, rule: string) {
  expect(this.use(SecurityContext).approvals.map(({ command, rule }) => ({ command, rule }))).to.deep.equal([{ command: question, rule }]);
});

Then('模型应共收到 {int} 次请求', function (this: SynapseWorld, count: number) {
  expect(this.llm.requests.map((request) => request.messages.find((message) => message.role === 'user')?.content)).to.have.length(count);
});
