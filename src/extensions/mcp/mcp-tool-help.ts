import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { parametersOf, schemaTypes, type JsonSchema } from './json-schema';
import { expectation } from './mcp-validation';

/** `mcp:<server>:<tool> --help`: what the tool does and its parameters, from its input schema. */
export function toolHelp(server: string, tool: Tool): string {
  const id = `mcp:${server}:${tool.name}`;
  const schema = tool.inputSchema as JsonSchema;
  const required = new Set(schema.required ?? []);
  const parameters = parametersOf(schema);
  const lines = [`${id}${tool.title && tool.title !== tool.name ? ` (${tool.title})` : ''}`];
  if (tool.description) lines.push(`  ${tool.description.trim().split('\n').join('\n  ')}`);
  lines.push(
    '',
    `Usage: ${id} '<json>'   or   ${id}${parameters.map(([name, property]) => ` ${required.has(name) ? '' : '['}--${name} <${placeholder(property)}>${required.has(name) ? '' : ']'}`).join('')}`,
  );
  if (parameters.length) {
    lines.push('', 'Parameters:');
    for (const [name, property] of parameters) {
      lines.push(`  ${parameterLine(`--${name}`, property, required.has(name))}`);
      lines.push(...nestedFields(name, property, 1));
    }
  } else {
    lines.push('', 'Parameters: none');
  }
  lines.push('', `Example: ${id} '${JSON.stringify(exampleArguments(schema))}'`);
  return `${lines.join('\n')}\n`;
}

/** How deep the fields of object parameters (and of array items) are shown. */
const NESTED_DEPTH = 2;
/** At most this many nested fields per parameter. */
const NESTED_FIELDS = 20;

function parameterLine(label: string, property: JsonSchema, isRequired: boolean): string {
  const notes = [expectation(property), isRequired ? 'required' : 'optional'];
  if (property.default !== undefined) notes.push(`default ${JSON.stringify(property.default)}`);
  return `${label}  (${notes.join(', ')})${property.description ? `  ${property.description.trim().split('\n')[0]}` : ''}`;
}

/** The fields of an object parameter, or of the objects an array parameter holds: `options.depth`, `entities[].name`. */
function nestedFields(path: string, property: JsonSchema, depth: number): string[] {
  if (depth > NESTED_DEPTH) return [];
  const [object, prefix] = objectSchema(property, path);
  if (!object) return [];
  const required = new Set(object.required ?? []);
  const fields = parametersOf(object);
  const lines: string[] = [];
  for (const [name, field] of fields.slice(0, NESTED_FIELDS)) {
    lines.push(`${'  '.repeat(depth + 1)}${parameterLine(`${prefix}.${name}`, field, required.has(name))}`);
    lines.push(...nestedFields(`${prefix}.${name}`, field, depth + 1));
  }
  if (fields.length > NESTED_FIELDS) lines.push(`${'  '.repeat(depth + 1)}... and ${fields.length - NESTED_FIELDS} more fields of ${prefix}`);
  return lines;
}

/** The object schema whose fields a parameter has: its own, or its array items'; with the path to them. */
function objectSchema(property: JsonSchema, path: string): [JsonSchema | undefined, string] {
  if (property.properties) return [property, path];
  if (property.items?.properties) return [property.items, `${path}[]`];
  return [undefined, path];
}

function placeholder(schema: JsonSchema): string {
  if (schema.enum) return schema.enum.map(String).join('|');
  return schemaTypes(schema).join('|') || 'value';
}

/** Arguments that satisfy the required parameters: defaults, first enum values, or a value of the type. */
function exampleArguments(schema: JsonSchema): Record<string, unknown> {
  const example: Record<string, unknown> = {};
  for (const [name, property] of parametersOf(schema)) {
    if (!(schema.required ?? []).includes(name)) continue;
    example[name] = exampleValue(property);
  }
  return example;
}

function exampleValue(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const [type] = schemaTypes(schema);
  switch (type) {
    case 'number':
    case 'integer':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return schema.items?.properties ? [exampleArguments(schema.items)] : [];
    case 'object':
      return exampleArguments(schema);
    default:
      return 'text';
  }
}
