import fc from 'fast-check';

import { productCreateSchema } from '../src/product/product.schema.js';
import { FIELD_DATA, type FieldData, type ProductFields } from './field-data.js';

/**
 * Runs per property: fast-check's own default of 100 unless given, which with its bias towards
 * small and boundary values reaches the edge cases early; PROPERTY_RUNS raises it for a longer
 * search (e.g. PROPERTY_RUNS=5000 npm test).
 */
export function runs(fallback = 100): number {
  const value = Number(process.env.PROPERTY_RUNS);
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
}

const createKeys = productCreateSchema.describe().keys as Record<keyof ProductFields, { flags?: { presence?: string } }>;
/** Every field, in the schema's order. */
export const FIELDS = Object.keys(createKeys) as (keyof ProductFields)[];
/** The fields a create must have. */
export const REQUIRED_FIELDS = FIELDS.filter((field) => createKeys[field].flags?.presence === 'required');

/** What a create stores for a field it leaves out that has a column default; any other reads back null. */
const DEFAULTS: Partial<ProductFields> = {};

/** The fields of a create as the service stores and answers them. */
export const stored = (input: ProductFields) =>
  ({ ...Object.fromEntries(FIELDS.map((field) => [field, null])), ...DEFAULTS, ...input }) as Required<ProductFields>;

/** A valid create with only the fields it must have. */
export const exampleCreate: ProductFields = { name: 'Widget', price: 19.99, quantity: 3 };

/** One part of every field's entry in field-data.ts, by field name. */
export const eachField = <Part extends keyof FieldData<unknown>>(part: Part) =>
  Object.fromEntries(Object.entries(FIELD_DATA).map(([field, data]) => [field, data[part]])) as {
    [Field in keyof typeof FIELD_DATA]: (typeof FIELD_DATA)[Field][Part];
  };

/** Each field's valid arbitrary, by name. */
export const fieldValues = eachField('valid');

export const createBody: fc.Arbitrary<ProductFields> = fc.record(fieldValues, { requiredKeys: REQUIRED_FIELDS });

export const updateBody: fc.Arbitrary<Partial<ProductFields>> = fc
  .record(fieldValues, { requiredKeys: [] })
  .filter((update) => Object.keys(update).length > 0);

/** `count` valid creates that can all be stored together (no field is unique). */
export const distinctCreates = (count: number) => fc.array(createBody, { minLength: count, maxLength: count });

/** Values each field must refuse, with a 400 naming it. */
export const invalidField: Record<keyof ProductFields, fc.Arbitrary<unknown>> = eachField('invalid');

/** A create body that must be refused, and the key the refusal names: one field invalid, a required one missing, or an unknown one added. */
export const invalidCreate: fc.Arbitrary<{ body: Record<string, unknown>; key: string }> = fc.oneof(
  fc
    .tuple(createBody, fc.constantFrom(...FIELDS))
    .chain(([body, key]) => invalidField[key].map((value) => ({ body: { ...body, [key]: value }, key }))),
  fc.tuple(createBody, fc.constantFrom(...REQUIRED_FIELDS)).map(([body, key]) => {
    const copy: Record<string, unknown> = { ...body };
    delete copy[key];
    return { body: copy, key };
  }),
  fc
    .tuple(
      createBody,
      fc.oneof(
        fc.constantFrom(
          'id',
          'createdAt',
          'updatedAt',
          '',
          ...FIELDS.map((field) => field.toUpperCase()),
          ...FIELDS.map((field) => `${field} `),
        ),
        fc.string({ minLength: 1, maxLength: 8 }),
      ),
      fc.jsonValue({ maxDepth: 2 }),
    )
    // A "__proto__" inside the value is refused by the body parser first, without naming the key.
    .filter(([, key, value]) => !Object.hasOwn(fieldValues, key) && !JSON.stringify(value).includes('"__proto__"'))
    // Joi calls an empty key "value".
    .map(([body, key, value]) => ({ body: { ...body, [key]: value }, key: key === '' ? 'value' : key })),
);

/** Nested JSON deep enough to hurt a recursive parser or validator, still under the 16 kB limit. */
export const deepJson = fc
  .tuple(fc.integer({ min: 100, max: 5_000 }), fc.constantFrom('[', '{"a":'), fc.boolean())
  .map(([depth, open, inField]) => {
    const close = open === '[' ? ']' : '}';
    const nested = `${open.repeat(depth)}1${close.repeat(depth)}`;
    return inField ? `{"name":${nested},"price":19.99,"quantity":3}` : nested;
  });

/** Request bodies of every kind, as the bytes sent. */
export const anyBody: fc.Arbitrary<string | Buffer> = fc.oneof(
  createBody.map((body) => JSON.stringify(body)),
  invalidCreate.map(({ body }) => JSON.stringify(body)),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.anything({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? 'undefined'),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.uint8Array({ maxLength: 60 }).map((bytes) => Buffer.from(bytes)),
  deepJson,
  fc.constantFrom('', '{', '}', 'null', '[]', '"text"', '1', '{"__proto__":{"a":1}}'),
  // Cut short, and with a key given twice.
  fc.constantFrom('{"name":"Widget","price":19.99,"quantity":3', '{"name":null,"name":"Widget","price":19.99,"quantity":3}'),
);
