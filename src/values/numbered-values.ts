import { createHash } from 'node:crypto';

import { literal, numberLiteral, sqlText, templateLiteralText } from '../views/code-text.js';
import { numberBounds, valueProblem } from './field-values.js';
import { exampleValue } from '../views/joi-views.js';
import { numberedCode } from './pattern-values.js';
import { DEFAULT_SCALE, type FieldSpec } from '../spec/spec.js';

/**
 * The one model of "a value of this field for number n": the tests' numbered bodies, the k6
 * bodies, the bench's fill and the query-plan fill all pick from these candidates, each printed
 * both as TypeScript and as SQL over `n`, and computed here to check it against the field's rules.
 * Candidates come most readable first; each user keeps the first whose samples pass.
 */
export interface NumberedValue {
  /** TypeScript over `n`, e.g. `` `Widget ${n}` ``; undefined where only SQL can say it. */
  code?: string;
  /** SQL over an integer `n`, e.g. `'Widget ' || n`. */
  sql: string;
  at(n: number): unknown;
  /** How many distinct values the expression takes as n counts up from 0; Infinity when it never repeats. */
  distinct: number;
}

/** Numbers count from 0 to below this (the bench's fill refuses more); values repeat after it. */
export const FILL_SPAN = 100_000_000;

/** The largest n a load test numbers: k6 bodies count (vu - 1) * 1_000_000 + iteration, for up to 1,000 users. */
export const LARGEST_N = 999_999_999;

/** Distinct values a field that is not unique cycles through. */
const VARIETY = 1_000;

/** Spans to try for a unique text field, widest first: a short maxLength holds fewer numbers. */
const UNIQUE_SPANS = [FILL_SPAN, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10];
/** Spans to try for another text field: a narrow pattern such as ^[A-Z]{2}$ holds fewer than VARIETY values. */
const VARIED_SPANS = [VARIETY, 100, 10];

const DAY_MS = 86_400_000;
/** Four-digit years: from 1970 on, 2,900,000 days end in the year 9909. */
const DAYS = 2_900_000;
const NEW_YEAR_2026 = Date.UTC(2026, 0, 1);

/** `n`, or `n % span` where values repeat after `span` (below `unbounded`, spans n never passes); the same in both languages. */
const counted = (span: number, unbounded = FILL_SPAN) => (span >= unbounded ? 'n' : `(n % ${span})`);
const cycle = (span: number, unbounded = FILL_SPAN) => (n: number) => (span >= unbounded ? n : n % span);

