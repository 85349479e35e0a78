import { literal } from '../code/code-text.js';
import { indexCalls, type TableKind, uniqueCalls } from './table-keys.js';

/** A statement of a migration: `await ...;` over one or more lines, indented for a function body. */
type Statement = string[];

function alterTable(table: string, calls: string[]): Statement {
  return [`  await knex.schema.alterTable(${literal(table)}, (table) => {`, ...calls.map((call) => `    ${call}`), '  });'];
}

const raw = (sql: string, bindings: string[] = []): Statement => [`  await knex.raw(${literal(sql)}${bindings.length > 0 ? `, ${literal(bindings)}` : ''});`];

/** The setting a request's transaction names its tenant in, and the policy test every tenant table uses. */
const TENANT = "nullif(current_setting('app.tenant_id', true), '')";
const DEFAULT_TENANT = `table.string('tenant_id', 255).notNullable().defaultTo(knex.raw(${literal(TENANT)})).alter();`;

/** What a table holds before tenancy turns on: the keys to rebuild with tenant_id leading them. */
export interface TenancyChange {
  table: string;
  /** The row-level security policy, and the role the embedded database's requests take. */
  policy: string;
  role: string;
  /** The columns with a unique constraint, with an index of their own, and with the list's (column, id) index. */
  unique: string[];
  index: string[];
  list: string[];
  keepsDeleted: boolean;
  /** The tenant the rows stored so far go to. */
  existingRows: string;
}

/** Row-level security on `table` by the tenant (and the purge's policy where deleted rows are kept). */
function policies(table: string, policy: string, keepsDeleted: boolean): Statement[] {
  return [
    raw('alter table ?? enable row level security', [table]),
    raw('alter table ?? force row level security', [table]),
    raw(`create policy ?? on ?? using (tenant_id = ${TENANT}) with check (tenant_id = ${TENANT})`, [policy, table]),
    ...(keepsDeleted
      ? [raw("create policy ?? on ?? using (current_setting('app.purge', true) = 'on' and deleted_at is not null) with check (false)", [`${table}_purge`, table])]
      : []),
  ];
}

function noPolicies(table: string, policy: string, keepsDeleted: boolean): Statement[] {
  return [
    ...(keepsDeleted ? [raw('drop policy ?? on ??', [`${table}_purge`, table])] : []),
    raw('drop policy ?? on ??', [policy, table]),
    raw('alter table ?? no force row level security', [table]),
    raw('alter table ?? disable row level security', [table]),
  ];
}

/** The table's keys rebuilt: each unique constraint and index dropped as `from` made it, then made as `to` does. */
function rebuildKeys(change: TenancyChange, from: TableKind, to: TableKind): Statement {
  const { table } = change;
  const lead = (kind: TableKind) => (kind.tenancy ? ['tenant_id'] : []);
  const listIndex = (kind: TableKind, column: string) => `[${[...lead(kind), column, 'id'].map(literal).join(', ')}]`;
  return alterTable(table, [
    ...change.unique.map((column) => uniqueCalls(table, from).drop(column)),
    ...change.index.map((column) => indexCalls(table, from).drop(column)),
    ...change.list.map((column) => `table.dropIndex(${listIndex(from, column)});`),
    ...(from.tenancy ? ["table.dropIndex(['tenant_id', 'id']);"] : []),
    ...(to.tenancy ? ["table.index(['tenant_id', 'id']);"] : []),
    ...change.list.map((column) => `table.index(${listIndex(to, column)});`),
    ...change.index.map((column) => indexCalls(table, to).add(column)),
    ...change.unique.map((column) => uniqueCalls(table, to).add(column)),
  ]);
}

/**
 * Turns tenancy on for a table that holds rows: tenant_id, the stored rows (and stored
 * Idempotency-Keys) given to one tenant, every key rebuilt with tenant_id leading it, and
 * row-level security; the embedded database's role made where the login is a superuser.
 */
export function keepTenantsApart(change: TenancyChange): { up: Statement[]; down: Statement[] } {
  const { table, policy, role, keepsDeleted, existingRows } = change;
  const plain: TableKind = { keepsDeleted, tenancy: false };
  const tenants: TableKind = { keepsDeleted, tenancy: true };
  const up: Statement[] = [];
  for (const each of [table, 'idempotency_keys']) {
    up.push(alterTable(each, ["table.string('tenant_id', 255).nullable();"]));
    up.push(raw('update ?? set tenant_id = ?', [each, existingRows]));
    up.push(alterTable(each, [DEFAULT_TENANT]));
  }
  up.push(rebuildKeys(change, plain, tenants));
  up.push(alterTable('idempotency_keys', ['table.dropPrimary();', "table.primary(['tenant_id', 'key']);"]));
  up.push(...policies(table, policy, keepsDeleted), ...policies('idempotency_keys', 'idempotency_keys_by_tenant', false));
  up.push([
    '  // A superuser (the embedded database\'s only user) is bound by no policy: its requests run as this role.',
    "  const [{ rolsuper }] = (await knex.raw('select rolsuper from pg_roles where rolname = current_user')).rows as [{ rolsuper: boolean }];",
    '  if (rolsuper) {',
    `    await knex.raw(${literal(`do $$ begin if not exists (select from pg_roles where rolname = '${role}') then create role ?? nologin; end if; end $$`)}, ${literal([role])});`,
    `    await knex.raw('grant select, insert, update, delete on ??, idempotency_keys to ??', ${literal([table, role])});`,
    `    await knex.raw('grant usage on sequence ?? to ??', ${literal([`${table}_id_seq`, role])});`,
    '  }',
  ]);
  const down: Statement[] = [
    ...noPolicies('idempotency_keys', 'idempotency_keys_by_tenant', false),
    ...noPolicies(table, policy, keepsDeleted),
    alterTable('idempotency_keys', ['table.dropPrimary();', "table.primary(['key']);"]),
    rebuildKeys(change, tenants, plain),
    alterTable(table, ["table.dropColumn('tenant_id');"]),
    alterTable('idempotency_keys', ["table.dropColumn('tenant_id');"]),
  ];
  return { up, down };
}
