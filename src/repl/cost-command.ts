import { costOf, formatCostOutput, formatCount, formatUsd, tokenUsageOf, usageAccountOf } from '../usage';
import { shown, type SlashCommand } from './slash-command';

/**
 * `/cost`: the session's tokens (all calls, per model) and what they cost at the runner's prices
 * (~/.synapse/pricing.json): dollars, `$0.00` before any call, `N/A` once a model used has no price.
 */
export const costCommand: SlashCommand = {
  name: 'cost',
  summary: "Tokens and cost of this session's model calls (prices from ~/.synapse/pricing.json)",
  group: 'Model and context',
  run: async (_args, { chat }) => {
    const usage = await chat.usage();
    if (!usage) return shown('Usage: not recorded (sessions are not saved in this chat).');
    const { pricing } = chat.runner;
    const account = usageAccountOf(usage, pricing, chat.model);
    const { total, byModel, roundCount } = usage;
    const models = Object.entries(byModel).map(([name, { usage: tokens, rounds }]) => {
      const costUsd = costOf(tokenUsageOf(tokens), name, pricing);
      return `  ${name}: ${formatCount(tokens.total_tokens)} tokens in ${rounds} call(s), ${costUsd === null ? 'cost N/A (no price)' : formatUsd(costUsd)}`;
    });
    const unpriced = account.totalCost === null && roundCount > 0 ? ' (no price for a model used: see ~/.synapse/pricing.json)' : '';
    return shown(
      [
        `Session ${chat.sessionId}: ${roundCount} model call(s)`,
        `  prompt tokens:     ${formatCount(total.prompt_tokens)}`,
        `  completion tokens: ${formatCount(total.completion_tokens)}`,
        `  total tokens:      ${formatCount(total.total_tokens)}`,
        ...models,
        `${formatCostOutput(account)}${unpriced}`,
      ].join('\n'),
    );
  },
};