/** The candidates for a field, most readable first (see NumberedValue). */
export function numberedCandidates(field: FieldSpec): NumberedValue[] {
  switch (field.type) {
    case 'string':
    case 'text':
    case 'email':
      return (field.unique ? UNIQUE_SPANS : VARIED_SPANS).flatMap((span) => textCandidates(field, span));
    case 'integer':
    case 'decimal':
      return numberCandidates(field);
    case 'boolean':
      return [{ code: 'n % 2 === 0', sql: 'n % 2 = 0', at: (n) => n % 2 === 0, distinct: 2 }];
    case 'date':
      return dateCandidates(field);
    case 'datetime': {
      const example = Date.parse(String(exampleValue(field)));
      return [example, NEW_YEAR_2026].map((start) => {
        const iso = new Date(start).toISOString();
        return {
          code: `new Date(Date.parse(${literal(iso)}) + n * 1000).toISOString()`,
          sql: `timestamptz ${sqlText(iso)} + n * interval '1 second'`,
          at: (n: number) => new Date(start + n * 1000).toISOString(),
          distinct: Infinity,
        };
      });
    }
    case 'uuid':
      return [
        // SQL only: md5 spreads the values over the index as random ones are, for the bench's fill.
        {
          sql: "overlay(overlay(md5(n::text) placing '4' from 13) placing '8' from 17)::uuid",
          at: uuidFromMd5,
          distinct: Infinity,
        },
        {
          code: "`00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`",
          sql: "('00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid",
          at: (n) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`,
          distinct: Infinity,
        },
      ];
    case 'enum':
      return [
        {
          code: field.values.length === 1 ? literal(field.values[0]) : `${literal(field.values)}[n % ${field.values.length}]`,
          sql: field.values.length === 1 ? sqlText(field.values[0]!) : `(array[${field.values.map(sqlText).join(', ')}])[n % ${field.values.length} + 1]`,
          at: (n) => field.values[n % field.values.length],
          distinct: field.values.length,
        },
      ];
  }
}

/** A version 4 UUID made of md5(n), as the SQL above makes it. */
function uuidFromMd5(n: number): string {
  const hex = createHash('md5').update(String(n)).digest('hex');
  const v4 = `${hex.slice(0, 12)}4${hex.slice(13, 16)}8${hex.slice(17)}`;
  return `${v4.slice(0, 8)}-${v4.slice(8, 12)}-${v4.slice(12, 16)}-${v4.slice(16, 20)}-${v4.slice(20)}`;
}

/** `prefix`, n (zero-padded to `width` when given) and `suffix`, repeating after `span`. */
function numbered(prefix: string, suffix: string, span: number, width = 0): NumberedValue {
  const m = counted(span);
  const bare = span >= FILL_SPAN ? 'n' : `n % ${span}`;
  const digits = width > 0 ? `String(${bare}).padStart(${width}, '0')` : bare;
  const sqlDigits = width > 0 ? `lpad(${m}::text, ${width}, '0')` : `${m}::text`;
  const at = cycle(span);
  return {
    code: prefix === '' && suffix === '' ? (width > 0 ? digits : `String(${bare})`) : `\`${templateLiteralText(prefix)}\${${digits}}${templateLiteralText(suffix)}\``,
    sql: [...(prefix === '' ? [] : [sqlText(prefix)]), sqlDigits, ...(suffix === '' ? [] : [sqlText(suffix)])].join(' || '),
    at: (n) => `${prefix}${String(at(n)).padStart(width, '0')}${suffix}`,
    distinct: span,
  };
}

function textCandidates(field: FieldSpec & { type: 'string' | 'text' | 'email' }, span: number): NumberedValue[] {
  const example = String(exampleValue(field));
  if (field.type === 'email') {
    const at = example.lastIndexOf('@');
    const [local, domain] = [example.slice(0, at), example.slice(at)];
    return [numbered(`${local}.`, domain, span), numbered(local, domain, span), numbered('', domain, span)];
  }
  const min = field.minLength ?? 0;
  // A code such as an ISBN: its longest run of digits counts n, zero-padded.
  const run = [...example.matchAll(/\d+/g)].sort((a, b) => b[0].length - a[0].length)[0];
  const inRun = run === undefined ? [] : [numbered(example.slice(0, run.index), example.slice(run.index + run[0].length), span, run[0].length)];
  // A code with a format counts in its pattern's own characters.
  const code = field.pattern === undefined ? undefined : numberedCode(field, example, span);
  const inPattern: NumberedValue[] =
    code === undefined ? [] : [{ code: code.code(span < FILL_SPAN), sql: code.sql(span < FILL_SPAN), at: (n) => code.at(n), distinct: span }];
  return [
    ...(example === '' ? [] : [numbered(`${example} `, '', span)]),
    numbered(example, '', span),
    numbered(example.replace(/\d+$/, ''), '', span),
    ...inRun,
    numbered('', '', span, Math.max(min, String(span - 1).length)),
    numbered('', '', span, Math.max(min, 10)),
    ...inPattern,
  ];
}

/**
 * Whole numbers count from the lowest allowed (1 where allowed) or on from the example; a unique
 * decimal steps by its smallest unit, another cycles through multiples of 0.25 (0.5, 1 with
 * fewer decimals), or of its smallest unit where its range has room for fewer than two of those:
 * exact as doubles, and numeric arithmetic in SQL.
 */
function numberCandidates(field: FieldSpec & { type: 'integer' | 'decimal' }): NumberedValue[] {
  const { min, max } = numberBounds(field);
  const scale = field.type === 'decimal' ? (field.scale ?? DEFAULT_SCALE) : 0;
  const smallest = 10 ** -scale;
  const coarse = counting(field.unique || scale === 0 ? smallest : scale >= 2 ? 0.25 : 0.5, smallest, scale, min, max);
  // decimal(1,1) from 0 has one multiple of 0.5 (0.5) but nine of 0.1.
  const { unit, places, most, lowest } = coarse.most - coarse.lowest < 1 ? counting(smallest, smallest, scale, min, max) : coarse;
  const step = (low: number): NumberedValue | undefined => {
    const span = Math.min(field.unique ? Infinity : VARIETY, most - low + 1);
    if (span < 1) return undefined;
    // Counted on without a modulo only where no load test's n passes the range: a unique
    // decimal(9,0) holds 999,999,999 values, one fewer than the numbers a k6 run reaches.
    const m = counted(span, LARGEST_N + 1);
    const at = cycle(span, LARGEST_N + 1);
    const sum = low === 0 ? m : `${m} + ${low}`;
    return {
      code: unit === 1 ? sum : `(${sum}) ${places > 0 && unit === smallest ? `/ ${numberLiteral(10 ** scale)}` : `* ${unit}`}`,
      sql: unit === 1 ? sum : `(${sum}) * ${unit.toFixed(places)}`,
      at: (n) => (unit === 1 ? at(n) + low : Number(((at(n) + low) * unit).toFixed(places))),
      distinct: span,
    };
  };
  const example = exampleValue(field);
  // On from the example (a whole one: a sum with decimals could carry a double's rounding noise).
  const fromExample = Number.isInteger(example) && field.unique ? step(Math.round((example as number) / unit) + 1) : undefined;
  return [step(lowest), fromExample].filter((candidate) => candidate !== undefined);
}

/** Counting in `unit`: its decimal places, the most units within max, and the lowest (1 unit where allowed, else the nearest bound). */
function counting(unit: number, smallest: number, scale: number, min: number, max: number) {
  const places = unit === smallest ? scale : (String(unit).split('.')[1]?.length ?? 0);
  // Rounded first, so that 0.3 / 0.1 (2.9999999999999996 as doubles) counts 3; then taken back
  // where that rounding went past max (0.999999999999999 / 0.25 would count 4). Capped where a
  // double still counts by one: decimal(16,16) has 10^16 - 1 units, and 10^16 - 1 is 10^16 as a
  // double, so taking one back would change nothing and never end.
  let most = Math.min(Math.floor(Number((max / unit).toFixed(6))), Number.MAX_SAFE_INTEGER);
  while (most > 0 && Number((most * unit).toFixed(places)) > max) most -= 1;
  return { unit, places, most, lowest: Math.min(Math.ceil(Math.max(min, unit) / unit), most) };
}

function dateCandidates(field: FieldSpec): NumberedValue[] {
  const example = String(exampleValue(field));
  const days = (start: number, sign: 1 | -1): NumberedValue => {
    const day = new Date(start).toISOString().slice(0, 10);
    return {
      code: `new Date(Date.parse(${literal(day)}) ${sign > 0 ? '+' : '-'} n * 86_400_000).toISOString().slice(0, 10)`,
      sql: `date ${sqlText(day)} ${sign > 0 ? '+' : '-'} n::int`,
      at: (n) => new Date(start + sign * n * DAY_MS).toISOString().slice(0, 10),
      distinct: Infinity,
    };
  };
  const start = Date.parse(`${example}T00:00:00Z`);
  if (!field.unique) {
    return [
      {
        code: `new Date(Date.UTC(2026, 0, 1) + (n % 365) * 86_400_000).toISOString().slice(0, 10)`,
        sql: `date '2026-01-01' + (n % 365)::int`,
        at: (n) => new Date(NEW_YEAR_2026 + (n % 365) * DAY_MS).toISOString().slice(0, 10),
        distinct: 365,
      },
    ];
  }
  return [
    days(start, 1),
    days(start, -1),
    {
      code: `new Date((n % ${numberLiteral(DAYS)}) * 86_400_000).toISOString().slice(0, 10)`,
      sql: `date '1970-01-01' + (n % ${DAYS})::int`,
      at: (n) => new Date((n % DAYS) * DAY_MS).toISOString().slice(0, 10),
      distinct: DAYS,
    },
  ];
}

/** The first candidate whose value at every sample (and at the last before it repeats) passes the field's rules. */
export function firstValid(field: FieldSpec, candidates: NumberedValue[], samples: readonly number[]): NumberedValue | undefined {
  return candidates.find((candidate) =>
    [...samples, ...(candidate.distinct < Infinity ? [candidate.distinct - 1] : [])].every((n) => valueProblem(field, candidate.at(n)) === undefined),
  );
}
