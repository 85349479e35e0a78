import { lengthBounds } from '../fields/types/lengths.js';
import { numberBounds } from '../fields/types/numbers.js';
import { DEFAULT_PRECISION, DEFAULT_SCALE, type FieldSpec } from '../fields/field-spec.js';

/** The rules of one field in words: "1 to 100 characters", "decimal(18,2), 0.01 to 9999999999999.99", ... */
export function fieldRules(field: FieldSpec): string {
  const rules: string[] = [];
  if (field.type === 'string' || field.type === 'text' || field.type === 'email') {
    const { min, max } = lengthBounds(field);
    if (max === undefined) rules.push(min > 0 ? `at least ${min} characters` : 'any length');
    else rules.push(min > 0 ? `${min} to ${max} characters` : `at most ${max} characters`);
    if (min === 0) rules.push('may be empty');
    if (field.type !== 'email' && field.pattern !== undefined) rules.push(`pattern ${field.pattern}`);
  }
  if (field.type === 'decimal') rules.push(`decimal(${field.precision ?? DEFAULT_PRECISION},${field.scale ?? DEFAULT_SCALE})`);
  if (field.type === 'integer' || field.type === 'decimal') {
    const { min, max } = numberBounds(field);
    rules.push(`${min} to ${max}`);
  }
  if (field.type === 'enum') rules.push(`one of ${field.values.join(', ')}`);
  if (field.unique) rules.push('unique');
  if (field.index) rules.push('indexed');
  if (field.default !== undefined) rules.push(`default ${JSON.stringify(field.default)}`);
  return rules.join('; ');
}

/**
 * The fields as a plain-text table, for `--dry-run`:
 *
 *   field        type     required  rules
 *   name         string   yes       1 to 100 characters
 */
export function formatFieldsTable(fields: readonly FieldSpec[]): string {
  const rows = [
    ['field', 'type', 'required', 'rules'],
    ...fields.map((field) => [field.name, field.type, field.required ? 'yes' : 'no', fieldRules(field)]),
  ];
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) => row.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]!) : cell)).join('  ').trimEnd())
    .join('\n');
}
