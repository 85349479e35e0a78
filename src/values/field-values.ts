import {
  DEFAULT_MIN_LENGTH, DEFAULT_PRECISION, DEFAULT_SCALE, DEFAULT_STRING_LENGTH, decimalBound, INT4_MAX, INT4_MIN, type FieldSpec,
} from '../spec/spec.js';

/** The length bounds a string-valued field enforces; `max` is undefined for `text` without `maxLength`. */
export function lengthBounds(field: FieldSpec): { min: number; max: number | undefined } {
  if (field.type === 'email') return { min: DEFAULT_MIN_LENGTH, max: field.maxLength ?? DEFAULT_STRING_LENGTH };
  if (field.type === 'string' || field.type === 'text') {
    return { min: field.minLength ?? DEFAULT_MIN_LENGTH, max: field.maxLength ?? (field.type === 'string' ? DEFAULT_STRING_LENGTH : undefined) };
  }
  return { min: 0, max: undefined };
}

/** Whether the field accepts the empty text: a minimum length of 0, and a pattern (if any) that matches it. */
export function acceptsEmpty(field: FieldSpec): boolean {
  if (field.type !== 'string' && field.type !== 'text') return false;
  return lengthBounds(field).min === 0 && (field.pattern === undefined || new RegExp(field.pattern).test(''));
}

/** The range a numeric field accepts: its own min/max, else what its column holds exactly. */
export function numberBounds(field: FieldSpec): { min: number; max: number } {
  if (field.type === 'integer') return { min: field.min ?? INT4_MIN, max: field.max ?? INT4_MAX };
  if (field.type === 'decimal') {
    const bound = decimalBound(field.precision ?? DEFAULT_PRECISION, field.scale ?? DEFAULT_SCALE);
    return { min: field.min ?? -bound, max: field.max ?? bound };
  }
  return { min: -Infinity, max: Infinity };
}

/** Decimal places of a finite number as JavaScript prints it: 19.99 -> 2, 0.01 -> 2, 1e-7 -> 7, 5 -> 0. */
export function decimalPlaces(value: number): number {
  const [mantissa = '', exponent = '0'] = value.toExponential().split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(fraction - Number(exponent), 0);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/**
 * Where a date-time could fall outside the years 0001-9999 once in UTC, whatever its hour: year
 * 0000, which the calendar lacks, the first day ahead of UTC and the last day behind it. Outside
 * those years an instant reads back as +010000-... or as a year before 0001.
 */
const OUTSIDE_YEARS = String.raw`0000-|0001-01-01T[^+]*\+(?!00:00)|9999-12-31T[^-]*-(?!00:00)`;
/**
 * A date-time as the service accepts it, and as the document's pattern states it: RFC 3339 with a
 * time zone always (Z, or an offset of up to 23:59 either way), at most milliseconds (more would be
 * cut), in the years 0001-9999 both as written and in UTC.
 */
export const DATETIME = new RegExp(
  String.raw`^(?!${OUTSIDE_YEARS})\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,3})?)?` +
    String.raw`(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$`,
);
/** A UUID as the service takes and answers it: lower-case hex with hyphens, the form PostgreSQL answers. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Enough to refuse a default that is plainly not an address; the service itself validates with Joi's email(). */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

function isRealDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  // setUTCFullYear, not Date.UTC, which reads years 0-99 as 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  // PostgreSQL has no year 0.
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Why `value` breaks the rules of `field`, or undefined when the field accepts it. Checks what
 * the service will check, so a default or an example that passes here passes there.
 *
 *   price (decimal(18,2), min 0.01): 19.99 -> undefined;  1.255 -> "has more than 2 decimals"
 */
export function valueProblem(field: FieldSpec, value: unknown): string | undefined {
  switch (field.type) {
    case 'string':
    case 'text':
    case 'email': {
      if (typeof value !== 'string') return 'must be a string';
      if (value.includes('\u0000')) return 'must not contain NUL characters';
      const { min, max } = lengthBounds(field);
      if (value.length < min) return `must be at least ${min} characters long`;
      if (max !== undefined && value.length > max) return `must be at most ${max} characters long`;
      if (field.type === 'email' && !EMAIL.test(value)) return 'must be an email address';
      if (field.type !== 'email' && field.pattern !== undefined && !new RegExp(field.pattern).test(value)) {
        return `must match the pattern ${field.pattern}`;
      }
      return undefined;
    }
    case 'integer':
    case 'decimal': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
      if (field.type === 'integer' && !Number.isInteger(value)) return 'must be an integer';
      const scale = field.type === 'decimal' ? (field.scale ?? DEFAULT_SCALE) : 0;
      if (field.type === 'decimal' && decimalPlaces(value) > scale) return `has more than ${scale} decimals`;
      const { min, max } = numberBounds(field);
      if (value < min) return `must be at least ${min}`;
      if (value > max) return `must be at most ${max}`;
      return undefined;
    }
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    case 'date':
      return typeof value === 'string' && isRealDate(value) ? undefined : 'must be a date as YYYY-MM-DD';
    case 'datetime':
      return typeof value === 'string' && DATETIME.test(value) && isRealDate(value.slice(0, 10))
        ? undefined
        : 'must be an ISO 8601 date and time with a time zone, e.g. 2026-01-01T12:00:00Z, at most milliseconds, in the years 0001-9999 as written and in UTC';
    case 'uuid':
      return typeof value === 'string' && UUID.test(value) ? undefined : 'must be a UUID';
    case 'enum':
      return typeof value === 'string' && field.values.includes(value) ? undefined : `must be one of ${field.values.join(', ')}`;
  }
}
