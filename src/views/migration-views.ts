import { docComment, literal, sqlText } from '../code/code-text.js';
import { columnOf, describeChange, fieldChanges, type Column, type FieldChange } from '../fields/field-changes.js';
import { knexColumn } from './field-views.js';
import type { FieldSpec } from '../fields/field-spec.js';
import type { EntityNames } from '../names/entity-names.js';
import { knexName } from '../names/knex-names.js';
import type { MigrationLayout } from '../answers/migration-layout.js';

/**
 * A migration that changes the table's fields, as its template prints it: `up` and `down` are
 * statements (lines, indented for a function body), each `down` undoing its `up` exactly.
 */
export interface MigrationView {
  /** `002-add-pages-to-books`: the file name without `.ts`, and what knex records. */
  name: string;
  /** `addPagesToBooks`: how index.ts imports it. */
  identifier: string;
  /** The doc comment above `up`. */
  summary: string[];
  up: string[];
  down: string[];
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

/** knex's own names for what `enum()`, `unique()` and `index()` create on a column. */
const checkName = (table: string, column: string) => knexName(table, [column], 'check');
const uniqueName = (table: string, column: string) => knexName(table, [column], 'unique');
const indexName = (table: string, column: string) => knexName(table, [column], 'index');

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
function renameColumn(table: string, column: Column, from: string, to: string): Statement[] {
  const statements = [alterTable(table, `table.renameColumn(${literal(from)}, ${literal(to)});`)];
  const renameConstraint = 'alter table ?? rename constraint ?? to ??';
  if (column.values) statements.push(raw(renameConstraint, [table, checkName(table, from), checkName(table, to)]));
  if (column.unique) statements.push(raw(renameConstraint, [table, uniqueName(table, from), uniqueName(table, to)]));
  if (column.index) statements.push(raw('alter index ?? rename to ??', [indexName(table, from), indexName(table, to)]));
  return statements;
}

/** Brings column `name` from `a` to `b` (names aside): indexes and checks off, the column, then on. */
function alterColumn(table: string, name: string, a: Column, b: Column): Statement[] {
  const column = literal(name);
  const statements: Statement[] = [];
  const valuesChange = JSON.stringify(a.values) !== JSON.stringify(b.values);
  if (a.unique && !b.unique) statements.push(alterTable(table, `table.dropUnique([${column}]);`));
  if (a.index && !b.index) statements.push(alterTable(table, `table.dropIndex([${column}]);`));
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
  if (b.unique && !a.unique) statements.push(alterTable(table, `table.unique([${column}]);`));
  if (b.index && !a.index) statements.push(alterTable(table, `table.index([${column}]);`));
  return statements;
}

/** The statements of `up` and of `down` for one change. */
function changeStatements(table: string, change: FieldChange): { up: Statement[]; down: Statement[] } {
  if (change.kind === 'add') {
    const column = columnOf(change.to);
    return { up: [alterTable(table, knexColumn(change.to))], down: [alterTable(table, `table.dropColumn(${literal(column.name)});`)] };
  }
  if (change.kind === 'drop') {
    const column = columnOf(change.from);
    return { up: [alterTable(table, `table.dropColumn(${literal(column.name)});`)], down: [alterTable(table, knexColumn(change.from))] };
  }
  const from = columnOf(change.from);
  const to = columnOf(change.to);
  const renames = from.name !== to.name;
  return {
    up: [...(renames ? renameColumn(table, from, from.name, to.name) : []), ...alterColumn(table, to.name, from, to)],
    down: [...alterColumn(table, to.name, to, from), ...(renames ? renameColumn(table, from, to.name, from.name) : [])],
  };
}

/** `002-add-pages-to-books` -> `addPagesToBooks`; a name index.ts already uses gets the number too. */
function identifierOf(name: string, taken: Set<string>): string {
  const [number = '', ...words] = name.split('-');
  const identifier = words.join('-').replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
  const unique = taken.has(identifier) ? `${identifier}${number}` : identifier;
  taken.add(unique);
  return unique;
}

/**
 * The view of each migration after the first: the one from field list `i - 1` to field list `i`.
 * `taken` holds the identifiers index.ts already imports (the create migration's).
 */
export function migrationViews(
  table: string,
  labelPlural: string,
  history: readonly { name: string; fields: readonly FieldSpec[] }[],
  taken: Set<string>,
): MigrationView[] {
  return history.slice(1).map((migration, i) => {
    const changes = fieldChanges(history[i]?.fields ?? [], migration.fields);
    const statements = changes.map((change) => changeStatements(table, change));
    const described = changes.map(describeChange).join('; ');
    return {
      name: migration.name,
      identifier: identifierOf(migration.name, taken),
      summary: docComment(`The ${labelPlural}' fields: ${described}.`),
      up: statements.flatMap(({ up }) => up.flat()),
      down: statements.reverse().flatMap(({ down }) => down.flat()),
    };
  });
}

/** A migration every project of a layout starts with: its name and how index.ts imports it. */
export interface InitialMigration {
  name: string;
  identifier: string;
}

/** What the templates print about the project's migration layout (see MIGRATION_LAYOUTS). */
export interface MigrationLayoutView {
  /** As the answers file records it. */
  name: MigrationLayout;
  /** The create migration makes the table whole: its version column and list indexes too. */
  combined: boolean;
  /** The layout's first migrations, in the order knex runs them (by name). */
  initial: InitialMigration[];
  /** The migration that makes the list's `(key, id)` indexes. */
  listIndexMigration: string;
}

/** The view of a layout for this entity. */
export function migrationLayoutView(layout: MigrationLayout, names: EntityNames): MigrationLayoutView {
  const create = { name: `001-create-${names.fileBasePlural}`, identifier: `create${names.classNamePlural}` };
  const serviceTables = [
    { name: '001-store-idempotency-keys', identifier: 'storeIdempotencyKeys' },
    { name: '001-store-rate-limits', identifier: 'storeRateLimits' },
  ];
  if (layout === 'combined') return { name: layout, combined: true, initial: [create, ...serviceTables], listIndexMigration: create.name };
  const index = { name: `001-index-${names.fileBasePlural}-for-lists`, identifier: `index${names.classNamePlural}ForLists` };
  const version = {
    name: `001-version-${names.fileBasePlural}-for-conditional-requests`,
    identifier: `version${names.classNamePlural}ForConditionalRequests`,
  };
  return { name: layout, combined: false, initial: [create, index, ...serviceTables, version], listIndexMigration: index.name };
}
