import type { FieldSpec } from './field-spec.js';
import { fieldType } from './types/field-types.js';

/**
 * Why `value` breaks the rules of `field`, or undefined when the field accepts it. Checks what
 * the service will check, so a default or an example that passes here passes there.
 *
 *   price (decimal(18,2), min 0.01): 19.99 -> undefined;  1.255 -> "has more than 2 decimals"
 */
export function valueProblem(field: FieldSpec, value: unknown): string | undefined {
  return fieldType(field).valueProblem(field, value);
}

/** A value of the field that passes its rules, for `.example()`: its own example, else its default, else one made up. */
export function exampleValue(field: FieldSpec): unknown {
  if (field.example !== undefined) return field.example;
  if (field.default !== undefined) return field.default;
  return fieldType(field).madeUpExample(field);
}

/** The value a field's example reads back as: datetimes in UTC with milliseconds, uuids in lower case. */
export function storedForm(field: FieldSpec, value: unknown): unknown {
  const { storedForm } = fieldType(field);
  return storedForm !== undefined && typeof value === 'string' ? storedForm(value) : value;
}

/** The field's example as it reads back, so a body built from examples reads back equal. */
export const storedExample = (field: FieldSpec) => storedForm(field, exampleValue(field));

/**
 * A valid value of the field other than its example (as it reads back): what an update that
 * changes the field sends, in the tests and in the document's update example alike. Undefined
 * when the rules leave no other value.
 *
 *   price 19.99 -> 20.99;  quantity 3 -> 4;  format 'paperback' -> 'ebook';  published '2026-01-31' -> '2026-02-01';
 *   name 'Widget' -> 'Widget (updated)';  memberCode 'ABC-1234' (^[A-Z]{3}-[0-9]{4}$) -> 'ABC-1235'
 */
export function changedValue(field: FieldSpec): unknown {
  const example = storedExample(field);
  const candidates = fieldType(field).changeCandidates(field, example);
  return candidates.find((value) => value !== undefined && value !== example && valueProblem(field, value) === undefined);
}
