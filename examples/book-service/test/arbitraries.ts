import fc from 'fast-check';

import { type BookCreate, bookCreateSchema } from '../src/book/book.schema.js';
import { badDate, badText, calendarDay, nonBoolean, nonNumber, notNull, notOneOf, outside, storableText } from './value-arbitraries.js';

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
export const validTitle = storableText(1, 200);
export const validIsbn = fc.stringMatching(/^[0-9-]{10,17}$/).filter((text) => text.length >= 1 && text.length <= 255);
export const validPages = fc.oneof(fc.constant(null), fc.integer({ min: 1, max: 2_147_483_647 }));
/** Whole hundredths: hundredths / 100 is the double closest to the decimal, exactly what a client sends. */
export const validPrice = fc.oneof(
  fc.constant(null),
  fc.integer({ min: 0, max: 9_999_999_999 }).map((hundredths) => hundredths / 100),
);
export const validFormat = fc.oneof(fc.constant(null), fc.constantFrom('hardcover', 'paperback', 'ebook'));
export const validPublished = fc.oneof(fc.constant(null), calendarDay);
export const validAvailable = fc.oneof(fc.constant(null), fc.boolean());

/** The fields a client sends, as the schema declares them: a field added there is added here. */
export type BookFields = BookCreate;

const createKeys = bookCreateSchema.describe().keys as Record<keyof BookFields, { flags?: { presence?: string } }>;
/** Every field, in the schema's order. */
export const FIELDS = Object.keys(createKeys) as (keyof BookFields)[];
/** The fields a create must have. */
export const REQUIRED_FIELDS = FIELDS.filter((field) => createKeys[field].flags?.presence === 'required');
/** The fields a unique index covers: two rows may not share a value of one (null excepted). */
export const UNIQUE_FIELDS: readonly (keyof BookFields)[] = ['isbn'];

/** What a create stores for a field it leaves out that has a column default; any other reads back null. */
const DEFAULTS: Partial<BookFields> = { format: 'paperback', available: true };

/** The fields of a create as the service stores and answers them. */
export const stored = (input: BookFields) =>
  ({ ...Object.fromEntries(FIELDS.map((field) => [field, null])), ...DEFAULTS, ...input }) as Required<BookFields>;

/** A valid create with only the fields it must have. */
export const exampleCreate: BookFields = { title: 'The Pragmatic Programmer', isbn: '978-0-13-595705-9' };

/** Each field's valid arbitrary, by name: the compiler asks for one per field of the schema. */
export const fieldValues = {
  title: validTitle,
  isbn: validIsbn,
  pages: validPages,
  price: validPrice,
  format: validFormat,
  published: validPublished,
  available: validAvailable,
} satisfies { [Field in keyof BookFields]-?: fc.Arbitrary<BookFields[Field]> };

export const createBody: fc.Arbitrary<BookFields> = fc.record(fieldValues, { requiredKeys: REQUIRED_FIELDS });

export const updateBody: fc.Arbitrary<Partial<BookFields>> = fc
  .record(fieldValues, { requiredKeys: [] })
  .filter((update) => Object.keys(update).length > 0);

/** `count` valid creates that can all be stored together: no two give a unique field the same value. */
export const distinctCreates = (count: number) =>
  fc.uniqueArray(createBody, {
    minLength: count,
    maxLength: count,
    comparator: (a, b) => UNIQUE_FIELDS.some((field) => stored(a)[field] != null && stored(a)[field] === stored(b)[field]),
  });

/** Values each field must refuse, with a 400 naming it. */
export const invalidField: Record<keyof BookFields, fc.Arbitrary<unknown>> = {
  title: fc.oneof(fc.constant(''), badText(200)),
  isbn: fc.oneof(
    fc.constant(''),
    badText(255),
    fc.string({ minLength: 1, maxLength: 21 }).filter((text) => !/^[0-9-]{10,17}$/.test(text)),
  ),
  pages: fc
    .oneof(
      nonNumber,
      fc.constantFrom(0, 2_147_483_648, 1.5),
      outside(1, 2_147_483_647),
      fc.double({ min: 1, max: 2_147_483_647, noNaN: true }).filter((value) => !Number.isInteger(value)),
    )
    .filter(notNull),
  price: fc
    .oneof(
      nonNumber,
      fc.constantFrom(-0.01, 100_000_000, 0.005),
      outside(0, 99_999_999.99),
      fc
        .integer({ min: 0, max: 1_000_000_000 })
        .filter((thousandths) => thousandths % 10 !== 0)
        .map((thousandths) => thousandths / 1000),
    )
    .filter(notNull),
  format: notOneOf(['hardcover', 'paperback', 'ebook']).filter(notNull),
  published: badDate.filter(notNull),
  available: nonBoolean.filter(notNull),
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
    return inField ? `{"title":${nested},"isbn":"978-0-13-595705-9"}` : nested;
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
  fc.constantFrom(
    '{"title":"The Pragmatic Programmer","isbn":"978-0-13-595705-9"',
    '{"title":null,"title":"The Pragmatic Programmer","isbn":"978-0-13-595705-9"}',
  ),
);
