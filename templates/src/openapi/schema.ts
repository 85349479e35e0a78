import type { Schema } from 'joi';
import j2s from 'joi-to-swagger';

/** A fragment of the OpenAPI document: plain JSON. */
export type Json = Record<string, unknown>;
type SchemaObject = Json & { properties?: Record<string, SchemaObject> };

export type ComponentKind = 'schemas' | 'responses' | 'parameters' | 'headers';

export const ref = (kind: ComponentKind, name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** References to shared responses, e.g. errors('NotFound', 'Conflict') -> { 404: {$ref}, 409: {$ref} }; each operation has its own 400. */
export function errors(...names: (keyof typeof ERROR_STATUS)[]): Json {
  return Object.fromEntries(names.map((name) => [ERROR_STATUS[name], ref('responses', name)]));
}

export const ERROR_STATUS = {
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

/** What Joi's describe() tells of one key, as far as the document needs it. */
interface DescribedKey {
  type?: string;
  allow?: unknown[];
  flags?: { default?: unknown };
  rules?: { name: string; args?: { limit?: number; direction?: string; options?: { name?: string } } }[];
  /** An array's item schemas. */
  items?: DescribedKey[];
}

/**
 * The JSON Schema of a Joi schema, with what joi-to-swagger leaves out or words loosely put back
 * for each key of an object schema:
 *
 * - a default is stated whatever its value: joi-to-swagger drops the falsy ones but `false`
 *   (an empty text, a zero), which a create stores all the same;
 * - precision(n) becomes the vendor extension `x-scale: n` rather than `multipleOf`, because
 *   validators that compute multipleOf with doubles refuse ordinary values (19.99 / 0.01 is not
 *   an integer in floating point);
 * - a string Joi refuses empty (it does unless '' is allowed) states `minLength: 1`;
 * - a date (the pattern named YYYY-MM-DD) is `format: date`, which says as much more plainly;
 * - a date-time (the pattern named date-time) is `format: date-time` as well as its pattern, which
 *   narrows RFC 3339 to what the service stores and answers as written;
 * - a lower-case GUID states its pattern: `format: uuid` alone allows capitals (RFC 9562 reads
 *   hex digits in either case), which the service refuses;
 * - a nullable enum lists null among its values, as OpenAPI 3.0.3 asks for validators to accept it.
 */
export function jsonSchemaOf(schema: Schema): SchemaObject {
  const swagger = j2s.default(schema).swagger as SchemaObject;
  const keys = (schema.describe() as { keys?: Record<string, DescribedKey> }).keys;
  for (const [key, described] of Object.entries(keys ?? {})) {
    const property = swagger.properties?.[key];
    if (property) completeProperty(property, described);
  }
  return swagger;
}

/** A UUID in the one form the service takes and answers: lower-case hex digits, hyphenated. */
const LOWER_CASE_UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

function completeProperty(property: SchemaObject, described: DescribedKey): void {
  // The items of a list (a filter's [in]) follow the same rules as a single value.
  const [items] = described.items ?? [];
  if (items !== undefined && property.items !== undefined) completeProperty(property.items as SchemaObject, items);
  const fallback = described.flags?.default;
  if (fallback !== undefined && typeof fallback !== 'function') property.default = fallback;
  const rules = described.rules ?? [];
  const scale = rules.find((rule) => rule.name === 'precision')?.args?.limit;
  if (scale !== undefined) property['x-scale'] = scale;
  if (property.type !== 'string') return;
  const patternNamed = (name: string) => rules.some((rule) => rule.name === 'pattern' && rule.args?.options?.name === name);
  if (patternNamed('YYYY-MM-DD')) {
    property.format = 'date';
    delete property.pattern;
  }
  if (patternNamed('date-time')) property.format = 'date-time';
  const lowerCase = rules.some((rule) => rule.name === 'case' && rule.args?.direction === 'lower');
  if (property.format === 'uuid' && lowerCase) property.pattern = LOWER_CASE_UUID;
  const plain = property.format === undefined && property.enum === undefined;
  if (plain && property.minLength === undefined && !described.allow?.includes('')) property.minLength = 1;
  if (Array.isArray(property.enum) && property.nullable === true && !property.enum.includes(null)) property.enum = [...property.enum, null];
}

/**
 * The query parameters of an object schema, each with its own description. A list is sent
 * comma-separated (`id[in]=1,2`): OpenAPI's default for a query array is the key repeated, so
 * each says `explode: false` for generated clients to send what the service reads best.
 */
export function queryParameters(schema: Schema): Json[] {
  return Object.entries(jsonSchemaOf(schema).properties ?? {}).map(([name, { description, ...property }]) => {
    const { schema: unexampled, example } = withoutExample(neverNull(property));
    const shown = example === undefined ? undefined : `Example: \`${String(example)}\`.`;
    return {
      name,
      in: 'query',
      required: false,
      description: [description, shown].filter((part) => part !== undefined).join(' '),
      ...(property.type === 'array' ? { style: 'form', explode: false } : {}),
      schema: unexampled,
    };
  });
}

/**
 * A parameter's schema without its example (a list's, else its items'), and that example. Swagger
 * UI fills an optional parameter in with its example when "Try it out" is clicked, and sends it: a
 * filter would narrow the list the reader asked for. The description shows it instead.
 */
function withoutExample({ example, ...schema }: SchemaObject): { schema: SchemaObject; example: unknown } {
  if (schema.items === undefined) return { schema, example };
  const items = withoutExample(schema.items as SchemaObject);
  return { schema: { ...schema, items: items.schema }, example: example ?? items.example };
}

/**
 * A query value is never null: a filter drops the nullable and the null member its field's
 * schema has. A list's items drop the field's description, which speaks of the body.
 */
function neverNull({ nullable: _nullable, ...schema }: SchemaObject): SchemaObject {
  if (Array.isArray(schema.enum)) schema.enum = schema.enum.filter((value) => value !== null);
  if (schema.items !== undefined) {
    const { description: _description, ...items } = neverNull(schema.items as SchemaObject);
    schema.items = items;
  }
  return schema;
}

/** A schema without the title joi-to-swagger takes from the Joi label. */
export function withoutTitle({ title: _title, ...schema }: SchemaObject): SchemaObject {
  return schema;
}
