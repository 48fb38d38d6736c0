import type { HumanSelectOption } from '../runtime/types';
import type { ToolCall } from '../llm/types';
import { CliError } from './exit-codes';

/** Who decides when the runtime waits for a human. `undefined` means nobody can now: the run pauses. */
export interface HumanInput {
  approve(call: ToolCall): Promise<boolean | undefined>;
  answer(prompt: string): Promise<string | undefined>;
  select(prompt: string, options: HumanSelectOption[], multi: boolean): Promise<string[] | undefined>;
}

export interface HumanInputOptions {
  /** --approve: decides every approval without asking. */
  approve?: 'all' | 'none';
  /** --answer, in order: each pending prompt or selection consumes one. */
  answers: string[];
  /** Ask on the terminal (stdin and stderr are TTYs) when no flag decides. */
  interactive: boolean;
}

/** Flags first; then, on a TTY, a prompt on stderr (stdout stays the assistant's); otherwise pause. */
export function createHumanInput(options: HumanInputOptions): HumanInput {
  const answers = [...options.answers];
  const context = { output: process.stderr, clearPromptOnDone: false };
  const prompts = () => require('@inquirer/prompts') as typeof import('@inquirer/prompts');

  return {
    async approve(call) {
      if (options.approve) return options.approve === 'all';
      if (!options.interactive) return undefined;
      return prompts().confirm({ message: `Run ${call.function.name}(${call.function.arguments})?`, default: true }, context);
    },
    async answer(prompt) {
      if (answers.length) return answers.shift();
      if (!options.interactive) return undefined;
      return prompts().input({ message: prompt }, context);
    },
    async select(prompt, choices, multi) {
      if (answers.length) return matchOptions(answers.shift()!, choices, multi);
      if (!options.interactive) return undefined;
      const list = choices.map((option) => ({ name: option.label, value: option.value }));
      if (multi) return prompts().checkbox({ message: prompt, choices: list, required: true }, context);
      return [await prompts().select({ message: prompt, choices: list }, context)];
    },
  };
}

/** An --answer for a selection: option values or labels, comma-separated when several may be chosen. */
function matchOptions(answer: string, options: HumanSelectOption[], multi: boolean): string[] {
  const wanted = multi ? answer.split(',').map((part) => part.trim()).filter(Boolean) : [answer.trim()];
  return wanted.map((text) => {
    const found = options.find((option) => option.value === text || option.label.toLowerCase() === text.toLowerCase());
    if (!found) throw new CliError(`--answer "${text}" is not one of the options: ${options.map((option) => option.value).join(', ')}`);
    return found.value;
  });
}
