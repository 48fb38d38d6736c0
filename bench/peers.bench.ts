// `npm run bench peers`: one conversation (build the agent, run it, close it) with the same tiny fake model
// and the same one tool, in our AgentRunner and in three peers: openai-agents-js, the Vercel AI SDK and
// LangGraph.js. The fake model is our ScriptedModel behind each library's own OpenAI chat-completions client
// (a `fetch` in process, streamed SSE), so every library pays its own request building, stream parsing and
// tool dispatch, and nothing else.
import { setMaxListeners } from 'node:events';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { z } from 'zod';
import { AgentRunner, type Tool, type ToolResult } from '../src';
import { ScriptedModel, type ScriptedReply } from '../src/testing';
import { killMarkedProcesses, pidWindow } from '../src/tools/security/process-marker';

const BASE_URL = 'http://bench.local/v1';
const API_KEY = 'bench-key';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** `rounds` replies that each call add(a, b) once, then the answer. */
function fakeModel(rounds: number, call: (i: number) => ScriptedReply['toolCalls']): ScriptedModel {
  // With usage in every reply: a library that is not told its usage estimates it (LangChain would fetch a tokenizer).
  const usage = { prompt_tokens: 20, completion_tokens: 5 };
  const replies: ScriptedReply[] = Array.from({ length: rounds }, (_, i) => ({ toolCalls: call(i), usage }));
  return new ScriptedModel([...replies, { content: 'done', usage }]);
}
const addCall = (i: number) => [{ name: 'add', arguments: { a: i, b: 1 } }];
const openaiClient = (model: ScriptedModel) => new OpenAI({ apiKey: API_KEY, baseURL: BASE_URL, fetch: model.fetch, maxRetries: 0 });

type Conversation = (rounds: number) => Promise<void>;

/** Ours, with the same one tool as the peers (a custom toolset: no shell, no policy, no extensions). */
const synapseTool: Conversation = async (rounds) => {
  const add: Tool<{ a: number; b: number }> = {
    name: 'add',
    definition: {
      type: 'function',
      function: { name: 'add', description: 'Adds two numbers', parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] } },
    },
    execute: ({ a, b }) => {
      const result: ToolResult = { isError: false, output: String(a + b), message: String(a + b) };
      return Object.assign(Promise.resolve(result), { cancel() {} });
    },
  };
  const runner = new AgentRunner({ model: 'bench', client: openaiClient(fakeModel(rounds, addCall)), toolset: [add], maxIterations: rounds + 1, enableSkillSearchInstruction: false });
  await runner.run('go');
  await runner.close();
};

/** Ours as the CLI runs it: the default toolset (policy, router, extensions, a real bash, sandbox off), the model calling `echo`. */
function synapseDefault(cwd: string): Conversation {
  return async (rounds) => {
    const model = fakeModel(rounds, (i) => [{ name: 'Bash', arguments: { command: `echo ${i + 1}` } }]);
    const runner = new AgentRunner({ model: 'bench', client: openaiClient(model), cwd, security: { sandbox: 'off' }, maxIterations: rounds + 1, enableSkillSearchInstruction: false });
    await runner.run('go');
    await runner.close();
  };
}

const openaiAgents: Conversation = async (rounds) => {
  const { Agent, OpenAIChatCompletionsModel, run, setTracingDisabled, tool } = require('@openai/agents') as typeof import('@openai/agents');
  setTracingDisabled(true);
  const add = tool({ name: 'add', description: 'Adds two numbers', parameters: z.object({ a: z.number(), b: z.number() }), execute: async ({ a, b }) => String(a + b) });
  const agent = new Agent({ name: 'bench', instructions: 'Use the tool.', model: new OpenAIChatCompletionsModel(openaiClient(fakeModel(rounds, addCall)), 'bench'), tools: [add] });
  const result = await run(agent, 'go', { stream: true, maxTurns: rounds + 2 });
  for await (const _event of result);
  await result.completed;
};

