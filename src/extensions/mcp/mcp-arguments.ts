import { UsageError } from '../../tools/agent-commands/agent-command';
import { parametersOf, rejectsUnknownKeys, schemaTypes, type JsonSchema } from './json-schema';

/**
 * A tool call's arguments as the model wrote them: one JSON object (`'{"a": 1}'`), or `--name value` flags
 * (`--name=value`, `--flag`, `--no-flag`, a flag repeated for an array), each value coerced to the type
 * the tool's input schema gives it. Throws UsageError naming the word that does not fit.
 */
export function parseToolArguments(words: string[], schema: JsonSchema): Record<string, unknown> {
  if (words.length === 0) return {};
  if (words[0]!.trimStart().startsWith('{')) {
    if (words.length > 1) throw new UsageError(`pass either one JSON object or --name value flags, not both (unexpected ${JSON.stringify(words[1])})`);
    return parseJsonObject(words[0]!);
  }
  return parseFlags(words, schema);
}

function parseJsonObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`the arguments are not valid JSON (${(error as Error).message})`);
  }
  return value as Record<string, unknown>; // valid JSON that starts with "{" is an object
}

function parseFlags(words: string[], schema: JsonSchema): Record<string, unknown> {
  const parameters = new Map(parametersOf(schema));
  const strict = rejectsUnknownKeys(schema);
  const result: Record<string, unknown> = {};
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const flag = /^--([^=\s]+)(?:=(.*))?$/s.exec(word);
    if (!flag) throw new UsageError(`unexpected argument ${JSON.stringify(word)}: pass '<json>' or --name value flags`);
    let [, name, inline] = flag as unknown as [string, string, string | undefined];
    let negated = false;
    if (!parameters.has(name) && name.startsWith('no-') && schemaTypes(parameters.get(name.slice(3))).includes('boolean')) {
      name = name.slice(3);
      negated = true;
    }
    const property = parameters.get(name);
    if (!property && strict) throw new UsageError(`unknown parameter --${name}; parameters: ${[...parameters.keys()].map((key) => `--${key}`).join(', ')}`);
    const types = schemaTypes(property);

    let raw: string | undefined = inline;
    if (negated) raw = 'false';
    else if (raw === undefined) {
      const next = words[i + 1];
      const takesValue = next !== undefined && !(types.length === 1 && types[0] === 'boolean' && !/^(true|false)$/.test(next)) && !next.startsWith('--');
      if (takesValue) raw = words[++i];
    }
    if (raw === undefined) {
      if (!types.includes('boolean')) throw new UsageError(`--${name} needs a value`);
      raw = 'true';
    }

    const value = coerce(raw, property);
    if (types.includes('array') && !Array.isArray(value)) {
      result[name] = [...((result[name] as unknown[] | undefined) ?? []), value];
    } else {
      if (name in result) throw new UsageError(`--${name} is given twice`);
      result[name] = value;
    }
  }
  return result;
}

/** A flag's text as the type its schema asks for; text that does not fit stays text (validation says why). */
function coerce(raw: string, schema: JsonSchema | undefined): unknown {
  const types = schemaTypes(schema);
  const trimmed = raw.trim();
  if ((types.includes('number') || types.includes('integer')) && /^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(trimmed)) return Number(trimmed);
  if (types.includes('boolean') && /^(true|false)$/.test(trimmed)) return trimmed === 'true';
  if (types.includes('null') && trimmed === 'null') return null;
  if (types.includes('array')) {
    if (trimmed.startsWith('[')) return parseJsonOr(raw);
    return coerce(raw, schema?.items);
  }
  if (types.includes('object') && trimmed.startsWith('{')) return parseJsonOr(raw);
  if (types.length === 0 && /^[[{]/.test(trimmed)) return parseJsonOr(raw);
  return raw;
}

function parseJsonOr(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
