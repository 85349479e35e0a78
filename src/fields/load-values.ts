import { literal, numberLiteral, templateLiteralText } from './code-text.js';
import { numberBounds, valueProblem } from './field-values.js';
import { exampleValue } from './joi-views.js';
import { numberedCode } from './pattern-values.js';
import { DEFAULT_SCALE, type FieldSpec } from './spec.js';

/**
 * A field's value in a load test's request body: an expression of `n`, the request's sequence
 * number (0 up to about a billion), and the same value computed here, to check it against the
 * field's rules before it is printed.
 */
export interface LoadValue {
  name: string;
  /** TypeScript, e.g. `(n % 10) + 1`. */
  expression: string;
}

/** The sequence numbers a load test reaches: a k6 body numbers (vu - 1) * 1_000_000 + iteration. */
const SAMPLE_NUMBERS = [0, 1, 42, 999_999_999];

/** Enough distinct values for a unique field in any run: the samples' largest plus one. */
const UNIQUE_SPAN = 1_000_000_000;

interface Candidate {
  code: string;
  at(n: number): unknown;
}


/** `prefix${n}suffix`, with n padded with zeros to `width` digits when given. */
function numbered(prefix: string, suffix = '', width = 0): Candidate {
  const digits = width > 0 ? `String(n).padStart(${width}, '0')` : 'n';
  return {
    code: prefix === '' && suffix === '' ? (width > 0 ? digits : 'String(n)') : `\`${templateLiteralText(prefix)}\${${digits}}${templateLiteralText(suffix)}\``,
    at: (n) => `${prefix}${String(n).padStart(width, '0')}${suffix}`,
  };
}

const constant = (value: unknown): Candidate => ({
  code: typeof value === 'number' ? numberLiteral(value) : literal(value),
  at: () => value,
});

/** The first candidate whose every sample the field accepts. */
function firstValid(field: FieldSpec, candidates: Candidate[]): Candidate | undefined {
  return candidates.find((candidate) => SAMPLE_NUMBERS.every((n) => valueProblem(field, candidate.at(n)) === undefined));
}

/**
 * Text that changes with n and passes the field's length and pattern: the example with the
 * number after it, or the number alone, zero-padded to the shortest length allowed.
 */
export function numberedText(field: FieldSpec & { type: 'string' | 'text' | 'email' }): Candidate | undefined {
  const example = String(exampleValue(field));
  if (field.type === 'email') {
    const at = example.lastIndexOf('@');
    const [local, domain] = [example.slice(0, at), example.slice(at)];
    return firstValid(field, [numbered(`${local}.`, domain), numbered(local, domain), numbered('', domain)]);
  }
  const stem = example.replace(/\d+$/, '');
  const width = Math.max(field.minLength ?? 0, String(UNIQUE_SPAN).length);
  return firstValid(field, [
    ...(example === '' ? [] : [numbered(`${example} `)]),
    numbered(example),
    numbered(stem),
    numbered('', '', width),
    ...patternCandidates(field, example),
  ]);
}

/**
 * A code with a format counts n in its own characters (see numberedCode); one that holds fewer
 * than UNIQUE_SPAN texts repeats after a hundred million, beyond what a run of 100 users reaches.
 */
function patternCandidates(field: FieldSpec, example: string): Candidate[] {
  if (field.type !== 'string' && field.type !== 'text') return [];
  if (field.pattern === undefined) return [];
  return [UNIQUE_SPAN, UNIQUE_SPAN / 10].flatMap((span) => {
    const code = numberedCode(field, example, span);
    return code === undefined ? [] : [{ code: code.code(span < UNIQUE_SPAN), at: (n: number) => code.at(n) }];
  });
}

/** `(n % span) + low`, or without the parts that do nothing. */
function cycle(span: number, low: number): string {
  const wrapped = span > UNIQUE_SPAN ? 'n' : `n % ${numberLiteral(span)}`;
  if (low === 0) return wrapped;
  const offset = `${low < 0 ? '-' : '+'} ${numberLiteral(Math.abs(low))}`;
  return span > UNIQUE_SPAN ? `n ${offset}` : `(${wrapped}) ${offset}`;
}

function integerValue(field: FieldSpec): Candidate {
  const { min, max } = numberBounds(field);
  const low = Math.min(Math.max(1, min), max);
  const span = field.unique ? max - low + 1 : Math.min(10, max - low + 1);
  return { code: span === 1 ? numberLiteral(low) : cycle(span, low), at: (n) => (span > UNIQUE_SPAN ? n : n % span) + low };
}

/**
 * Multiples of 0.25 (0.5, 1 with fewer decimals): powers of two, so exact as doubles. A unique
 * field steps by its smallest unit instead, as an integer divided by a power of ten, which
 * JSON prints with no more decimals than the column has.
 */
function decimalValue(field: FieldSpec & { type: 'decimal' }): Candidate | undefined {
  const { min, max } = numberBounds(field);
  const scale = field.scale ?? DEFAULT_SCALE;
  if (field.unique) {
    const units = 10 ** scale;
    const low = Math.ceil(Math.max(min, 10 ** -scale) * units);
    const span = Math.floor(max * units) - low + 1;
    if (span < 1) return undefined;
    return { code: `(${cycle(span, low)}) / ${numberLiteral(units)}`, at: (n) => ((span > UNIQUE_SPAN ? n : n % span) + low) / units };
  }
  const step = scale >= 2 ? 0.25 : scale === 1 ? 0.5 : 1;
  const first = Math.ceil(Math.max(min, step) / step);
  const count = Math.min(100, Math.floor(max / step) - first + 1);
  if (count < 1) return undefined;
  return { code: `(${cycle(count, first)}) * ${step}`, at: (n) => ((n % count) + first) * step };
}

const DAY_MS = 86_400_000;

function candidate(field: FieldSpec): Candidate | undefined {
  switch (field.type) {
    case 'string':
    case 'text':
    case 'email':
      return numberedText(field);
    case 'integer':
      return integerValue(field);
    case 'decimal':
      return decimalValue(field);
    case 'boolean':
      return { code: 'n % 2 === 0', at: (n) => n % 2 === 0 };
    case 'date':
      // Four-digit years: from 1970 on, 2,900,000 days end in the year 9909.
      return field.unique
        ? { code: 'new Date((n % 2_900_000) * 86_400_000).toISOString().slice(0, 10)', at: (n) => new Date((n % 2_900_000) * DAY_MS).toISOString().slice(0, 10) }
        : {
            code: 'new Date(Date.UTC(2026, 0, 1) + (n % 365) * 86_400_000).toISOString().slice(0, 10)',
            at: (n) => new Date(Date.UTC(2026, 0, 1) + (n % 365) * DAY_MS).toISOString().slice(0, 10),
          };
    case 'datetime':
      return { code: 'new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString()', at: (n) => new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString() };
    case 'uuid':
      return {
        code: "`00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`",
        at: (n) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`,
      };
    case 'enum':
      return field.values.length === 1
        ? constant(field.values[0])
        : { code: `${literal(field.values)}[n % ${field.values.length}]`, at: (n) => field.values[n % field.values.length] };
  }
}

/**
 * A valid value of every field for request `n` of a load test, varied from request to request;
 * a unique field never repeats within a run (an integer or a date with too few values to go
 * round cycles through all it has). A field whose rules leave no room to vary keeps its example.
 */
export function loadValues(fields: readonly FieldSpec[]): LoadValue[] {
  return fields.map((field) => {
    const valid = firstValid(field, [candidate(field)].filter((c) => c !== undefined));
    return { name: field.name, expression: (valid ?? constant(exampleValue(field))).code };
  });
}
