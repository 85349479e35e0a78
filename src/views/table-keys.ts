import { literal } from '../code/code-text.js';
import { knexName } from '../names/knex-names.js';

/** What a table is beside its fields: whether it keeps deleted rows (soft delete), and each tenant's rows apart. */
export interface TableKind {
  keepsDeleted: boolean;
  tenancy: boolean;
}

export const PLAIN_TABLE: TableKind = { keepsDeleted: false, tenancy: false };

/**
 * How a migration keeps a unique field unique, or indexes an indexed one. Where tenants are kept
 * apart, a value is unique within its tenant, and every index leads with tenant_id: a tenant's
 * rows are one stretch of it. A table that keeps deleted rows (soft delete) holds a value unique
 * among the live rows only, so a deleted row frees it at once: a unique index `WHERE deleted_at IS
 * NULL` under the name knex gives the constraint, which the repository maps back to the field (a
 * violation of either names it in PostgreSQL's error).
 */
export interface KeyCalls {
  /** The call inside an alterTable or createTable block that makes the field's value unique. */
  add(column: string): string;
  /** The call that undoes add(). */
  drop(column: string): string;
  /** The raw statement renaming it beside a renamed column: its SQL and identifiers. */
  rename(from: string, to: string): { sql: string; identifiers: string[] };
}

/** The columns an index or constraint on `column` covers in a table of this kind. */
export const keyColumns = (column: string, kind: TableKind) => (kind.tenancy ? ['tenant_id', column] : [column]);

const columnList = (columns: string[]) => `[${columns.map(literal).join(', ')}]`;

/** The unique calls of `table`, as it keeps deleted rows and tenants apart or not. */
export function uniqueCalls(table: string, kind: TableKind): KeyCalls {
  const name = (column: string) => knexName(table, keyColumns(column, kind), 'unique');
  const columns = (column: string) => columnList(keyColumns(column, kind));
  if (!kind.keepsDeleted) {
    return {
      add: (column) => `table.unique(${columns(column)});`,
      drop: (column) => `table.dropUnique(${columns(column)});`,
      rename: (from, to) => ({ sql: 'alter table ?? rename constraint ?? to ??', identifiers: [table, name(from), name(to)] }),
    };
  }
  return {
    add: (column) => `table.unique(${columns(column)}, { indexName: ${literal(name(column))}, predicate: knex.whereNull('deleted_at') });`,
    drop: (column) => `table.dropIndex(${columns(column)}, ${literal(name(column))});`,
    rename: (from, to) => ({ sql: 'alter index ?? rename to ??', identifiers: [name(from), name(to)] }),
  };
}

/** The calls of an indexed field's own index (`"index": true`) in `table`. */
export function indexCalls(table: string, kind: TableKind): KeyCalls {
  const name = (column: string) => knexName(table, keyColumns(column, kind), 'index');
  const columns = (column: string) => columnList(keyColumns(column, kind));
  return {
    add: (column) => `table.index(${columns(column)});`,
    drop: (column) => `table.dropIndex(${columns(column)});`,
    rename: (from, to) => ({ sql: 'alter index ?? rename to ??', identifiers: [name(from), name(to)] }),
  };
}
