import { literal } from '../code/code-text.js';
import { type TableKind, uniqueCalls } from './table-keys.js';

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
export function keepDeletedRows(table: string, uniqueColumns: readonly string[], kind: TableKind): Statement[] {
  const before = uniqueCalls(table, { ...kind, keepsDeleted: false });
  const after = uniqueCalls(table, { ...kind, keepsDeleted: true });
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
export function removeDeletedRows(table: string, uniqueColumns: readonly string[], kind: TableKind): Statement[] {
  const before = uniqueCalls(table, { ...kind, keepsDeleted: true });
  const after = uniqueCalls(table, { ...kind, keepsDeleted: false });
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
