import fc from 'fast-check';

import { type Schema, text, validDateTime, validValue } from './schema-values.js';

// Values just outside an OpenAPI 3.0 schema (dereferenced): the wrong type, null where it is not
// allowed, and values breaking each of its rules by a little or by far.

/** A day no calendar has: the 30th of February, the 31st of a short month, month 13 or 0, year 0. */
const impossibleDay = fc
  .tuple(
    fc.integer({ min: 0, max: 9999 }),
    fc.constantFrom('02-30', '02-31', '04-31', '06-31', '09-31', '11-31', '13-01', '00-10', '01-00', '01-32'),
  )
  .map(([year, day]) => `${String(year).padStart(4, '0')}-${day}`);

/** Date-times that are no instant the service can store: impossible, out of range or badly written. */
const badDateTimes = fc.oneof(
  fc.constantFrom(
    '2026-02-30T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '0000-01-01T00:00:00Z',
    '0000-00-00T00:00:00Z',
    '10000-01-01T00:00:00Z',
    '+010000-01-01T00:00:00.000Z',
    '-000001-01-01T00:00:00Z',
    '2026-01-01T24:00:01Z',
    '2026-01-01T00:60:00Z',
    '2026-01-01T00:00:00',
    '2026-01-01T00:00Z',
    '2026-01-01 00:00:00Z',
    '2026-01-01T00:00:00+24:00',
    '2026-01-01T00:00:00-00:60',
    '9999-12-31T23:30:00-00:45',
    '9999-12-31T00:00:00-01:00',
    '0001-01-01T00:30:00+01:00',
    '2026-01-01T00:00:00.1234Z',
    '2026-01-01T00:00:00.1234567890Z',
    '2026-12-31T23:59:60Z',
    '1767225600000',
  ),
  // Days the calendar lacks, in any year: JavaScript's Date rolls them over, databases refuse them.
  { arbitrary: fc.tuple(impossibleDay, validDateTime).map(([day, value]) => day + value.slice(10)), weight: 3 },
);

const badDates = fc.oneof(
  { arbitrary: impossibleDay, weight: 3 },
  fc.constantFrom(
    '0000-00-00',
    '2026-02-30',
    '2026-13-01',
    '2026-1-1',
    '10000-01-01',
    '0000-01-01',
    '2026-02-29',
    '2026-01-01T00:00:00Z',
    '20260101',
  ),
);

/** Texts that break a string rule: too short or long, off the pattern or format, or unstorable. */
function badStrings(schema: Schema): fc.Arbitrary<unknown>[] {
  const outside: fc.Arbitrary<unknown>[] = [
    fc.tuple(fc.string({ maxLength: 5 }), fc.constantFrom('\u0000', '\ud800', '\udfff')).map(([start, bad]) => start + bad),
  ];
  const { minLength, maxLength } = schema;
  if (maxLength !== undefined) outside.push(fc.integer({ min: maxLength + 1, max: maxLength + 20 }).map((length) => 'x'.repeat(length)));
  if (minLength !== undefined && minLength > 0) outside.push(fc.constant('x'.repeat(minLength - 1)));
  if (schema.pattern !== undefined) {
    const pattern = new RegExp(schema.pattern);
    outside.push(text(0, 20).filter((value) => !pattern.test(value)));
  }
  if (schema.enum !== undefined) {
    const members = schema.enum.map(String);
    // Near misses: another case, a trailing space, the word null, nothing; never a member itself (X is its own capital).
    const nearMisses = [...members.map((member) => member.toUpperCase()), ...members.map((member) => `${member} `), 'null', ''];
    outside.push(fc.constantFrom(...new Set(nearMisses.filter((text) => !members.includes(text)))));
  }
  // A format's own bad values weigh most: they reach the parsers behind the validation.
  if (schema.format === 'date-time') outside.push(badDateTimes, badDateTimes, badDateTimes);
  if (schema.format === 'date') outside.push(badDates, badDates, badDates);
  if (schema.format === 'uuid')
    outside.push(fc.constantFrom('not-a-uuid', '123e4567-e89b-12d3-a456-42661417400g', '123e4567e89b12d3a456426614174000x'));
  if (schema.format === 'email') outside.push(fc.constantFrom('no-at-sign', 'a@', '@b.c', 'a@b', 'a b@c.d'));
  return outside;
}

