import { formatCount } from '../usage';
import { compactCommand } from './compact-command';
import { costCommand } from './cost-command';
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

const compact: SlashCommand = {
  name: 'compact',
  summary: "Summarize the older messages now to free context (the session's archive keeps them)",
  group: 'Model and context',
  run: async (_args, { chat }) => shown((await compactCommand(chat.runner)).output),
};

/** /model, /cost, /context, /compact. */
export const modelCommands: readonly SlashCommand[] = [model, costCommand, context, compact];
