import { docComment, literal, sqlText } from '../code/code-text.js';
import { columnOf, describeChange, fieldChanges, type Column, type FieldChange } from '../fields/field-changes.js';
import { keyCallsOf, knexColumn } from './field-views.js';
import type { FieldSpec } from '../fields/field-spec.js';
import type { EntityNames } from '../names/entity-names.js';
import { knexName } from '../names/knex-names.js';
import type { MigrationLayout } from '../answers/migration-layout.js';
import type { FieldMigration } from '../answers/answers.js';
import { keepDeletedRows, removeDeletedRows } from './soft-delete-migration.js';
import { keepTenantsApart } from './tenancy-migration.js';
import { recordChanges, stopRecordingChanges } from './events-migration.js';
import { isListKey } from './list-views.js';
import { indexCalls, type KeyCalls, type TableKind, uniqueCalls } from './table-keys.js';

/** The calls of a table's unique constraints and of its fields' own indexes. */
interface Keys {
  unique: KeyCalls;
  index: KeyCalls;
}

/**
 * A migration that changes the table's fields, as its template prints it: `up` and `down` are
 * statements (lines, indented for a function body), each `down` undoing its `up` exactly.
 */
export interface MigrationView {
  /** `002-add-pages-to-books`: the file name without `.ts`, and what knex records. */
  name: string;
  /** The doc comment above `up`. */
  summary: string[];
  up: string[];
  down: string[];
  /** Its `up` or `down` turns soft delete or events off, which refuses while deleted rows or unpublished events exist (with a StartupError). */
  refusesDeletedRows: boolean;
}

/** One statement of a migration: an alterTable block or a raw one. */
type Statement = string[];

/** `await knex.schema.alterTable('books', (table) => { ... });` around the given calls. */
function alterTable(table: string, ...calls: string[]): Statement {
  return [`  await knex.schema.alterTable(${literal(table)}, (table) => {`, ...calls.map((call) => `    ${call}`), '  });'];
}

function raw(sql: string, identifiers: string[]): Statement {
  return [`  await knex.raw(${literal(sql)}, ${literal(identifiers)});`];
}

/** knex's own name for the check constraint `enum()` creates on a column. */
const checkName = (table: string, column: string) => knexName(table, [column], 'check');

