import type { Schema } from './schema-values.js';

/**
 * What in `value` breaks `schema` (an OpenAPI 3.0 schema, dereferenced), as readable lines; empty
 * when it conforms. Checks types, nullability, enums, bounds, lengths, patterns and the keys of
 * objects: what a generated client relies on when it reads an answer.
 */
export function schemaProblems(schema: Schema, value: unknown, at = 'body'): string[] {
  if (value === null) return schema.nullable ? [] : [`${at} is null`];
  if (schema.enum !== undefined && !schema.enum.includes(value))
    return [`${at} ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`];
  switch (schema.type) {
    case 'string':
      return typeof value === 'string' ? stringProblems(schema, value, at) : [`${at} is not a string`];
    case 'integer':
    case 'number':
      return typeof value === 'number' ? numberProblems(schema, value, at) : [`${at} is not a number`];
    case 'boolean':
      return typeof value === 'boolean' ? [] : [`${at} is not a boolean`];
    case 'array':
      return Array.isArray(value)
        ? value.flatMap((item, i) => schemaProblems(schema.items ?? {}, item, `${at}[${i}]`))
        : [`${at} is not an array`];
    case 'object':
      return typeof value === 'object' && !Array.isArray(value)
        ? objectProblems(schema, value as Record<string, unknown>, at)
        : [`${at} is not an object`];
    default:
      return [];
  }
}

function stringProblems(schema: Schema, value: string, at: string): string[] {
  const problems: string[] = [];
  if (schema.minLength !== undefined && value.length < schema.minLength) problems.push(`${at} is shorter than ${schema.minLength}`);
  if (schema.maxLength !== undefined && value.length > schema.maxLength) problems.push(`${at} is longer than ${schema.maxLength}`);
  if (schema.pattern !== undefined && !new RegExp(schema.pattern).test(value))
    problems.push(`${at} ${JSON.stringify(value)} breaks ${schema.pattern}`);
  if (schema.format === 'date-time' && !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(value)) {
    problems.push(`${at} ${JSON.stringify(value)} is no RFC 3339 date-time`);
  }
  if (schema.format === 'date' && !/^\d{4}-\d\d-\d\d$/.test(value)) problems.push(`${at} ${JSON.stringify(value)} is no RFC 3339 date`);
  return problems;
}

function numberProblems(schema: Schema, value: number, at: string): string[] {
  const problems: string[] = [];
  if (schema.type === 'integer' && !Number.isInteger(value)) problems.push(`${at} ${value} is not an integer`);
  if (schema.minimum !== undefined && value < schema.minimum) problems.push(`${at} ${value} is below ${schema.minimum}`);
  if (schema.maximum !== undefined && value > schema.maximum) problems.push(`${at} ${value} is above ${schema.maximum}`);
  return problems;
}

function objectProblems(schema: Schema, value: Record<string, unknown>, at: string): string[] {
  const properties = schema.properties ?? {};
  const missing = (schema.required ?? []).filter((key) => !Object.hasOwn(value, key)).map((key) => `${at}.${key} is missing`);
  const unknown =
    schema.additionalProperties === false
      ? Object.keys(value)
          .filter((key) => !Object.hasOwn(properties, key))
          .map((key) => `${at}.${key} is not in the document`)
      : [];
  const wrong = Object.entries(properties).flatMap(([key, property]) =>
    Object.hasOwn(value, key) ? schemaProblems(property, value[key], `${at}.${key}`) : [],
  );
  return [...missing, ...unknown, ...wrong];
}
