import { UNIQUE_FIELDS as UNIQUE_CONSTRAINTS } from '../../src/book/book.repository.js';
import { type BookCreate, bookCreateSchema, bookSchema } from '../../src/book/book.schema.js';
import { jsonSchemaOf } from '../../src/openapi/schema.js';
import { numberedValues, type Series } from './schema-numbered.js';
import type { Schema } from './schema-values.js';

// The tests' book data, made from the create schema as the document states it: a field added
// to the schema is sent, checked and changed by every test without another line here.

/** The fields a client sends. */
export type Fields = BookCreate;
export type Field = keyof Fields & string;

const CREATE = jsonSchemaOf(bookCreateSchema) as Schema;
/** Each field's rules, as the document states them. */
export const RULES = CREATE.properties as Record<Field, Schema>;
/** The keys the service sets itself, readOnly in the document: id, version, the times and who wrote it. */
export const OWN_KEYS = Object.entries((jsonSchemaOf(bookSchema) as Schema).properties ?? {})
  .filter(([, rule]) => rule.readOnly)
  .map(([key]) => key);
/** Every field, in the schema's order. */
export const FIELDS = Object.keys(RULES) as Field[];
/** The fields a create must have. */
export const REQUIRED_FIELDS = (CREATE.required ?? []) as Field[];
/** The fields a unique index covers (the repository names their constraints): two rows may not share a value. */
export const UNIQUE_FIELDS = Object.values(UNIQUE_CONSTRAINTS) as Field[];

const SERIES = Object.fromEntries(FIELDS.map((field) => [field, numberedValues(RULES[field])])) as Record<Field, Series>;

/** What a create stores for each field it leaves out: its default (a date-time as answered), or null. */
const ABSENT = Object.fromEntries(FIELDS.map((field) => [field, answered(field, RULES[field].default ?? null)]));

/** A value as the service answers it: a date-time in UTC with milliseconds, anything else as sent. */
export function answered(field: Field, value: unknown): unknown {
  return RULES[field].format === 'date-time' && typeof value === 'string' ? new Date(value).toISOString() : value;
}

/** The fields given, as the service answers them. */
export function answeredFields(given: Partial<Fields>): Partial<Fields> {
  return Object.fromEntries(Object.entries(given).map(([field, value]) => [field, answered(field as Field, value)])) as Partial<Fields>;
}

/** The fields of a create as the service stores and answers them. */
export function stored(input: Partial<Fields>): Required<Fields> {
  return { ...ABSENT, ...answeredFields(input) } as Required<Fields>;
}

/**
 * How many books the tests can store at once: as many as the unique field with the fewest
 * values allows (one that may be null is null beyond its values), and that field.
 */
export const CAPACITY = UNIQUE_FIELDS.filter((field) => !RULES[field].nullable).reduce<{ count: number; field?: Field }>(
  (least, field) => (SERIES[field].count < least.count ? { count: SERIES[field].count, field } : least),
  { count: Number.MAX_SAFE_INTEGER },
);

/** Why a test that needs `count` books at once cannot run, or undefined when it can. */
export function tooFew(count: number): string | undefined {
  return count <= CAPACITY.count ? undefined : `${CAPACITY.field} allows ${CAPACITY.count} distinct values, fewer than ${count} books`;
}

/**
 * A valid create body numbered `n` (from 1), with every field given: each field takes its
 * n-th value, so that books differ, and a unique field's never repeats for n up to CAPACITY.
 */
export function numbered(n = 1, overrides: Record<string, unknown> = {}): Fields {
  const body = Object.fromEntries(FIELDS.map((field) => [field, nthValue(field, n)]));
  return { ...body, ...overrides } as Fields;
}

/** `count` bodies, numbered 1 to `count`. */
export const numberedList = (count: number): Fields[] => Array.from({ length: count }, (_, i) => numbered(i + 1));

function nthValue(field: Field, n: number): unknown {
  const { count, at } = SERIES[field];
  if (!UNIQUE_FIELDS.includes(field)) return at((n - 1) % count);
  if (n <= count) return at(n - 1);
  if (RULES[field].nullable) return null;
  throw new RangeError(`book ${n}: ${tooFew(n)}`);
}

/** The fields an update can give another value: those with more than one. Shared fields first: changing them never conflicts. */
const CHANGEABLE = FIELDS.filter((field) => SERIES[field].count > 1).sort(
  (a, b) => Number(UNIQUE_FIELDS.includes(a)) - Number(UNIQUE_FIELDS.includes(b)),
);

/** Why no update can give a field another value, or undefined when one can: every field has a single value. */
export const NO_CHANGE = CHANGEABLE.length === 0 ? 'no field has a second value' : undefined;

/**
 * A value of `field` that numbered(n) does not have: a shared field's next value, a unique one's
 * from the far end of its values, where no other numbered book has it.
 */
export function changedValue(field: Field, n = 1): unknown {
  const { count, at } = SERIES[field];
  const farEnd = count - n;
  return UNIQUE_FIELDS.includes(field) && farEnd >= n ? at(farEnd) : at(n % count);
}

/** A valid update of one field of numbered(n), what most update tests send: to another value where one exists. */
export function change(n = 1): Partial<Fields> {
  const field = CHANGEABLE[0];
  return (field === undefined ? { [FIELDS[0]!]: nthValue(FIELDS[0]!, n) } : { [field]: changedValue(field, n) }) as Partial<Fields>;
}