/** An enum's check constraint: `format in ('hardcover', 'paperback')`, as a JavaScript string. */
function checkPredicate(column: string, values: readonly string[]): string {
  const sql = `${column} in (${values.map(sqlText).join(', ')})`;
  return `"${sql.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/** The column call that `alter()` brings the column to: type, nullability and default. */
function alterCall(column: Column, name: string, options: string): string {
  const type = /^varchar\((\d+)\)$/.exec(column.type);
  const decimal = /^decimal\((\d+), (\d+)\)$/.exec(column.type);
  const call = type
    ? `table.string(${literal(name)}, ${type[1]})`
    : decimal
      ? `table.decimal(${literal(name)}, ${decimal[1]}, ${decimal[2]})`
      : column.type === 'timestamptz'
        ? `table.timestamp(${literal(name)}, { useTz: true })`
        : `table.${column.type}(${literal(name)})`;
  const calls = [call, column.nullable ? 'nullable()' : 'notNullable()'];
  if (column.default !== undefined) calls.push(`defaultTo(${literal(column.default)})`);
  return `${calls.join('.')}.alter(${options});`;
}

/** Renames a column and the constraints knex named after it, so later migrations find them by name. */
function renameColumn(table: string, column: Column, from: string, to: string, keys: Keys): Statement[] {
  const statements = [alterTable(table, `table.renameColumn(${literal(from)}, ${literal(to)});`)];
  if (column.values) statements.push(raw('alter table ?? rename constraint ?? to ??', [table, checkName(table, from), checkName(table, to)]));
  for (const [has, calls] of [[column.unique, keys.unique], [column.index, keys.index]] as const) {
    if (!has) continue;
    const { sql, identifiers } = calls.rename(from, to);
    statements.push(raw(sql, identifiers));
  }
  return statements;
}

/** Brings column `name` from `a` to `b` (names aside): indexes and checks off, the column, then on. */
function alterColumn(table: string, name: string, a: Column, b: Column, keys: Keys): Statement[] {
  const statements: Statement[] = [];
  const valuesChange = JSON.stringify(a.values) !== JSON.stringify(b.values);
  if (a.unique && !b.unique) statements.push(alterTable(table, keys.unique.drop(name)));
  if (a.index && !b.index) statements.push(alterTable(table, keys.index.drop(name)));
  if (a.values && valuesChange) statements.push(alterTable(table, `table.dropChecks([${literal(checkName(table, name))}]);`));
  const typeChange = a.type !== b.type;
  const nullableChange = a.nullable !== b.nullable;
  if (typeChange || nullableChange || a.default !== b.default) {
    const options = [typeChange ? '' : 'alterType: false', nullableChange ? '' : 'alterNullable: false'].filter(Boolean);
    statements.push(alterTable(table, alterCall(b, name, options.length === 0 ? '' : `{ ${options.join(', ')} }`)));
  }
  if (b.values && valuesChange) {
    statements.push(alterTable(table, `table.check(${checkPredicate(name, b.values)}, {}, ${literal(checkName(table, name))});`));
  }
  if (b.unique && !a.unique) statements.push(alterTable(table, keys.unique.add(name)));
  if (b.index && !a.index) statements.push(alterTable(table, keys.index.add(name)));
  return statements;
}

/** The column calls that add a field: the column, and its unique constraint and index where knexColumn leaves them out. */
function addColumn(table: string, field: FieldSpec, kind: TableKind): string[] {
  const { name } = columnOf(field);
  return [knexColumn(field, name, kind), ...keyCallsOf(field, name, table, kind)];
}

/** The statements of `up` and of `down` for one change, in a table of this kind. */
function changeStatements(table: string, change: FieldChange, kind: TableKind): { up: Statement[]; down: Statement[] } {
  const keys = { unique: uniqueCalls(table, kind), index: indexCalls(table, kind) };
  if (change.kind === 'add') {
    const column = columnOf(change.to);
    return { up: [alterTable(table, ...addColumn(table, change.to, kind))], down: [alterTable(table, `table.dropColumn(${literal(column.name)});`)] };
  }
  if (change.kind === 'drop') {
    const column = columnOf(change.from);
    return { up: [alterTable(table, `table.dropColumn(${literal(column.name)});`)], down: [alterTable(table, ...addColumn(table, change.from, kind))] };
  }
  const from = columnOf(change.from);
  const to = columnOf(change.to);
  const renames = from.name !== to.name;
  return {
    up: [...(renames ? renameColumn(table, from, from.name, to.name, keys) : []), ...alterColumn(table, to.name, from, to, keys)],
    down: [...alterColumn(table, to.name, to, from, keys), ...(renames ? renameColumn(table, from, to.name, from.name, keys) : [])],
  };
}

/** The columns of the unique fields. */
const uniqueColumns = (fields: readonly FieldSpec[]) => fields.filter((field) => field.unique).map((field) => columnOf(field).name);

/**
 * The view of each migration after the first: the one from the table after migration `i - 1` to
 * the table after migration `i`. Soft delete is turned on before the field changes and off after
 * them, so that the changes run in the table that keeps deleted rows.
 */
export function migrationViews(table: string, labelPlural: string, history: readonly FieldMigration[]): MigrationView[] {
  return history.slice(1).map((migration, i) => {
    const before = history[i]!;
    const changes = fieldChanges(before.fields, migration.fields);
    const turnsOn = !before.softDelete && migration.softDelete === true;
    const turnsOff = before.softDelete === true && !migration.softDelete;
    const tenantsApart = !before.tenancy && migration.tenancy === true;
    const kind: TableKind = { keepsDeleted: turnsOn || turnsOff || migration.softDelete === true, tenancy: migration.tenancy === true };
    const statements = changes.map((change) => changeStatements(table, change, kind));
    const up = statements.flatMap(({ up }) => up);
    const down = statements.reverse().flatMap(({ down }) => down);
    // In order: soft delete on, tenancy on, the field changes, soft delete off; `down` the reverse.
    if (tenantsApart) {
      const tenancy = keepTenantsApart({
        table,
        policy: `${table}_by_tenant`,
        role: `${table}_tenant`,
        unique: uniqueColumns(before.fields),
        index: before.fields.filter((field) => field.index).map((field) => columnOf(field).name),
        list: ['created_at', 'updated_at', ...history[0]!.fields.filter(isListKey).map((field) => columnOf(field).name), 'created_by', 'updated_by'],
        keepsDeleted: turnsOn || before.softDelete === true,
        existingRows: migration.existingRowsTenant ?? '',
      });
      up.unshift(...tenancy.up);
      down.push(...tenancy.down);
    }
    if (turnsOn) {
      up.unshift(...keepDeletedRows(table, uniqueColumns(before.fields), { ...kind, tenancy: before.tenancy === true }));
      down.push(...removeDeletedRows(table, uniqueColumns(before.fields), { ...kind, tenancy: before.tenancy === true }));
    }
    if (turnsOff) {
      up.push(...removeDeletedRows(table, uniqueColumns(migration.fields), kind));
      down.unshift(...keepDeletedRows(table, uniqueColumns(migration.fields), kind));
    }
    // The outbox is a table of its own: it comes first and goes last, whatever else changes.
    const publishes = !before.events && migration.events === true;
    const stopsPublishing = before.events === true && !migration.events;
    if (publishes) {
      up.unshift(...recordChanges(table));
      down.push(...stopRecordingChanges(table));
    }
    if (stopsPublishing) {
      up.push(...stopRecordingChanges(table));
      down.unshift(...recordChanges(table));
    }
    const described = [
      ...(publishes ? ['each change is recorded in the outbox, to be published'] : []),
      ...(turnsOn ? ['a delete keeps the row, restorable until purged'] : []),
      ...(tenantsApart ? [`each tenant's rows kept apart, the stored ones given to ${JSON.stringify(migration.existingRowsTenant)}`] : []),
      ...changes.map(describeChange),
      ...(turnsOff ? ['a delete removes the row'] : []),
      ...(stopsPublishing ? ['changes are no longer recorded in the outbox'] : []),
    ];
    return {
      name: migration.name,
      summary: docComment(changes.length === 0 ? `The ${labelPlural}: ${described.join('; ')}.` : `The ${labelPlural}' fields: ${described.join('; ')}.`),
      up: up.flat(),
      down: down.flat(),
      refusesDeletedRows: turnsOn || turnsOff || publishes || stopsPublishing,
    };
  });
}

/** What the templates print about the project's migration layout (see MIGRATION_LAYOUTS). */
export interface MigrationLayoutView {
  /** As the answers file records it. */
  name: MigrationLayout;
  /** The create migration makes the table whole: its version column and list indexes too. */
  combined: boolean;
  /** The migration that makes the list's `(key, id)` indexes. */
  listIndexMigration: string;
}

/** The view of a layout for this entity. */
export function migrationLayoutView(layout: MigrationLayout, names: EntityNames): MigrationLayoutView {
  const combined = layout === 'combined';
  const listIndexMigration = combined ? `001-create-${names.fileBasePlural}` : `001-index-${names.fileBasePlural}-for-lists`;
  return { name: layout, combined, listIndexMigration };
}
