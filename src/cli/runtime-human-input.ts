import type { HumanResponder } from '../runtime/human-input';
import type { HumanSelectOption } from '../runtime/types';
import { CliError } from './exit-codes';
import { createStyle, colorEnabled } from './terminal-style';
import { visibleCommand, visibleText } from '../visible-text';

export interface HumanInputOptions {
  /** --approve: decides every approval without asking. */
  approve?: 'all' | 'none';
  /** --answer, in order: each pending prompt or selection consumes one. */
  answers: string[];
  /** Ask on the terminal (stdin and stderr are TTYs) when no flag decides. */
  interactive: boolean;
  /** Echo questions answered from flags on stderr (not in --json mode). */
  echo: boolean;
}

/**
 * The CLI's human: flags first; then, on a TTY, a prompt on stderr (stdout stays the assistant's);
 * otherwise `undefined`, and the run pauses.
 */
export function createHumanInput(options: HumanInputOptions): HumanResponder {
  const answers = [...options.answers];
  const context = { output: process.stderr, clearPromptOnDone: false };
  const prompts = () => require('@inquirer/prompts') as typeof import('@inquirer/prompts');
  const style = createStyle(colorEnabled(process.stderr));
  const echo = (question: string, answer: string) => {
    if (options.echo) process.stderr.write(`? ${visibleText(question)} ${style.dim(visibleText(answer))}\n`);
  };

  return {
    async approve(call) {
      if (options.approve) return options.approve === 'all';
      if (!options.interactive) return undefined;
      return prompts().confirm({ message: `Run ${visibleCommand(`${call.function.name}(${call.function.arguments})`)}?`, default: true }, context);
    },
    async answer({ prompt }) {
      if (answers.length) {
        const answer = answers.shift()!;
        echo(prompt, answer);
        return answer;
      }
      if (!options.interactive) return undefined;
      return prompts().input({ message: visibleText(prompt) }, context);
    },
    async select({ prompt, options: choices, multi }) {
      if (answers.length) {
        const answer = answers.shift()!;
        echo(`${prompt} (${choices.map((option) => option.value).join(' / ')})`, answer);
        return matchOptions(answer, choices, multi);
      }
      if (!options.interactive) return undefined;
      const list = choices.map((option) => ({ name: visibleText(option.label), value: option.value }));
      if (multi) return prompts().checkbox({ message: visibleText(prompt), choices: list, required: true }, context);
      return [await prompts().select({ message: visibleText(prompt), choices: list }, context)];
    },
  };
}

/** An --answer for a selection: option values or labels, comma-separated when several may be chosen. */
function matchOptions(answer: string, options: HumanSelectOption[], multi: boolean): string[] {
  const wanted = multi
    ? answer
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
    : [answer.trim()];
  return wanted.map((text) => {
    const found = options.find((option) => option.value === text || option.label.toLowerCase() === text.toLowerCase());
    if (!found) throw new CliError(`--answer "${text}" is not one of the options: ${options.map((option) => option.value).join(', ')}`);
    return found.value;
  });
}
