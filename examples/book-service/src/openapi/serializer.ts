import fastJson from 'fast-json-stringify';

import type { Json } from './schema.js';

/**
 * Compiles a serializer from a schema of the OpenAPI document (fast-json-stringify): it writes
 * what JSON.stringify would, faster, and only what the schema states: a property the document
 * does not list is never sent, and a missing required one throws rather than break the contract.
 * `array` compiles it for an array of such values.
 */
export function serializerOf<T>(schema: Json, { array = false } = {}): (value: T) => string {
  return fastJson((array ? { type: 'array', items: schema } : schema) as fastJson.AnySchema);
}
