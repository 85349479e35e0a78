import fc from 'fast-check';

// Values of each kind a field can have, valid and invalid, from which field-data.ts writes each
// field's entry. Every kind is here whatever the fields are today: a field added later, of any
// type, finds what its entry needs.

/** Text the service must store unchanged: any well-formed Unicode without NUL, in UTF-16 length bounds. */
export const storableText = (minLength: number, maxLength: number) =>
  fc
    .string({
      unit: fc.oneof(
        fc.constantFrom('a', 'Z', ' ', '€', '😀', '\u{10FFFF}', "'", '"', '\\'),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
      ),
      minLength,
      maxLength,
    })
    .map((text) => text.replaceAll('\u0000', 'x'))
    .filter((text) => text.length >= minLength && text.length <= maxLength);

/** Days the calendar has, from year 1 to 9999, as YYYY-MM-DD. */
export const calendarDay = fc
  .date({ min: new Date('0001-01-01T00:00:00.000Z'), max: new Date('9999-12-31T00:00:00.000Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

/** Instants from year 1000 to 9999 as the service answers them: ISO 8601 in UTC, with milliseconds. */
export const instant = fc
  .date({ min: new Date('1000-01-01T00:00:00.000Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true })
  .map((date) => date.toISOString());

/** JSON sends NaN and ±Infinity as null, which an optional field accepts: it clears the field. */
export const notNull = (value: unknown) => JSON.stringify(value) !== 'null';

/**
 * The body parser refuses "__proto__" anywhere in a body with its own 400, before any field is
 * checked (a malformed body, tested as such): a wrong-type object here never holds that key.
 */
const objectValue = fc.object({ maxDepth: 2, key: fc.string().filter((key) => key !== '__proto__') });
export const nonString = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  objectValue,
);
export const nonNumber = fc.oneof(
  fc.string({ maxLength: 10 }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  objectValue,
);
export const nonBoolean = fc.oneof(
  fc.constantFrom('true', 'false', 0, 1, ''),
  fc.string({ maxLength: 10 }),
  fc.double(),
  fc.constant(null),
  fc.array(fc.boolean(), { maxLength: 3 }),
  objectValue,
);

/** Refused whatever the length bounds: not a string, NUL or unpaired surrogates, or longer than `maxLength`. */
export const badText = (maxLength?: number) =>
  fc.oneof(
    nonString,
    fc.tuple(fc.string({ maxLength: 5 }), fc.constantFrom('\u0000', '\ud800', '\udfff', '\udc00x\ud83d')).map(([text, bad]) => text + bad),
    ...(maxLength === undefined
      ? []
      : [fc.string({ minLength: maxLength + 1, maxLength: maxLength + 20 }).filter((text) => text.length > maxLength)]),
  );

/** Finite numbers below `min` or above `max`: just outside the bounds and far off. */
export const outside = (min: number, max: number) =>
  fc.oneof(
    fc.double({ max: min, noNaN: true, noDefaultInfinity: true }).filter((value) => value < min),
    fc.double({ min: max, noNaN: true, noDefaultInfinity: true }).filter((value) => value > max),
  );

/** Days the calendar does not have (2026-02-30, year 0), other layouts, and non-strings. */
export const badDate = fc.oneof(
  nonString,
  fc.constantFrom('2026-02-30', '2025-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-1-5', '26-01-31', '2026/01/31'),
  fc.constantFrom('0000-01-01', '31.01.2026', '2026-01-31T00:00:00Z', ' 2026-01-31', '2026-01-31 ', '', 'today'),
  fc
    .tuple(fc.integer({ min: 1000, max: 9999 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 29, max: 31 }))
    .filter(([year, month, day]) => new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day)
    .map(([year, month, day]) => `${year}-${String(month).padStart(2, '0')}-${day}`),
);

/**
 * Times without a zone (the database would read them in its own), impossible days and hours,
 * offsets beyond 23:59, more than milliseconds, year 0 and years beyond four digits, other
 * layouts, and non-strings.
 */
export const badInstant = fc.oneof(
  nonString,
  fc.constantFrom('2026-01-01T12:00:00', '2026-01-01', '2026-02-30T12:00:00Z', '2026-01-01T25:00:00Z', '2026-01-01T12:60:00Z'),
  fc.constantFrom('2026-01-01T12:00:00+24:00', '2026-01-01T12:00:00.0001Z', '0000-01-01T00:00:00Z', '+010000-01-01T00:00:00Z', '-000001-01-01T00:00:00Z'),
  // Instants outside the years 0001-9999 once in UTC, and the first and last days on a clock that could leave them.
  fc.constantFrom('9999-12-31T23:30:00-00:45', '0001-01-01T00:30:00+01:00', '9999-12-31T00:00:00-01:00'),
  fc.constantFrom('2026-01-01 12:00', '1767268800000', '', 'now'),
  instant.map((time) => time.slice(0, -1)),
);

/** Strings that are not a UUID, near misses included, and non-strings. */
export const badUuid = fc.oneof(
  nonString,
  fc.constantFrom(
    '',
    'not-a-uuid',
    '0b5d8f3e-8b2a-4c1e-9f6d-2a7c4e1b9d3',
    'gb5d8f3e-8b2a-4c1e-9f6d-2a7c4e1b9d30',
    '0b5d8f3e-8b2a-4c1e-9f6d_2a7c4e1b9d30',
  ),
  fc.uuid().map((uuid) => uuid.slice(1)),
  fc.string({ maxLength: 20 }),
);

/** Strings that are not an email address, addresses longer than `maxLength`, and non-strings. */
export const badEmail = (maxLength: number) =>
  fc.oneof(
    nonString,
    fc.constantFrom('', 'plainaddress', 'a@b', '@example.com', 'ada@', 'ada@@example.com', 'ada lovelace@example.com', 'ada@example..com'),
    fc.string({ maxLength: 20 }).filter((text) => !text.includes('@')),
    fc.integer({ min: maxLength + 1, max: maxLength + 20 }).map((length) => `${'a'.repeat(Math.max(length - 12, 1))}@example.com`),
  );

/** Strings that are none of `values` (another case, a space, cut short), and non-strings. */
export const notOneOf = (values: readonly string[]) =>
  fc.oneof(
    nonString,
    fc
      .constantFrom('', ...values.flatMap((value) => [value.toUpperCase(), ` ${value}`, `${value} `, value.slice(0, -1)]))
      .filter((text) => !values.includes(text)),
    fc.string({ maxLength: 12 }).filter((text) => !values.includes(text)),
  );
