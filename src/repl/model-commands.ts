import { shown, type SlashCommand } from './slash-command';

const model: SlashCommand = {
  name: 'model',
  usage: '/model [name]',
  summary: 'Show the model, or go on with the same conversation on another one',
  group: 'Model and context',
  run: async (args, { chat }) => {
    const wanted = args.trim();
    if (!wanted) return shown(`Model: ${chat.model}`);
    if (/\s/.test(wanted)) return shown('Usage: /model [name] (one name, no spaces)');
    await chat.setModel(wanted);
    return shown(`Model: ${chat.model} (from the next message on)`);
  },
};

const cost: SlashCommand = {
  name: 'cost',
  summary: "Tokens this session's model calls used (prompt, completion, total)",
  group: 'Model and context',
  run: async (_args, { chat }) => {
    const usage = await chat.usage();
    if (!usage) return shown('Usage: not recorded (sessions are not saved in this chat).');
    const { total, rounds } = usage;
    const byModel = new Map<string, number>();
    for (const round of rounds) byModel.set(round.model, (byModel.get(round.model) ?? 0) + round.usage.total_tokens);
    const models = [...byModel].map(([name, tokens]) => `  ${name}: ${formatCount(tokens)} tokens`);
    return shown(
      [
        `Session ${chat.sessionId}: ${rounds.length} model call(s)`,
        `  prompt tokens:     ${formatCount(total.prompt_tokens)}`,
        `  completion tokens: ${formatCount(total.completion_tokens)}`,
        `  total tokens:      ${formatCount(total.total_tokens)}`,
        ...models,
      ].join('\n'),
    );
  },
};

const BAR_WIDTH = 30;

const context: SlashCommand = {
  name: 'context',
  summary: "How much of the model's context window the conversation fills",
  group: 'Model and context',
  run: async (_args, { chat }) => {
    const stats = await chat.contextStats();
    const window = chat.contextWindow;
    const share = Math.min(1, stats.tokenCount / window);
    const filled = Math.round(share * BAR_WIDTH);
    const bar = `[${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}]`;
    return shown(
      [
        `${bar} ${(share * 100).toFixed(1)}% of ${formatCount(window)} tokens (${chat.model})`,
        `  conversation: ${formatCount(stats.tokenCount)} tokens in ${stats.messageCount} message(s), ${stats.toolCallCount} tool call(s)`,
        `  free:         ${formatCount(Math.max(0, window - stats.tokenCount))} tokens`,
      ].join('\n'),
    );
  },
};

/** /model, /cost, /context. */
export const modelCommands: readonly SlashCommand[] = [model, cost, context];

function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}
