import { columnName } from '../names/field-name.js';
import { knexName, MAX_IDENTIFIER_BYTES } from '../names/knex-names.js';
import type { FieldSpec } from '../fields/field-spec.js';
import { keyColumns, PLAIN_TABLE, type TableKind } from './table-keys.js';


/** A unique field, as the repository maps its constraint back to it. */
export interface UniqueView {
  name: string;
  /** The constraint knex names for `.unique()` in the migration: `books_isbn_unique`. */
  constraint: string;
}

/**
 * The name PostgreSQL stores for knex's unique constraint on a column (with tenant_id before it
 * where tenants are kept apart): knex joins the table, the columns and `unique` (as its
 * TableCompiler._indexCommand does), and the server cuts it at 63 bytes. Names are ASCII here, so
 * bytes and characters agree.
 *
 *   ('books', 'catalog_id') -> 'books_catalog_id_unique'
 *   ('books', 'catalog_id', tenancy) -> 'books_tenant_id_catalog_id_unique'
 */
export function uniqueConstraintName(tableName: string, column: string, kind: TableKind = PLAIN_TABLE): string {
  const table = tableName.replace(/\.|-/g, '_');
  return knexName(table, keyColumns(column, kind), 'unique').toLowerCase().slice(0, MAX_IDENTIFIER_BYTES);
}

/** The unique fields, in the spec's order; empty when none is unique. */
export function uniqueViews(fields: readonly FieldSpec[], tableName: string, kind: TableKind = PLAIN_TABLE): UniqueView[] {
  return fields
    .filter((field) => field.unique)
    .map((field) => ({ name: field.name, constraint: uniqueConstraintName(tableName, columnName(field.name), kind) }));
}
