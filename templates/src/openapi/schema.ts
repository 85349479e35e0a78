import type { Schema } from 'joi';
import j2s from 'joi-to-swagger';

/** A fragment of the OpenAPI document: plain JSON. */
export type Json = Record<string, unknown>;
type SchemaObject = Json & { properties?: Record<string, SchemaObject> };

export type ComponentKind = 'schemas' | 'responses' | 'parameters' | 'headers';

export const ref = (kind: ComponentKind, name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** References to shared responses, e.g. errors('BadRequest', 'NotFound') -> { 400: {$ref}, 404: {$ref} }. */
export function errors(...names: (keyof typeof ERROR_STATUS)[]): Json {
  return Object.fromEntries(names.map((name) => [ERROR_STATUS[name], ref('responses', name)]));
}

export const ERROR_STATUS = {
  BadRequest: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  TooManyRequests: 429,
  InternalServerError: 500,
  ServiceUnavailable: 503,
} as const;

/** A JSON body of the named component schema (or an array of it). */
export function jsonContent(schemaName: string, options: { array?: boolean; examples?: Json } = {}): Json {
  const schema = options.array ? { type: 'array', items: ref('schemas', schemaName) } : ref('schemas', schemaName);
  return { 'application/json': { schema, ...(options.examples ? { examples: options.examples } : {}) } };
}

export function textResponse(description: string, example: string): Json {
  return { description, content: { 'text/plain': { schema: { type: 'string', example } } } };
}

/**
 * The JSON Schema of a Joi schema. joi-to-swagger drops Joi's precision(n); it becomes the
 * vendor extension `x-scale: n` rather than `multipleOf`, because validators that compute
 * multipleOf with doubles refuse ordinary values (19.99 / 0.01 is not an integer in floating point).
 */
export function toSchema(schema: Schema): SchemaObject {
  const swagger = j2s.default(schema).swagger as SchemaObject;
  const keys = (schema.describe() as { keys?: Record<string, { rules?: { name: string; args?: { limit?: number } }[] }> }).keys;
  for (const [key, described] of Object.entries(keys ?? {})) {
    const scale = described.rules?.find((rule) => rule.name === 'precision')?.args?.limit;
    const property = swagger.properties?.[key];
    if (scale !== undefined && property) property['x-scale'] = scale;
  }
  return swagger;
}

/** The query parameters of an object schema, each with its own description. */
export function queryParameters(schema: Schema): Json[] {
  return Object.entries(toSchema(schema).properties ?? {}).map(([name, { description, ...property }]) => ({
    name,
    in: 'query',
    required: false,
    description,
    schema: property,
  }));
}

/** A schema without the title joi-to-swagger takes from the Joi label. */
export function withoutTitle({ title: _title, ...schema }: SchemaObject): SchemaObject {
  return schema;
}
