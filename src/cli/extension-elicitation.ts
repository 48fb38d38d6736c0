import type { McpClientCallbacks, McpElicitationAnswer, McpElicitationRequest } from '../extensions';
import { visibleText } from '../visible-text';

type Elicit = NonNullable<McpClientCallbacks['elicit']>;

/** One field of an elicitation form, as the protocol allows it: a primitive, or an array of enum values. */
interface FieldSchema {
  type?: string;
  title?: string;
  description?: string;
  enum?: unknown[];
  enumNames?: string[];
  oneOf?: Array<{ const: unknown; title?: string }>;
  items?: { enum?: unknown[]; anyOf?: Array<{ const: unknown; title?: string }> };
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

/**
 * Answers an MCP server's elicitation on the terminal (stderr, so stdout stays the result), as the runtime's
 * approvals do with @inquirer/prompts: first whether to answer at all (answer, decline, cancel), then each
 * required field, then, if the person wants, the optional ones. A URL-mode request shows the URL. Ctrl-C
 * cancels the request and interrupts the command.
 */
export function terminalElicitor(onInterrupt: () => void): Elicit {
  return async (request, { server, signal }) => {
    const context = { output: process.stderr, signal, clearPromptOnDone: false };
    try {
      return await ask(request, server, context);
    } catch (error) {
      if ((error as Error)?.name === 'ExitPromptError') onInterrupt();
      return { action: 'cancel' };
    }
  };
}

async function ask(request: McpElicitationRequest, server: string, context: { output: NodeJS.WritableStream; signal: AbortSignal; clearPromptOnDone: boolean }): Promise<McpElicitationAnswer> {
  const prompts = require('@inquirer/prompts') as typeof import('@inquirer/prompts');
  const isUrl = request.mode === 'url';
  const action = await prompts.select<McpElicitationAnswer['action']>(
    {
      // Every text of the request is the server's: made visible (so is each field's title, description and choice below).
      message: visibleText(`MCP server "${server}" asks: ${request.message}${isUrl ? `\n  ${(request as { url: string }).url}\n` : ''}`),
      choices: [
        { name: isUrl ? 'I opened it (accept)' : 'Answer', value: 'accept' },
        { name: 'Decline', value: 'decline' },
        { name: 'Cancel', value: 'cancel' },
      ],
    },
    context,
  );
  if (action !== 'accept' || isUrl) return { action };
  const schema = (request as { requestedSchema: { properties: Record<string, FieldSchema>; required?: string[] } }).requestedSchema;
  const required = new Set(schema.required ?? []);
  const names = Object.keys(schema.properties);
  const content: Record<string, unknown> = {};
  for (const name of names.filter((field) => required.has(field))) content[name] = await askField(prompts, name, schema.properties[name]!, true, context);
  const optional = names.filter((field) => !required.has(field));
  if (optional.length && (await prompts.confirm({ message: `Also fill in the ${optional.length} optional fields?`, default: false }, context))) {
    for (const name of optional) {
      const value = await askField(prompts, name, schema.properties[name]!, false, context);
      if (value !== undefined) content[name] = value;
    }
  }
  return { action: 'accept', content: content as McpElicitationAnswer['content'] };
}

/** One field's value, typed as its schema says, its default offered; an optional field left empty is undefined. */
async function askField(prompts: typeof import('@inquirer/prompts'), name: string, field: FieldSchema, required: boolean, context: object): Promise<unknown> {
  const message = visibleText(`${field.title ?? name}${field.description ? ` (${field.description})` : ''}`);
  if (field.type === 'array') {
    const defaults = Array.isArray(field.default) ? field.default : [];
    const choices = (choicesOf({ enum: field.items?.enum, oneOf: field.items?.anyOf }) ?? []).map((choice) => ({ ...choice, checked: defaults.includes(choice.value) }));
    return prompts.checkbox({ message, choices, validate: (chosen) => countWithin(chosen.length, field) }, context);
  }
  const choices = choicesOf(field);
  if (choices) return prompts.select({ message, choices: required ? choices : [{ name: '(none)', value: undefined }, ...choices], default: field.default }, context);
  if (field.type === 'boolean') return prompts.confirm({ message, default: typeof field.default === 'boolean' ? field.default : false }, context);
  const numeric = field.type === 'number' || field.type === 'integer';
  const text = await prompts.input({ message, default: field.default === undefined ? undefined : visibleText(String(field.default)), validate: (value) => validate(value, field, required) }, context);
  if (!text) return undefined;
  return numeric ? Number(text) : text;
}

/** Between minItems and maxItems choices. */
function countWithin(count: number, field: FieldSchema): true | string {
  if (field.minItems !== undefined && count < field.minItems) return `choose at least ${field.minItems}`;
  if (field.maxItems !== undefined && count > field.maxItems) return `choose at most ${field.maxItems}`;
  return true;
}

function choicesOf(field: FieldSchema): Array<{ name: string; value: unknown }> | undefined {
  if (field.oneOf) return field.oneOf.map((option) => ({ name: visibleText(option.title ?? String(option.const)), value: option.const }));
  if (field.enum) return field.enum.map((value, index) => ({ name: visibleText(field.enumNames?.[index] ?? String(value)), value }));
  return undefined;
}

/** The form's own limits, said where the person types (true: fine). */
function validate(value: string, field: FieldSchema, required: boolean): true | string {
  if (!value) return required ? 'required' : true;
  if (field.type === 'number' || field.type === 'integer') {
    const number = Number(value);
    if (!Number.isFinite(number) || (field.type === 'integer' && !Number.isInteger(number))) return `a${field.type === 'integer' ? 'n integer' : ' number'} is expected`;
    if (field.minimum !== undefined && number < field.minimum) return `at least ${field.minimum}`;
    if (field.maximum !== undefined && number > field.maximum) return `at most ${field.maximum}`;
    return true;
  }
  if (field.minLength !== undefined && value.length < field.minLength) return `at least ${field.minLength} characters`;
  if (field.maxLength !== undefined && value.length > field.maxLength) return `at most ${field.maxLength} characters`;
  return true;
}
