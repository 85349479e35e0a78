import fc from 'fast-check';
import { JS } from 'refa';

// Values an OpenAPI 3.0 schema (dereferenced) allows; schema-outside.ts has those just outside it.
// Written here because the one library that maps JSON Schema to fast-check arbitraries
// (json-schema-fast-check 0.0.6) is built on fast-check 1 and faker 4 and is no longer kept;
// the keywords this service's document uses are few.

export interface Schema {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  minProperties?: number;
  example?: unknown;
  default?: unknown;
  description?: string;
  /** A key the service sets itself: in answers only. */
  readOnly?: boolean;
  'x-scale'?: number;
}

/** Longest text drawn for an unbounded string: long enough to matter, short enough for a request head. */
const LONG_TEXT = 300;
/**
 * Bounds of a date-time drawn here: offsets up to 23:59 either way, as RFC 3339 allows, and
 * instants a day inside the years 0001-9999, so that neither the clock nor UTC leaves them.
 */
const FIRST_INSTANT = Date.UTC(1, 0, 2);
const LAST_INSTANT = Date.UTC(9999, 11, 30);
const MAX_OFFSET_MINUTES = 23 * 60 + 59;

/** Whether the text has from `minLength` to `maxLength` characters, counted as JSON Schema and the service count them (an emoji is one). */
export const fitsLength = (text: string, minLength: number, maxLength = Infinity) => {
  const length = [...text].length;
  return length >= minLength && length <= maxLength;
};

/** No flag: refa's rewrite must read as the pattern does, which Joi tests without flags. */
const NO_FLAGS = { dotAll: false, global: false, hasIndices: false, ignoreCase: false, multiline: false, sticky: false, unicode: false };

/**
 * Text that matches `pattern`, as Joi tests it. fast-check misreads a class range at a class
 * escape (`[\w-.]` is `\w`, `-` and `.` by the web's legacy rules), so such a pattern is drawn
 * from refa's equivalent rewrite (`[\w\-.]`), keeping only what the pattern itself matches.
 */
export function patternText(pattern: string): fc.Arbitrary<string> {
  const regex = new RegExp(pattern);
  try {
    return fc.stringMatching(regex);
  } catch {
    const { expression } = JS.Parser.fromLiteral({ source: pattern, flags: '' }).parse();
    const { source, flags } = JS.toLiteral(expression, { flags: NO_FLAGS });
    return fc.stringMatching(new RegExp(source, flags)).filter((text) => regex.test(text));
  }
}

/** Any text: every plane of Unicode, quotes, backslashes, but no NUL and no lone surrogate (they are invalid). */
export const text = (minLength: number, maxLength: number) =>
  fc
    .string({
      unit: fc.oneof(fc.constantFrom('a', 'Z', ' ', '€', '😀', "'", '"', '\\', '%', ','), fc.string({ unit: 'grapheme', maxLength: 1 })),
      minLength,
      maxLength,
    })
    .filter((value) => fitsLength(value, minLength, maxLength) && !value.includes('\u0000'));

const offset = (minutes: number) => {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `${sign}${String(Math.floor(absolute / 60)).padStart(2, '0')}:${String(absolute % 60).padStart(2, '0')}`;
};

/** A date-time within the bounds, in UTC or with an offset, with or without milliseconds. */
export const validDateTime = fc
  .tuple(
    fc.integer({ min: FIRST_INSTANT, max: LAST_INSTANT }),
    fc.oneof(fc.constant(0), fc.integer({ min: -MAX_OFFSET_MINUTES, max: MAX_OFFSET_MINUTES })),
    fc.boolean(),
  )
  .map(([instant, minutes, millis]) => {
    const local = new Date(instant + minutes * 60_000).toISOString().slice(0, millis ? 23 : 19);
    return local + (minutes === 0 ? 'Z' : offset(minutes));
  });

const validDate = fc.integer({ min: FIRST_INSTANT, max: LAST_INSTANT }).map((instant) => new Date(instant).toISOString().slice(0, 10));

const validString = (schema: Schema): fc.Arbitrary<string> => {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? Math.max(minLength, LONG_TEXT);
  const fits = (value: string) => fitsLength(value, minLength, maxLength);
  if (schema.format === 'date-time') return validDateTime;
  if (schema.format === 'date') return validDate;
  if (schema.pattern !== undefined) return patternText(schema.pattern).filter(fits);
  // A UUID's hex digits are case-insensitive on input (RFC 9562) unless a pattern says otherwise.
  if (schema.format === 'uuid') return fc.uuid().chain((uuid) => fc.constantFrom(uuid, uuid.toUpperCase()));
  if (schema.format === 'email') return fc.emailAddress().filter(fits);
  return text(minLength, Math.min(maxLength, minLength + LONG_TEXT));
};

const validNumber = (schema: Schema): fc.Arbitrary<number> => {
  const min = schema.minimum ?? -1e15;
  const max = schema.maximum ?? 1e15;
  if (schema.type === 'integer')
    return fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) });
  const scale = schema['x-scale'];
  if (scale === undefined) return fc.double({ min, max, noNaN: true });
  // Whole units of the scale: the number a client sends for a decimal.
  const factor = 10 ** scale;
  return fc.integer({ min: Math.ceil(min * factor), max: Math.floor(max * factor) }).map((units) => units / factor);
};

/** Values `schema` allows. */
export function validValue(schema: Schema): fc.Arbitrary<unknown> {
  const value = validNonNull(schema);
  return schema.nullable ? fc.oneof(value, fc.constant(null)) : value;
}

function validNonNull(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.enum !== undefined) return fc.constantFrom(...schema.enum.filter((member) => member !== null));
  switch (schema.type) {
    case 'string':
      return validString(schema);
    case 'integer':
    case 'number':
      return validNumber(schema);
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const options = { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 5, 5) };
      const items = validValue(schema.items ?? {});
      return schema.uniqueItems
        ? fc.uniqueArray(items, { ...options, selector: (item) => JSON.stringify(item) })
        : fc.array(items, options);
    }
    case 'object': {
      const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, property]) => [key, validValue(property)]));
      return fc
        .record(properties, { requiredKeys: schema.required ?? [] })
        .filter((record) => Object.keys(record).length >= (schema.minProperties ?? 0));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
