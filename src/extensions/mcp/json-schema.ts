/** The part of JSON Schema that tool input schemas use and we read (help, flag coercion). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  description?: string;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
  minimum?: number;
  maximum?: number;
  [keyword: string]: unknown;
}

/** The JSON types a schema allows (looking into anyOf/oneOf); empty means any. */
export function schemaTypes(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const own = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap(schemaTypes);
  if (schema.enum) own.push(...new Set(schema.enum.map(jsonType)));
  return [...new Set([...own, ...alternatives])];
}

/** The parameters of an object schema (none for a schema without properties). */
export function parametersOf(schema: JsonSchema): Array<[string, JsonSchema]> {
  return Object.entries(schema.properties ?? {});
}

/** Whether a key outside `properties` is a mistake: properties are listed and extra ones not allowed. */
export function rejectsUnknownKeys(schema: JsonSchema): boolean {
  return Object.keys(schema.properties ?? {}).length > 0 && (schema.additionalProperties === undefined || schema.additionalProperties === false);
}

export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** A short description of a value for error messages: `"x"`, `5`, `an array`. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value);
  if (Array.isArray(value)) return 'an array';
  if (value && typeof value === 'object') return 'an object';
  return String(value);
}
