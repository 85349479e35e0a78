import { literal } from '../code/code-text.js';
import { knexName } from '../names/knex-names.js';

/**
 * How a migration keeps a unique field unique. A table that keeps deleted rows (soft delete) holds
 * it unique among the live rows only, so a deleted row frees its value at once: a unique index
 * `WHERE deleted_at IS NULL` under the name knex gives the constraint, which the repository maps
 * back to the field (a violation of either names it in PostgreSQL's error).
 */
export interface UniqueCalls {
  /** The call inside an alterTable or createTable block that makes the field's value unique. */
  add(column: string): string;
  /** The call that undoes add(). */
  drop(column: string): string;
  /** The raw statement renaming it: its SQL and identifiers, beside a renamed column. */
  rename(table: string, from: string, to: string): { sql: string; identifiers: string[] };
}

const uniqueName = (table: string, column: string) => knexName(table, [column], 'unique');

/** The unique calls of `table`, as it keeps deleted rows or not. */
export function uniqueCalls(table: string, keepsDeleted: boolean): UniqueCalls {
  if (!keepsDeleted) {
    return {
      add: (column) => `table.unique([${literal(column)}]);`,
      drop: (column) => `table.dropUnique([${literal(column)}]);`,
      rename: (_, from, to) => ({ sql: 'alter table ?? rename constraint ?? to ??', identifiers: [table, uniqueName(table, from), uniqueName(table, to)] }),
    };
  }
  return {
    add: (column) =>
      `table.unique([${literal(column)}], { indexName: ${literal(uniqueName(table, column))}, predicate: knex.whereNull('deleted_at') });`,
    drop: (column) => `table.dropIndex([${literal(column)}], ${literal(uniqueName(table, column))});`,
    rename: (_, from, to) => ({ sql: 'alter index ?? rename to ??', identifiers: [uniqueName(table, from), uniqueName(table, to)] }),
  };
}

/** The statements of a migration: each one `await ...;` over one or more lines, indented for a function body. */
type Statement = string[];

function alterTable(table: string, calls: string[]): Statement {
  return [`  await knex.schema.alterTable(${literal(table)}, (table) => {`, ...calls.map((call) => `    ${call}`), '  });'];
}

/**
 * Turns soft delete on: the columns that record a delete, an index over the deleted rows (the
 * purge and the oldest deleted row's age read only those), and each unique constraint of
 * `uniqueColumns` made a unique index over the live rows.
 */
export function keepDeletedRows(table: string, uniqueColumns: readonly string[]): Statement[] {
  const before = uniqueCalls(table, false);
  const after = uniqueCalls(table, true);
  const statements = [
    alterTable(table, [
      "table.timestamp('deleted_at', { useTz: true }).nullable();",
      "table.string('deleted_by', 255).nullable();",
      "table.index(['deleted_at'], undefined, { predicate: knex.whereNotNull('deleted_at') });",
    ]),
  ];
  if (uniqueColumns.length > 0) {
    statements.push([
      '  // A deleted row frees its unique values: each becomes unique among the live rows only.',
      ...alterTable(table, uniqueColumns.flatMap((column) => [before.drop(column), after.add(column)])),
    ]);
  }
  return statements;
}

/**
 * Undoes keepDeletedRows(). It refuses while deleted rows exist: dropping them would lose what an
 * owner may still restore, and one may share a unique value with a live row.
 */
export function removeDeletedRows(table: string, uniqueColumns: readonly string[]): Statement[] {
  const before = uniqueCalls(table, true);
  const after = uniqueCalls(table, false);
  const statements: Statement[] = [
    [
      `  const [{ deleted }] = await knex(${literal(table)}).whereNotNull('deleted_at').count({ deleted: '*' });`,
      '  if (Number(deleted) > 0) {',
      `    throw new StartupError(\`${table} holds \${deleted} deleted rows, which a table without soft delete cannot keep: remove them first with npm run db:purge -- --all, then migrate again\`);`,
      '  }',
    ],
  ];
  if (uniqueColumns.length > 0) statements.push(alterTable(table, uniqueColumns.flatMap((column) => [before.drop(column), after.add(column)])));
  statements.push(alterTable(table, ["table.dropColumn('deleted_at');", "table.dropColumn('deleted_by');"]));
  return statements;
}
