import fc from 'fast-check';

import { type ProductCreate, productCreateSchema } from '../src/product/product.schema.js';
import { badText, nonNumber, notNull, outside, storableText } from './value-arbitraries.js';

/**
 * Runs per property: fast-check's own default of 100 unless given, which with its bias towards
 * small and boundary values reaches the edge cases early; PROPERTY_RUNS raises it for a longer
 * search (e.g. PROPERTY_RUNS=5000 npm test).
 */
export function runs(fallback = 100): number {
  const value = Number(process.env.PROPERTY_RUNS);
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
}

// Valid values of each field, as a client sends them and reads them back. An optional field's
// may also be null, which means none on create and clears the field on update.
export const validName = storableText(1, 100);
export const validDescription = fc.oneof(fc.constant(''), fc.constant(null), storableText(1, 500));
/** Whole hundredths: hundredths / 100 is the double closest to the decimal, exactly what a client sends. */
export const validPrice = fc.integer({ min: 1, max: 999_999_999_999_999 }).map((hundredths) => hundredths / 100);
export const validQuantity = fc.integer({ min: 1, max: 2_147_483_647 });

/** The fields a client sends, as the schema declares them: a field added there is added here. */
export type ProductFields = ProductCreate;

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

/** Each field's valid arbitrary, by name: the compiler asks for one per field of the schema. */
export const fieldValues = { name: validName, description: validDescription, price: validPrice, quantity: validQuantity } satisfies {
  [Field in keyof ProductFields]-?: fc.Arbitrary<ProductFields[Field]>;
};

export const createBody: fc.Arbitrary<ProductFields> = fc.record(fieldValues, { requiredKeys: REQUIRED_FIELDS });

export const updateBody: fc.Arbitrary<Partial<ProductFields>> = fc
  .record(fieldValues, { requiredKeys: [] })
  .filter((update) => Object.keys(update).length > 0);

/** `count` valid creates that can all be stored together (no field is unique). */
export const distinctCreates = (count: number) => fc.array(createBody, { minLength: count, maxLength: count });

/** Values each field must refuse, with a 400 naming it. */
export const invalidField: Record<keyof ProductFields, fc.Arbitrary<unknown>> = {
  name: fc.oneof(fc.constant(''), badText(100)),
  description: badText(500).filter(notNull),
  price: fc.oneof(
    nonNumber,
    fc.constantFrom(0, 10_000_000_000_000, 0.015),
    outside(0.01, 9_999_999_999_999.99),
    fc
      .integer({ min: 10, max: 1_000_000_010 })
      .filter((thousandths) => thousandths % 10 !== 0)
      .map((thousandths) => thousandths / 1000),
  ),
  quantity: fc.oneof(
    nonNumber,
    fc.constantFrom(0, 2_147_483_648, 1.5),
    outside(1, 2_147_483_647),
    fc.double({ min: 1, max: 2_147_483_647, noNaN: true }).filter((value) => !Number.isInteger(value)),
  ),
};

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
