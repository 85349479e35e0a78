import { sqlText } from './code-text.js';
import { columnName } from './field-name.js';
import { lengthBounds, numberBounds } from './field-values.js';
import { DEFAULT_SCALE, type FieldSpec } from './spec.js';

/** A column and the SQL of its value in row `n` of a `generate_series(1, count) as n` fill. */
export interface FillColumn {
  column: string;
  sql: string;
}

/** Values spread over this many distinct values, unless the field is unique. */
const SPREAD = 1_000;

/** The value of row n: distinct per row for a unique field, else one of SPREAD; within the column's bounds. */
function value(field: FieldSpec): string {
  const k = field.unique ? 'n' : `(n % ${SPREAD})`;
  switch (field.type) {
    case 'string':
    case 'text': {
      const max = lengthBounds(field).max ?? 64;
      return `left(md5(${k}::text), ${Math.min(max, 32)})`;
    }
    case 'email':
      return `'u' || ${k} || '@example.com'`;
    case 'integer': {
      const { min, max } = numberBounds(field);
      return `least(${min} + ${k}, ${max})`;
    }
    case 'decimal': {
      const { min, max } = numberBounds(field);
      const scale = field.scale ?? DEFAULT_SCALE;
      return `least(${min} + ${k} * ${10 ** -scale}, ${max})`;
    }
    case 'boolean':
      return 'n % 2 = 0';
    case 'date':
      return `date '2000-01-01' + ${k}::int`;
    case 'datetime':
      return `timestamptz '2000-01-01T00:00:00Z' + ${k} * interval '1 minute'`;
    case 'uuid':
      return `md5(${k}::text)::uuid`;
    case 'enum':
      return `(array[${field.values.map(sqlText).join(', ')}])[1 + n % ${field.values.length}]`;
  }
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
