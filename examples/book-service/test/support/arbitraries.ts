import fc from 'fast-check';

import { FIELDS, type Field, type Fields, numbered, OWN_KEYS, REQUIRED_FIELDS, RULES, UNIQUE_FIELDS } from './factory.js';
import { invalidValue } from './schema-outside.js';
import { validValue } from './schema-values.js';

/**
 * Runs per property: fast-check's own default of 100 unless given, which with its bias towards
 * small and boundary values reaches the edge cases early; PROPERTY_RUNS raises it for a longer
 * search (e.g. PROPERTY_RUNS=5000 npm test).
 */
export function runs(fallback = 100): number {
  const value = Number(process.env.PROPERTY_RUNS);
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
}

/** Each field's values, as a client may send them: any the rules allow (see schema-values.ts). */
export const fieldValues = Object.fromEntries(FIELDS.map((field) => [field, validValue(RULES[field])])) as Record<
  Field,
  fc.Arbitrary<unknown>
>;

export const createBody = fc.record(fieldValues, { requiredKeys: REQUIRED_FIELDS }) as fc.Arbitrary<Fields>;

export const updateBody = fc.record(fieldValues, { requiredKeys: [] }).filter((update) => Object.keys(update).length > 0) as fc.Arbitrary<
  Partial<Fields>
>;

/**
 * `count` valid creates that can all be stored together: drawn, but each unique field at its
 * numbered value, distinct by construction (a few-valued unique field makes random draws collide).
 */
export const distinctCreates = (count: number) =>
  fc.array(createBody, { minLength: count, maxLength: count }).map((bodies) =>
    bodies.map((body, i) => {
      const own = numbered(i + 1);
      return { ...body, ...Object.fromEntries(UNIQUE_FIELDS.map((field) => [field, own[field]])) } as Fields;
    }),
  );

/** Values each field must refuse, with a 400 naming it (see schema-outside.ts). */
export const invalidField = Object.fromEntries(FIELDS.map((field) => [field, invalidValue(RULES[field])])) as Record<
  Field,
  fc.Arbitrary<unknown>
>;

/** A create body that must be refused, and the key the refusal names: one field invalid, a required one missing, or an unknown one added. */
export const invalidCreate: fc.Arbitrary<{ body: Record<string, unknown>; key: string }> = fc.oneof(
  fc
    .tuple(createBody, fc.constantFrom(...FIELDS))
    .chain(([body, key]) => invalidField[key].map((value) => ({ body: { ...body, [key]: value }, key }))),
  // A required field left out, where there is one.
  ...REQUIRED_FIELDS.map((key) =>
    createBody.map((body) => {
      const copy: Record<string, unknown> = { ...body };
      delete copy[key];
      return { body: copy, key };
    }),
  ),
  fc
    .tuple(
      createBody,
      fc.oneof(
        fc.constantFrom(...OWN_KEYS, '', ...FIELDS.map((field) => field.toUpperCase()), ...FIELDS.map((field) => `${field} `)),
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
    return inField ? JSON.stringify({ ...numbered(), [FIELDS[0]!]: 'NESTED' }).replace('"NESTED"', nested) : nested;
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
  fc.constant(JSON.stringify(numbered()).slice(0, -1)),
  fc.constant(`{"${FIELDS[0]}":null,${JSON.stringify(numbered()).slice(1)}`),
);
