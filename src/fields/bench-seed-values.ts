import { createHash } from 'node:crypto';

import { sqlText } from './code-text.js';
import { numberBounds, valueProblem } from './field-values.js';
import { exampleValue } from './joi-views.js';
import { numberedCode } from './pattern-values.js';
import { DEFAULT_SCALE, type FieldSpec } from './spec.js';

/**
 * A field's value in row `n` of the benchmark's fill, as SQL over `n` (an integer from
 * generate_series), and the same value computed here, to check it against the field's rules
 * before it is printed.
 */
export interface SeedValue {
  /** SQL, e.g. `'Widget ' || n % 1000`. */
  sql: string;
  at(n: number): unknown;
  /** How many distinct values the expression takes as n counts up from 0; Infinity when it never repeats. */
  distinct: number;
}

/** The fill numbers its rows from 0 to below this; the bench refuses more. */
export const FILL_SPAN = 100_000_000;

/** Row numbers a fill reaches, every digit among them: a pattern that refuses one is found here. */
const SAMPLES = [0, 1, 42, 999, 123_456, 7_890_000, FILL_SPAN - 1];

/** Distinct values a field that is not unique cycles through. */
const VARIETY = 1_000;

/** Digit groups a SQL reader can take in: PostgreSQL 15 reads no underscores in numbers. */
const sqlNumber = (value: number): string => String(value);

/** `n`, or `n % span` when the values must repeat after `span` rows. */
const wrapped = (span: number) => (span >= FILL_SPAN ? 'n' : `n % ${sqlNumber(span)}`);
const cycle = (span: number) => (n: number) => (span >= FILL_SPAN ? n : n % span);

function constant(value: unknown, sql: string): SeedValue {
  return { sql, at: () => value, distinct: 1 };
}

/** The first candidate whose every sample (below its distinct count) the field accepts. */
function firstValid(field: FieldSpec, candidates: SeedValue[]): SeedValue | undefined {
  return candidates.find((candidate) =>
    [...SAMPLES.filter((n) => n < candidate.distinct), Math.min(candidate.distinct, FILL_SPAN) - 1].every(
      (n) => valueProblem(field, candidate.at(n)) === undefined,
    ),
  );
}

/** `prefix || n || suffix`, n zero-padded to `width` digits when given, cycling after `span` rows. */
function numbered(prefix: string, suffix: string, span: number, width = 0): SeedValue {
  const number = span >= FILL_SPAN ? 'n' : `(${wrapped(span)})`;
  const text = width > 0 ? `lpad(${number}::text, ${width}, '0')` : `${number}::text`;
  const parts = [...(prefix === '' ? [] : [sqlText(prefix)]), width > 0 ? text : number, ...(suffix === '' ? [] : [sqlText(suffix)])];
  const at = cycle(span);
  return {
    sql: parts.length === 1 ? text : parts.join(' || '),
    at: (n) => `${prefix}${String(at(n)).padStart(width, '0')}${suffix}`,
    distinct: span,
  };
}

/** Spans to try for a unique text field, widest first: a short maxLength holds fewer numbers. */
const UNIQUE_SPANS = [FILL_SPAN, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10];

function textValue(field: FieldSpec & { type: 'string' | 'text' | 'email' }): SeedValue | undefined {
  const example = String(exampleValue(field));
  const spans = field.unique ? UNIQUE_SPANS : [VARIETY];
  const forms = (span: number): [string, string, number][] => {
    if (field.type === 'email') {
      const at = example.lastIndexOf('@');
      const [local, domain] = [example.slice(0, at), example.slice(at)];
      return [[`${local}.`, domain, 0], [local, domain, 0], ['', domain, 0]];
    }
    const stem = example.replace(/\d+$/, '');
    const digits = String(span - 1).length;
    const min = field.minLength ?? 0;
    return [
      ...(example === '' ? [] : ([[`${example} `, '', 0]] as [string, string, number][])),
      [example, '', 0],
      [stem, '', 0],
      ['', '', Math.max(min, digits)],
      ['', '', Math.max(min, 10)],
    ];
  };
  for (const span of spans) {
    const found = firstValid(field, [...forms(span).map(([prefix, suffix, width]) => numbered(prefix, suffix, span, width)), ...patternSeed(field, example, span)]);
    if (found) return found;
  }
  return undefined;
}

/** A code with a format counts n in its own characters (see numberedCode), the same values the tests and k6 send. */
function patternSeed(field: FieldSpec, example: string, span: number): SeedValue[] {
  const patterned = (field.type === 'string' || field.type === 'text') && field.pattern !== undefined;
  const code = patterned ? numberedCode(field, example, span) : undefined;
  return code === undefined ? [] : [{ sql: code.sql(span < FILL_SPAN), at: (n) => code.at(n), distinct: span }];
}

