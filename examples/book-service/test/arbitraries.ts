import fc from 'fast-check';

import { MAX_PRICE, MAX_QUANTITY } from '../src/book/book.schema.js';

/**
 * Runs per property: fast-check's own default of 100 unless given, which with its bias towards
 * small and boundary values reaches the edge cases early; PROPERTY_RUNS raises it for a longer
 * search (e.g. PROPERTY_RUNS=5000 npm test).
 */
export function runs(fallback = 100): number {
  const value = Number(process.env.PROPERTY_RUNS);
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
}

const MAX_CENTS = Math.round(MAX_PRICE * 100);

/** Text the service must store unchanged: any well-formed Unicode without NUL, in UTF-16 length bounds. */
export const storableText = (minLength: number, maxLength: number) =>
  fc
    .string({ unit: fc.oneof(fc.constantFrom('a', 'Z', ' ', '€', '😀', '\u{10FFFF}', "'", '"', '\\'), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })), minLength, maxLength })
    .map((text) => text.replaceAll('\u0000', 'x'))
    .filter((text) => text.length >= minLength && text.length <= maxLength);

export const validName = storableText(1, 100);
/** null means none: on create as on update, where it clears the description. */
export const validDescription = fc.oneof(fc.constant(''), fc.constant(null), storableText(1, 500));
/** Prices as whole cents: cents/100 is the double closest to the decimal, exactly what a client sends. */
export const validPrice = fc
  .oneof(fc.integer({ min: 1, max: MAX_CENTS }), fc.constantFrom(1, 99, 100, 1999, MAX_CENTS))
  .map((cents) => cents / 100);
export const validQuantity = fc.oneof(fc.integer({ min: 1, max: MAX_QUANTITY }), fc.constantFrom(1, MAX_QUANTITY));

export interface BookFields {
  name: string;
  description?: string | null;
  price: number;
  quantity: number;
}

export const validCreate: fc.Arbitrary<BookFields> = fc.record(
  { name: validName, description: validDescription, price: validPrice, quantity: validQuantity },
  { requiredKeys: ['name', 'price', 'quantity'] },
);

export const validUpdate: fc.Arbitrary<Partial<BookFields>> = fc
  .record({ name: validName, description: validDescription, price: validPrice, quantity: validQuantity }, { requiredKeys: [] })
  .filter((update) => Object.keys(update).length > 0);

const nonString = fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }), fc.object({ maxDepth: 2 }));
const nonNumber = fc.oneof(fc.string({ maxLength: 10 }), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }), fc.object({ maxDepth: 2 }));
const badText = (maxLength: number) =>
  fc.oneof(
    nonString,
    fc.string({ minLength: maxLength + 1, maxLength: maxLength + 20 }).filter((text) => text.length > maxLength),
    fc.tuple(fc.string({ maxLength: 5 }), fc.constantFrom('\u0000', '\ud800', '\udfff', '\udc00x\ud83d')).map(([text, bad]) => text + bad),
  );

/** Values each field must refuse (with a 400 naming it). */
export const invalidField = {
  name: fc.oneof(fc.constant(''), badText(100)),
  // null clears the description, and JSON sends NaN and ±Infinity as null too: neither is invalid.
  description: badText(500).filter((value) => JSON.stringify(value) !== 'null'),
  price: fc.oneof(
    nonNumber,
    fc.constantFrom(0, -0.01, 0.001, 1.255, 0.005, MAX_PRICE + 0.01, 1e16, 1e308, -1e308, 5e-324, Number.MIN_VALUE, 19.999),
    fc.double({ min: -1e6, max: 0, noNaN: true }),
    fc.integer({ min: 1, max: 1e9 }).filter((n) => n % 10 !== 0).map((n) => n / 1000),
  ),
  quantity: fc.oneof(
    nonNumber,
    fc.constantFrom(0, -1, MAX_QUANTITY + 1, 1.5, 1e20, 2 ** 53, 5e-324),
    fc.integer({ min: 1, max: 1000 }).map((n) => n + 0.25),
  ),
} as const;

/** A create body that must be refused: one field invalid, a required one missing, or an unknown one added. */
export const invalidCreate: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc
    .tuple(validCreate, fc.constantFrom(...(Object.keys(invalidField) as (keyof typeof invalidField)[])))
    .chain(([body, field]) => invalidField[field].map((value) => ({ ...body, [field]: value }))),
  fc.tuple(validCreate, fc.constantFrom('name', 'price', 'quantity')).map(([body, field]) => {
    const copy: Record<string, unknown> = { ...body };
    delete copy[field];
    return copy;
  }),
  fc
    .tuple(validCreate, fc.oneof(fc.constantFrom('id', 'createdAt', 'updatedAt', 'Name', 'price ', ''), fc.string({ minLength: 1, maxLength: 8 })), fc.jsonValue({ maxDepth: 2 }))
    .filter(([, key]) => !['name', 'description', 'price', 'quantity'].includes(key))
    .map(([body, key, value]) => ({ ...body, [key]: value })),
);

/** Nested JSON deep enough to hurt a recursive parser or validator, still under the 16 kB limit. */
export const deepJson = fc
  .tuple(fc.integer({ min: 100, max: 5_000 }), fc.constantFrom('[', '{"a":'), fc.boolean())
  .map(([depth, open, inField]) => {
    const close = open === '[' ? ']' : '}';
    const nested = `${open.repeat(depth)}1${close.repeat(depth)}`;
    return inField ? `{"name":${nested},"price":1,"quantity":1}` : nested;
  });

/** Request bodies of every kind, as the bytes sent. */
export const anyBody: fc.Arbitrary<string | Buffer> = fc.oneof(
  validCreate.map((body) => JSON.stringify(body)),
  invalidCreate.map((body) => JSON.stringify(body)),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.anything({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? 'undefined'),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.uint8Array({ maxLength: 60 }).map((bytes) => Buffer.from(bytes)),
  deepJson,
  fc.constantFrom('', '{', '}', 'null', '[]', '"text"', '1', '{"name":"a","price":1,"quantity":1', '{"__proto__":{"a":1}}', '{"name":"a","name":"b","price":1,"quantity":1}'),
);