/** Numbers that break a number rule: just beyond a bound, far off, a fraction where a whole number or a scale is due. */
function badNumbers(schema: Schema): fc.Arbitrary<unknown>[] {
  const { minimum, maximum, 'x-scale': scale } = schema;
  const step = schema.type === 'integer' ? 1 : 10 ** -(scale ?? 6);
  /** Whether a value has more decimals than the scale allows. */
  const tooFine = (value: number, decimals: number) => {
    const units = value * 10 ** decimals;
    return Math.abs(units - Math.round(units)) > 1e-6;
  };
  // Far off, and a negative fraction: each kept only where it breaks a rule (-0.5 is a fine decimal without a minimum).
  const breaks = (value: number) =>
    (minimum !== undefined && value < minimum) ||
    (maximum !== undefined && value > maximum) ||
    (schema.type === 'integer' && !Number.isInteger(value)) ||
    (scale !== undefined && tooFine(value, scale));
  const farOff = [1e308, -1e308, 1e21, -0.5, 1.2345678901234568e29].filter(breaks);
  const outside: fc.Arbitrary<unknown>[] = farOff.length > 0 ? [fc.constantFrom(...farOff)] : [];
  if (minimum !== undefined)
    outside.push(fc.constantFrom(...[minimum - step, minimum - 1e-9, -minimum - 1, -(2 ** 31) - 1].filter((value) => value < minimum)));
  if (maximum !== undefined)
    outside.push(fc.constantFrom(...[maximum + step, maximum * 10 + 1, 2 ** 31, 2 ** 53 + 2].filter((value) => value > maximum)));
  if (schema.type === 'integer') outside.push(fc.double({ min: -1e6, max: 1e6, noNaN: true }).filter((value) => !Number.isInteger(value)));
  if (scale !== undefined) outside.push(fc.integer({ min: 1, max: 10 ** 6 }).map((units) => (units * 10 + 1) / 10 ** (scale + 1)));
  return outside;
}

const notNullJson = fc.jsonValue({ maxDepth: 1 }).filter((value) => value !== null);

/** Values just outside `schema`: the wrong type, null where it is not allowed, and values breaking each of its rules. */
export function invalidValue(schema: Schema): fc.Arbitrary<unknown> {
  const outside: fc.Arbitrary<unknown>[] = [];
  if (!schema.nullable) outside.push(fc.constant(null));
  const wrongType = {
    string: fc.oneof(fc.integer(), fc.boolean(), fc.array(fc.string(), { maxLength: 2 })),
    integer: fc.oneof(fc.string({ maxLength: 8 }), fc.boolean(), fc.constantFrom('1', '1.0', '', '0x10')),
    number: fc.oneof(fc.string({ maxLength: 8 }), fc.boolean(), fc.constantFrom('1', 'NaN', 'Infinity')),
    boolean: fc.oneof(fc.constantFrom('true', 'false', 0, 1, 'yes', '')),
    array: fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.object({ maxDepth: 1 })),
    object: fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.array(notNullJson, { maxLength: 3 })),
  };
  if (schema.type !== undefined) outside.push(wrongType[schema.type]);
  if (schema.type === 'string') outside.push(...badStrings(schema));
  if (schema.type === 'integer' || schema.type === 'number') outside.push(...badNumbers(schema));
  if (schema.type === 'array') outside.push(...badArrays(schema));
  if (schema.type === 'object') outside.push(...badObjects(schema));
  if (outside.length === 0) outside.push(fc.constant(undefined));
  return fc.oneof(...outside);
}

function badArrays(schema: Schema): fc.Arbitrary<unknown>[] {
  const items = schema.items ?? {};
  const outside: fc.Arbitrary<unknown>[] = [
    fc.tuple(fc.array(validValue(items), { maxLength: 3 }), invalidValue(items)).map(([valid, bad]) => [...valid, bad]),
  ];
  if ((schema.minItems ?? 0) > 0) outside.push(fc.constant([]));
  if (schema.maxItems !== undefined)
    outside.push(validValue(items).map((item) => Array.from({ length: schema.maxItems! + 1 }, () => item)));
  if (schema.uniqueItems) outside.push(validValue(items).map((item) => [item, item]));
  return outside;
}

function badObjects(schema: Schema): fc.Arbitrary<unknown>[] {
  const properties = Object.entries(schema.properties ?? {});
  const valid = validValue(schema) as fc.Arbitrary<Record<string, unknown>>;
  const outside: fc.Arbitrary<unknown>[] = [fc.constant({})];
  if (properties.length > 0) {
    // One property broken, the others valid.
    outside.push(
      fc
        .constantFrom(...properties)
        .chain(([key, property]) => fc.tuple(valid, invalidValue(property)).map(([record, bad]) => ({ ...record, [key]: bad }))),
    );
  }
  for (const key of schema.required ?? []) {
    outside.push(valid.map(({ [key]: _missing, ...rest }) => rest));
  }
  if (schema.additionalProperties === false) {
    const known = new Set(properties.map(([key]) => key));
    const unknownKey = fc.oneof(
      fc.constantFrom('id', 'createdAt', 'version', '', 'constructor'),
      fc.string({ minLength: 1, maxLength: 8 }),
    );
    outside.push(
      fc
        .tuple(
          valid,
          unknownKey.filter((key) => !known.has(key)),
          fc.jsonValue({ maxDepth: 1 }),
        )
        .map(([record, key, value]) => ({ ...record, [key]: value })),
    );
  }
  return outside;
}

/** Mostly valid values, often just outside: what a fuzzer sends. */
export function anyValue(schema: Schema): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: validValue(schema), weight: 3 }, { arbitrary: invalidValue(schema), weight: 1 });
}
