import { seedValue } from '../values/bench-seed-values.js';
import { columnName } from '../spec/field-name.js';
import type { FieldSpec } from '../spec/spec.js';

/** A column and the SQL of its value in row `n` of a `generate_series(1, count) as n` fill. */
export interface FillColumn {
  column: string;
  sql: string;
}

/**
 * The value of row n: the values the bench's fill and the tests use (see NumberedValue), distinct
 * per row for a unique field, else one of a thousand; every one passes the field's rules.
 */
function value(field: FieldSpec): string {
  return seedValue(field).sql;
}

/**
 * Every column's value in row `n` of a fill by SQL, the table's own timestamps included (at whole
 * milliseconds, as the service writes them). An optional field is empty in every tenth row.
 */
export function fillColumns(fields: readonly FieldSpec[]): FillColumn[] {
  return [
    ...fields.map((field) => ({
      column: columnName(field.name),
      sql: field.required ? value(field) : `case when n % 10 = 0 then null else ${value(field)} end`,
    })),
    { column: 'created_at', sql: "timestamptz '2026-01-01T00:00:00Z' + (n / 3) * interval '1 second'" },
    { column: 'updated_at', sql: "timestamptz '2026-01-01T00:00:00Z' + (n % 5000) * interval '1 millisecond'" },
  ];
}
