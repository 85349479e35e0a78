import { columnName } from '../names/field-name.js';
import { knexName, MAX_IDENTIFIER_BYTES } from '../names/knex-names.js';
import type { FieldSpec } from '../fields/field-spec.js';


/** A unique field, as the repository maps its constraint back to it. */
export interface UniqueView {
  name: string;
  /** The constraint knex names for `.unique()` in the migration: `books_isbn_unique`. */
  constraint: string;
}

/**
 * The name PostgreSQL stores for knex's unique constraint on one column: knex joins the table,
 * the column and `unique` (as its TableCompiler._indexCommand does), and the server cuts it at 63
 * bytes. Names are ASCII here, so bytes and characters agree.
 *
 *   ('books', 'catalog_id') -> 'books_catalog_id_unique'
 */
export function uniqueConstraintName(tableName: string, column: string): string {
  const table = tableName.replace(/\.|-/g, '_');
  return knexName(table, [column], 'unique').toLowerCase().slice(0, MAX_IDENTIFIER_BYTES);
}

/** The unique fields, in the spec's order; empty when none is unique. */
export function uniqueViews(fields: readonly FieldSpec[], tableName: string): UniqueView[] {
  return fields
    .filter((field) => field.unique)
    .map((field) => ({ name: field.name, constraint: uniqueConstraintName(tableName, columnName(field.name)) }));
}
