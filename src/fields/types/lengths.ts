import { DEFAULT_MIN_LENGTH, DEFAULT_STRING_LENGTH, type FieldSpec } from '../field-spec.js';

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

/** The length rules in short words, for the `--dry-run` fields table: `1 to 100 characters`, `at most 500 characters`, `may be empty`. */
export function lengthWords(field: FieldSpec): string[] {
  const { min, max } = lengthBounds(field);
  const length = max === undefined ? (min > 0 ? `at least ${min} characters` : 'any length') : min > 0 ? `${min} to ${max} characters` : `at most ${max} characters`;
  return min === 0 ? [length, 'may be empty'] : [length];
}

/** Why `value` is not text the field takes: not a string, a NUL, a length outside its bounds, its pattern unmatched. */
export function textProblem(field: FieldSpec, value: unknown): string | undefined {
  if (typeof value !== 'string') return 'must be a string';
  if (value.includes('\u0000')) return 'must not contain NUL characters';
  const { min, max } = lengthBounds(field);
  // In characters, as the service counts them: an emoji is one.
  const length = [...value].length;
  if (length < min) return `must be at least ${min} characters long`;
  if (max !== undefined && length > max) return `must be at most ${max} characters long`;
  if ((field.type === 'string' || field.type === 'text') && field.pattern !== undefined && !new RegExp(field.pattern).test(value)) {
    return `must match the pattern ${field.pattern}`;
  }
  return undefined;
}
