import { FILL_SPAN, seedValue } from '../values/bench-seed-values.js';
import { literal, numberLiteral } from './code-text.js';
import { columnName } from '../spec/field-name.js';
import type { FieldSpec } from '../spec/spec.js';

/** A TypeScript string of SQL: in double quotes when it holds SQL's single quotes. */
const sqlString = (sql: string): string => (sql.includes("'") ? JSON.stringify(sql) : literal(sql));

/** One column of the benchmark's fill: `[column, SQL over n]` as the fill module lists it. */
export interface SeedColumn {
  /** `['isbn', "lpad(n::text, 10, '0')"]` */
  entry: string;
}

/** What the benchmark's fill prints: its columns and how many rows it can add. */
export interface SeedView {
  columns: SeedColumn[];
  /** The most rows a fill adds, as a TypeScript number: `100_000_000`. */
  mostRows: string;
  /** The limit and why, as a TypeScript string: `'at most 100,000,000 rows: rows are numbered from 0 to 99,999,999'`. */
  limit: string;
}

/**
 * The fill of the benchmark's `--rows`: per field a SQL expression of the row number `n` whose
 * every value passes the field's rules, and the number of rows before a unique field runs out
 * of values.
 *
 *   isbn (unique, ^[0-9-]{10,17}$) -> ['isbn', "lpad(n::text, 10, '0')"]; at most 100,000,000 rows
 *   pages (unique, 1..10,000)      -> ['pages', 'n % 10000 + 1'];        at most 10,000 rows
 */
export function benchSeedView(fields: readonly FieldSpec[]): SeedView {
  const values = fields.map((field) => ({ field, value: seedValue(field) }));
  const limits = values
    .filter(({ field, value }) => field.unique && value.distinct < FILL_SPAN)
    .map(({ field, value }) => ({
      rows: value.distinct,
      reason:
        value.distinct === 1
          ? `${field.name} is unique and no value but its example passes its rules`
          : `${field.name} is unique and the fill makes ${value.distinct.toLocaleString('en-US')} values of it that pass its rules`,
    }));
  const limit = limits.sort((a, b) => a.rows - b.rows)[0] ?? { rows: FILL_SPAN, reason: `rows are numbered from 0 to ${(FILL_SPAN - 1).toLocaleString('en-US')}` };
  return {
    columns: values.map(({ field, value }) => ({ entry: `[${literal(columnName(field.name))}, ${sqlString(value.sql)}]` })),
    mostRows: numberLiteral(limit.rows),
    limit: literal(`at most ${limit.rows.toLocaleString('en-US')} ${limit.rows === 1 ? 'row' : 'rows'}: ${limit.reason}`),
  };
}