function integerValue(field: FieldSpec): SeedValue {
  const { min, max } = numberBounds(field);
  const low = Math.min(Math.max(1, min), max);
  const span = Math.min(field.unique ? Infinity : VARIETY, max - low + 1);
  if (span === 1) return constant(low, sqlNumber(low));
  const at = cycle(span);
  return { sql: low === 0 ? wrapped(span) : `${wrapped(span)} + ${sqlNumber(low)}`, at: (n) => at(n) + low, distinct: span };
}

/**
 * A unique decimal steps by its smallest unit; another cycles through multiples of 0.25 (0.5, 1
 * with fewer decimals), as the load test's values do. numeric arithmetic, so exact.
 */
function decimalValue(field: FieldSpec & { type: 'decimal' }): SeedValue | undefined {
  const { min, max } = numberBounds(field);
  const scale = field.scale ?? DEFAULT_SCALE;
  const [unit, first, count] = field.unique
    ? [10 ** -scale, Math.ceil(Math.max(min, 10 ** -scale) * 10 ** scale), Infinity]
    : [scale >= 2 ? 0.25 : scale === 1 ? 0.5 : 1, 0, VARIETY];
  const low = field.unique ? first : Math.ceil(Math.max(min, unit) / unit);
  const span = Math.min(count, Math.floor(Number((max / unit).toFixed(6))) - low + 1);
  if (span < 1) return undefined;
  const at = cycle(span);
  const places = field.unique ? scale : String(unit).split('.')[1]?.length ?? 0;
  return {
    sql: `(${wrapped(span)} + ${sqlNumber(low)}) * ${unit.toFixed(places)}`,
    at: (n) => Number(((at(n) + low) * unit).toFixed(places)),
    distinct: span,
  };
}

const DAY_MS = 86_400_000;
/** Four-digit years: from 1970 on, 2,900,000 days end in the year 9909. */
const DAYS = 2_900_000;
const NEW_YEAR_2026 = Date.UTC(2026, 0, 1);

/** A version 4 UUID made of md5(n): spread over the index as random ones are. */
function uuidAt(n: number): string {
  const hex = createHash('md5').update(String(n)).digest('hex');
  const v4 = `${hex.slice(0, 12)}4${hex.slice(13, 16)}8${hex.slice(17)}`;
  return `${v4.slice(0, 8)}-${v4.slice(8, 12)}-${v4.slice(12, 16)}-${v4.slice(16, 20)}-${v4.slice(20)}`;
}

function candidate(field: FieldSpec): SeedValue | undefined {
  switch (field.type) {
    case 'string':
    case 'text':
    case 'email':
      return textValue(field);
    case 'integer':
      return integerValue(field);
    case 'decimal':
      return decimalValue(field);
    case 'boolean':
      return { sql: 'n % 2 = 0', at: (n) => n % 2 === 0, distinct: 2 };
    case 'date':
      return field.unique
        ? { sql: `date '1970-01-01' + ${wrapped(DAYS)}`, at: (n) => new Date((n % DAYS) * DAY_MS).toISOString().slice(0, 10), distinct: DAYS }
        : { sql: `date '2026-01-01' + n % 365`, at: (n) => new Date(NEW_YEAR_2026 + (n % 365) * DAY_MS).toISOString().slice(0, 10), distinct: 365 };
    case 'datetime':
      return {
        sql: `timestamptz '2026-01-01T00:00:00Z' + n * interval '1 second'`,
        at: (n) => new Date(NEW_YEAR_2026 + n * 1000).toISOString(),
        distinct: Infinity,
      };
    case 'uuid':
      return {
        sql: `overlay(overlay(md5(n::text) placing '4' from 13) placing '8' from 17)::uuid`,
        at: uuidAt,
        distinct: Infinity,
      };
    case 'enum':
      return field.values.length === 1
        ? constant(field.values[0], sqlText(field.values[0]!))
        : {
            sql: `(array[${field.values.map(sqlText).join(', ')}])[n % ${field.values.length} + 1]`,
            at: (n) => field.values[n % field.values.length],
            distinct: field.values.length,
          };
  }
}

/** The example as SQL, for a field whose rules leave no room to vary. */
function exampleSql(field: FieldSpec): SeedValue {
  const example = exampleValue(field);
  const cast: Partial<Record<FieldSpec['type'], string>> = { date: '::date', datetime: '::timestamptz', uuid: '::uuid' };
  const sql = typeof example === 'string' ? `${sqlText(example)}${cast[field.type] ?? ''}` : String(example);
  return constant(example, sql);
}

/**
 * A valid value of the field for every row of a fill, varied from row to row; a unique field's
 * distinct for every row up to its `distinct` count. A field whose rules leave no room to vary
 * keeps its example (once only, if it is unique).
 */
export function seedValue(field: FieldSpec): SeedValue {
  const found = candidate(field);
  return (found && firstValid(field, [found])) ?? exampleSql(field);
}
