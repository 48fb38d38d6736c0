import { formatTodoSummary, readTodoLimits, validateTodoWriteInput } from '../../todo';
import { commandSuccess, usageFailure } from '../command-results';
import { parseHeredoc } from '../heredoc-input';
import { tokenizeShellLine } from '../shell-tokenizer';
import { UsageError, type AgentCommand } from './agent-command';

const USAGE = `USAGE: TodoWrite '{"todos":[{"content":"Run the tests","activeForm":"Running the tests","status":"pending"}]}'`;

export const todoWriteCommand: AgentCommand = {
  name: 'TodoWrite',
  usage: USAGE,
  help: [
    `TodoWrite '<json>'`,
    `TodoWrite <<'EOF'  (the JSON on the following lines, then a line EOF)`,
    '  Replace the todo list. The JSON is {"todos": [ {content, activeForm, status}, ... ]}:',
    '  content     what to do ("Run the tests"), non-blank',
    '  activeForm  the same in the present continuous ("Running the tests"), non-blank',
    '  status      pending | in_progress | completed',
    '  No other keys are allowed. {"todos":[]} clears the list. Limits: SYNAPSE_TODO_MAX_ITEMS items',
    '  (default 50), SYNAPSE_TODO_MAX_CONTENT_LENGTH characters per text (default 200).',
    USAGE,
  ].join('\n'),
  writes: true,
  async run(args, { todoStore }) {
    const json = extractJson(args);
    if (!json) throw new UsageError('Missing JSON parameter');
    let document: unknown;
    try {
      document = JSON.parse(json);
    } catch (error) {
      return usageFailure('TodoWrite', USAGE, `Invalid JSON format: ${(error as Error).message}`);
    }
    const limits = readTodoLimits();
    const validation = validateTodoWriteInput(document, limits);
    if (!validation.success) {
      return usageFailure('TodoWrite', USAGE, `Invalid todo list:\n${validation.errors.map((error) => `- ${error}`).join('\n')}`);
    }
    todoStore.update(validation.data.todos);
    return commandSuccess(formatTodoSummary(validation.data.todos));
  },
};

/** The JSON text: one quoted argument, raw JSON starting with { or [, or a heredoc body. */
function extractJson(args: string): string {
  const trimmed = args.trim();
  if (!trimmed) return '';
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) return trimmed;
  let heredoc;
  try {
    heredoc = parseHeredoc(trimmed);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (heredoc) {
    if (heredoc.head) throw new UsageError('nothing may come between TodoWrite and <<');
    return heredoc.body.trim();
  }
  let tokenized;
  try {
    tokenized = tokenizeShellLine(trimmed);
  } catch (error) {
    throw new UsageError(`${(error as Error).message} (quote the JSON in single quotes)`);
  }
  if (tokenized.operators.length || tokenized.words.length !== 1) {
    throw new UsageError(`expected the JSON as one single-quoted argument`);
  }
  return tokenized.words[0];
}
