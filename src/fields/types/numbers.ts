import { columnName } from '../../names/field-name.js';
import { DEFAULT_PRECISION, DEFAULT_SCALE, decimalBound, DOUBLE_DIGITS, INT4_MAX, INT4_MIN, type FieldSpec } from '../field-spec.js';

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

/** Why `value` is not a number the field takes: not a finite number, `digits` has a word on it, or out of range. */
export function numberProblem(field: FieldSpec, value: unknown, digits: (value: number) => string | undefined): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
  const problem = digits(value);
  if (problem !== undefined) return problem;
  const { min, max } = numberBounds(field);
  if (value < min) return `must be at least ${min}`;
  if (value > max) return `must be at most ${max}`;
  return undefined;
}

/** A number within the field's range, near 1. */
export function numberExample(field: FieldSpec): number {
  const { min, max } = numberBounds(field);
  return Math.min(Math.max(1, min), max);
}

/** The schema module's constant for the field's largest value: `MAX_UNIT_PRICE`. */
export const maxConstant = (field: FieldSpec): string => `MAX_${columnName(field.name).toUpperCase()}`;
/** The schema module's constant for a decimal's scale: `UNIT_PRICE_SCALE`. */
export const scaleConstant = (field: FieldSpec): string => `${columnName(field.name).toUpperCase()}_SCALE`;

/** The digits a double keeps exact at this scale: `13 integer digits + 2 decimals`, or below 0.01 where the decimals alone are too many. */
export function exactDigits(scale: number, and: string): string {
  const integerDigits = DOUBLE_DIGITS - scale;
  return integerDigits >= 0 ? `${integerDigits} integer digits${and}${scale} decimals` : `numbers below ${10 ** integerDigits} with ${scale} decimals`;
}
