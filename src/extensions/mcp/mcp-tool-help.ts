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
      const notes = [expectation(property), required.has(name) ? 'required' : 'optional'];
      if (property.default !== undefined) notes.push(`default ${JSON.stringify(property.default)}`);
      lines.push(`  --${name}  (${notes.join(', ')})${property.description ? `  ${property.description.trim().split('\n')[0]}` : ''}`);
    }
  } else {
    lines.push('', 'Parameters: none');
  }
  lines.push('', `Example: ${id} '${JSON.stringify(exampleArguments(schema))}'`);
  return `${lines.join('\n')}\n`;
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
      return [];
    case 'object':
      return {};
    default:
      return 'text';
  }
}
