import type { FieldSpec } from '../fields/field-spec.js';
import { fieldType } from '../fields/types/field-types.js';

/** The rules of one field in words: "1 to 100 characters", "decimal(18,2), 0.01 to 9999999999999.99", ... */
export function fieldRules(field: FieldSpec): string {
  const rules = [...fieldType(field).tableRules(field)];
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
