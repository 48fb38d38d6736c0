import type Ajv from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type Ajv2020 from 'ajv/dist/2020';
import { UsageError } from '../../tools/agent-commands/agent-command';
import { describeValue, rejectsUnknownKeys, schemaTypes, type JsonSchema } from './json-schema';

const options = { allErrors: true, strict: false, validateFormats: false, logger: false } as const;
let draft07: Ajv | undefined;
let draft2020: Ajv2020 | undefined;
const compiled = new WeakMap<object, ValidateFunction | null>();

/**
 * Checks a tool call's arguments against the tool's input schema before anything is sent, and throws a
 * UsageError naming each parameter that does not fit and what it expects. A schema the validator cannot
 * compile is left to the server to enforce.
 */
export function validateToolArguments(args: Record<string, unknown>, schema: JsonSchema): void {
  const problems: string[] = [];
  if (rejectsUnknownKeys(schema)) {
    const known = new Set(Object.keys(schema.properties!)); // rejectsUnknownKeys: there are properties
    for (const key of Object.keys(args)) if (!known.has(key)) problems.push(`unknown parameter "${key}" (parameters: ${[...known].join(', ')})`);
  }
  const validate = validatorFor(schema);
  if (validate && !validate(args)) problems.push(...validate.errors!.flatMap((error) => describeError(error, args, schema)));
  if (problems.length) throw new UsageError([...new Set(problems)].join('; '));
}

// Loaded on the first call with arguments: a command that calls no MCP tool does not pay for ajv.
function draft07Ajv(): Ajv {
  draft07 ??= new (require('ajv') as { default: typeof Ajv }).default(options);
  return draft07;
}

function draft2020Ajv(): Ajv2020 {
  draft2020 ??= new (require('ajv/dist/2020') as { default: typeof Ajv2020 }).default(options);
  return draft2020;
}

function validatorFor(schema: JsonSchema): ValidateFunction | null {
  if (compiled.has(schema)) return compiled.get(schema)!;
  let validate: ValidateFunction | null = null;
  try {
    const { $schema, ...rest } = schema;
    const ajv = typeof $schema === 'string' && $schema.includes('2020-12') ? draft2020Ajv() : draft07Ajv();
    validate = ajv.compile(rest);
  } catch {
    validate = null;
  }
  compiled.set(schema, validate);
  return validate;
}

function describeError(error: ErrorObject, args: Record<string, unknown>, schema: JsonSchema): string[] {
  const path = parameterPath(error.instancePath);
  const at = (name: string) => `parameter "${name}"`;
  switch (error.keyword) {
    case 'required': {
      const missing = String(error.params.missingProperty);
      const name = path ? `${path}.${missing}` : missing;
      const property = path ? undefined : schema.properties?.[missing];
      return [`missing required ${at(name)}${property ? ` (${expectation(property)})` : ''}`];
    }
    case 'type':
      return [`${at(path)} must be ${article(String(error.params.type))} (got ${describeValue(valueAt(args, error.instancePath))})`];
    case 'enum':
      return [`${at(path)} must be one of ${(error.params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')} (got ${describeValue(valueAt(args, error.instancePath))})`];
    case 'additionalProperties':
      return path ? [`${at(path)} has an unknown key "${String(error.params.additionalProperty)}"`] : []; // top level: reported above
    case 'anyOf':
    case 'oneOf':
      return []; // the alternatives' own errors say more
    default:
      return [`${path ? at(path) : 'the arguments'} ${error.message}`]; // ajv words every error (its messages option is on)
  }
}

/** `/items/0/name` as `items[0].name`. */
function parameterPath(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

function valueAt(args: Record<string, unknown>, instancePath: string): unknown {
  let value: unknown = args;
  for (const part of instancePath.split('/').slice(1)) value = (value as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return value;
}

/** What a parameter expects, for help and errors: `number`, `one of "a", "b"`, `array of string`. */
export function expectation(schema: JsonSchema): string {
  if (schema.enum) return `one of ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`;
  const types = schemaTypes(schema);
  if (types.includes('array') && schema.items) return `array of ${expectation(schema.items)}`;
  if (types.length === 0 && schema.properties) return 'object';
  return types.join(' or ') || 'any JSON value';
}

function article(type: string): string {
  const names = type.split(',');
  return names.map((name) => (name === 'integer' ? 'an integer' : name === 'object' || name === 'array' ? `an ${name}` : name === 'null' ? 'null' : `a ${name}`)).join(' or ');
}