const vercelAi: Conversation = async (rounds) => {
  const { streamText, tool, stepCountIs } = require('ai') as typeof import('ai');
  const { createOpenAI } = require('@ai-sdk/openai') as typeof import('@ai-sdk/openai');
  const provider = createOpenAI({ apiKey: API_KEY, baseURL: BASE_URL, fetch: fakeModel(rounds, addCall).fetch });
  const add = tool({ description: 'Adds two numbers', inputSchema: z.object({ a: z.number(), b: z.number() }), execute: async ({ a, b }) => String(a + b) });
  const result = streamText({ model: provider.chat('bench'), system: 'Use the tool.', prompt: 'go', tools: { add }, stopWhen: stepCountIs(rounds + 1) });
  await result.text;
};

const langGraph: Conversation = async (rounds) => {
  const { createReactAgent } = require('@langchain/langgraph/prebuilt') as typeof import('@langchain/langgraph/prebuilt');
  const { ChatOpenAI } = require('@langchain/openai') as typeof import('@langchain/openai');
  const { tool } = require('@langchain/core/tools') as typeof import('@langchain/core/tools');
  const llm = new ChatOpenAI({ model: 'bench', apiKey: API_KEY, streaming: true, streamUsage: true, maxRetries: 0, configuration: { baseURL: BASE_URL, fetch: fakeModel(rounds, addCall).fetch } });
  const add = tool(async ({ a, b }: { a: number; b: number }) => String(a + b), { name: 'add', description: 'Adds two numbers', schema: z.object({ a: z.number(), b: z.number() }) });
  const agent = createReactAgent({ llm, tools: [add], prompt: 'Use the tool.' });
  // Streamed, as the others are (and an invoke() would estimate its tokens with a tokenizer it downloads).
  for await (const _chunk of await agent.stream({ messages: [{ role: 'user', content: 'go' }] }, { recursionLimit: 2 * rounds + 5, streamMode: 'messages' }));
};

async function measure(conversation: Conversation, rounds: number, runs: number): Promise<number> {
  for (let i = 0; i < 3; i++) await conversation(rounds); // load modules, warm the JIT
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await conversation(rounds);
    samples.push(performance.now() - start);
  }
  return median(samples);
}

export default async function (): Promise<void> {
  // The AI SDK adds an abort listener per step to one signal: past 10 Node warns, which is noise here.
  setMaxListeners(100);
  const cwd = mkdtempSync(join(tmpdir(), 'synapse-bench-peers-'));
  const contenders: Array<[string, Conversation]> = [
    ['synapse AgentRunner (same tool)', synapseTool],
    ['openai-agents-js 0.14 (@openai/agents)', openaiAgents],
    ['Vercel AI SDK 6 (ai + @ai-sdk/openai)', vercelAi],
    ['LangGraph.js 1.7 (createReactAgent)', langGraph],
    ['synapse, default toolset: real bash', synapseDefault(cwd)],
  ];
  const plan: Array<[number, number]> = [
    [1, 30],
    [10, 15],
    [50, 7],
  ];
  console.log('one conversation: build the agent, run it to its answer, close it; median ms (per tool round in brackets)');
  console.log(`  ${'library'.padEnd(42)}${plan.map(([rounds]) => `${rounds} round${rounds > 1 ? 's' : ''}`.padStart(20)).join('')}`);
  try {
    for (const [name, conversation] of contenders) {
      const cells: string[] = [];
      for (const [rounds, runs] of plan) {
        const ms = await measure(conversation, rounds, runs);
        cells.push(`${ms.toFixed(2)} ms (${(ms / rounds).toFixed(2)})`.padStart(20));
      }
      console.log(`  ${name.padEnd(42)}${cells.join('')}`);
    }
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
  console.log('  (target: synapse with the same tool at or under every peer for one round; the default toolset adds a real bash per conversation)');
  leftoverSearch();
}

/** The search for a closed unsandboxed shell's leftovers: every process's environment, or only the pids handed out since. */
function leftoverSearch(): void {
  const cpuMs = (search: () => void, runs = 20) => {
    const samples = Array.from({ length: runs }, () => {
      const start = process.cpuUsage();
      search();
      const used = process.cpuUsage(start);
      return (used.user + used.system) / 1000;
    });
    return median(samples);
  };
  const window = pidWindow();
  const all = cpuMs(() => killMarkedProcesses('no-such-marker'));
  const since = cpuMs(() => killMarkedProcesses('no-such-marker', window));
  const processes = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).length;
  console.log(`leftover search when an unsandboxed shell closes (${processes} processes here), median CPU: every environ ${all.toFixed(2)} ms, pids since the shell started ${since.toFixed(2)} ms`);
}
