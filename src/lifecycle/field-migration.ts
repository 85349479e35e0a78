import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import { describeChange, destructiveReason, fieldChanges, sameColumns, type FieldChange } from '../fields/field-changes.js';
import { columnName } from '../names/field-name.js';
import { ruleChanges } from '../fields/rule-changes.js';
import { DEFAULT_FIELDS, type FieldSpec } from '../fields/field-spec.js';
import { entityNames } from '../names/entity-names.js';
import type { Answers, FieldMigration } from '../answers/answers.js';
import { LifecycleError, type ProjectRecord } from '../project-files/record.js';

/** The migration `update` adds for a change of the answers file's fields. */
export interface PendingFieldMigration {
  /** `002-add-pages-to-books`. */
  name: string;
  /** In words: `adds pages`, `drops summary (its values are lost)`. */
  changes: string[];
  /** Why some changes may lose data or fail on stored rows; `update` needs --allow-destructive for these. */
  destructive: string[];
}

/** Where the generated project keeps its migrations. */
const MIGRATIONS_DIR = 'src/migrations';

/**
 * The answers `update` renders: the owner's answers, and when their fields differ from the table's
 * (the last recorded list), a new migration recorded with the fields after it. A `renamedFrom` is
 * applied once: it stays in that migration's list (which renders it) and leaves the current fields.
 *
 * `taken` holds migration numbers already used in the project (the owner's own migrations too),
 * so the new one comes after all of them. Pure: the same record gives the same answers.
 */
export function withFieldMigration(record: ProjectRecord, taken: readonly number[] = []): { answers: Answers; migration?: PendingFieldMigration } {
  const { answers } = record;
  const current = answers.fields ?? DEFAULT_FIELDS;
  const history = answers.migrations ?? [];
  // Without a record of what was generated (a project older than the record), the table is what the answers say.
  const generated = record.generated?.answers ?? answers;
  const table = history.at(-1)?.fields ?? (record.generated ? (generated.fields ?? DEFAULT_FIELDS) : current);
  const keptDeleted = (history.at(-1) ?? generated).softDelete === true;
  const keepsDeleted = answers.softDelete === true;
  const last = history.at(-1);
  const tenantsBefore = last ? last.tenancy === true : generated.tenantClaim !== undefined;
  const tenantsApart = tenancyChange(tenantsBefore, answers);
  // A migration records `events: true`; the answers name the broker.
  const recordedChanges = last ? last.events === true : generated.events !== undefined;
  const recordsChanges = answers.events !== undefined;
  const fields = answers.fields?.map(withoutRename);
  // existingRowsTenant is read by the update that turns tenancy on: its migration records it.
  const { existingRowsTenant, ...kept } = answers;
  const settled: Answers = fields === undefined ? kept : { ...kept, fields };
  const sameTable = keptDeleted === keepsDeleted && !tenantsApart && recordedChanges === recordsChanges;
  if (sameColumns(table, current) && sameTable) return { answers: settled };

  let changes: FieldChange[];
  try {
    changes = fieldChanges(table, current);
  } catch (error) {
    throw new LifecycleError(`create-item-service.json: ${(error as Error).message}`);
  }
  const names = entityNames(answers.entity, answers.plural);
  // The create migration keeps the fields it created: an applied migration is never rewritten.
  const create = { name: `001-create-${names.fileBasePlural}`, fields: [...table] };
  const recorded: FieldMigration[] =
    history.length > 0 ? history : [tableState(create, { softDelete: keptDeleted, tenancy: tenantsBefore, events: recordedChanges })];
  // Only the order differs: the table keeps its column order, there is nothing to migrate.
  if (changes.length === 0 && sameTable) return { answers: { ...settled, migrations: recorded } };

  const numbers = [...recorded.map((migration) => Number(migration.name.slice(0, 3))), ...taken];
  const softDeleteChange = keptDeleted === keepsDeleted ? undefined : keepsDeleted ? 'on' : 'off';
  const eventsChange = recordedChanges === recordsChanges ? undefined : recordsChanges ? 'on' : 'off';
  const onlyTenants = tenantsApart && changes.length === 0 && softDeleteChange === undefined && eventsChange === undefined;
  const described = onlyTenants ? `add-tenants-to-${names.fileBasePlural}` : undefined;
  const name = `${String(Math.max(...numbers) + 1).padStart(3, '0')}-${described ?? slug(changes, names.fileBasePlural, tenantsApart ? 'tenants' : softDeleteChange, eventsChange)}`;
  const migration: PendingFieldMigration = {
    name,
    changes: [
      ...(eventsChange === 'on' ? ['records every change in an outbox, which the service publishes (events)'] : []),
      ...(softDeleteChange === 'on' ? ['keeps deleted rows, restorable until purged (soft delete)'] : []),
      ...(tenantsApart ? [`keeps each tenant's rows apart (row-level security); the rows stored so far go to ${JSON.stringify(existingRowsTenant)}; the built-in account then needs its tenant, AUTH_TENANT, in .env`] : []),
      ...changes.map(describeChange),
      ...(softDeleteChange === 'off' ? ['removes deleted rows for good (no soft delete; the migration refuses while deleted rows exist)'] : []),
      ...(eventsChange === 'off' ? ['drops the outbox (no events; the migration refuses while events wait in it)'] : []),
    ],
    destructive: changes.map(destructiveReason).filter((reason) => reason !== undefined),
  };
  // The migration's own list keeps each renamedFrom: it is how that migration is rendered, as a rename.
  const after = tableState(
    { name, fields: [...current] },
    { softDelete: keepsDeleted, tenancy: answers.tenantClaim !== undefined, events: recordsChanges },
    tenantsApart ? existingRowsTenant : undefined,
  );
  return { answers: { ...settled, migrations: [...recorded, after] }, migration };
}

/** A migration's record: its fields, and soft delete, tenancy and events only where on. */
function tableState(
  migration: FieldMigration,
  { softDelete, tenancy, events }: { softDelete: boolean; tenancy: boolean; events: boolean },
  existingRowsTenant?: string,
): FieldMigration {
  return {
    ...migration,
    ...(softDelete ? { softDelete: true } : {}),
    ...(tenancy ? { tenancy: true } : {}),
    ...(existingRowsTenant === undefined ? {} : { existingRowsTenant }),
    ...(events ? { events: true } : {}),
  };
}

/**
 * `add-pages-to-books`, `drop-summary-from-books`, `rename-pages-to-page-count-in-books`; several:
 * `change-books-fields`; soft delete on or off: `add-soft-delete-to-books`, `drop-soft-delete-from-books`;
 * events on or off: `record-changes-of-books`, `stop-recording-changes-of-books`; more than one of these, `change-books`.
 */
function slug(changes: FieldChange[], plural: string, softDelete: 'on' | 'off' | 'tenants' | undefined, events: 'on' | 'off' | undefined): string {
  if (softDelete === 'tenants') return `change-${plural}`;
  if (events !== undefined) {
    if (changes.length > 0 || softDelete !== undefined) return `change-${plural}`;
    return events === 'on' ? `record-changes-of-${plural}` : `stop-recording-changes-of-${plural}`;
  }
  if (softDelete !== undefined) {
    if (changes.length > 0) return `change-${plural}`;
    return softDelete === 'on' ? `add-soft-delete-to-${plural}` : `drop-soft-delete-from-${plural}`;
  }
  const [change] = changes;
  const words = (field: FieldSpec) => columnName(field.name).replaceAll('_', '-');
  if (changes.length > 1 || change === undefined) return `change-${plural}-fields`;
  if (change.kind === 'add') return `add-${words(change.to)}-to-${plural}`;
  if (change.kind === 'drop') return `drop-${words(change.from)}-from-${plural}`;
  const onlyRenamed = sameColumns([{ ...change.from, name: change.to.name }], [change.to]);
  if (onlyRenamed) return `rename-${words(change.from)}-to-${words(change.to)}-in-${plural}`;
  return `change-${words(change.to)}-in-${plural}`;
}

function withoutRename(field: FieldSpec): FieldSpec {
  const { renamedFrom: _, ...rest } = field;
  return rest as FieldSpec;
}

/**
 * The rules, examples and descriptions the owner changed in the answers file since the project was
 * last rendered (see ruleChanges): what `update` will change in the document and the schemas,
 * migration or not. A project without a record of its rendering has none to compare with.
 */
export function fieldRuleChanges(record: ProjectRecord): string[] {
  if (record.generated === undefined) return [];
  return ruleChanges(record.generated.answers.fields ?? DEFAULT_FIELDS, record.answers.fields ?? DEFAULT_FIELDS);
}

/** The numbers of the migrations in the project's src/migrations (`002-add-sku.ts` -> 2), the owner's included. */
export function migrationNumbersOnDisk(dir: string): number[] {
  try {
    return readdirSync(join(dir, MIGRATIONS_DIR))
      .map((file) => /^(\d{3})-.+\.ts$/.exec(file)?.[1])
      .filter((number) => number !== undefined)
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * The one line `update` refuses a destructive field change with. A project whose answers file listed
 * no fields (one made before it always did) has the standard fields: a list holding only new ones drops them.
 */
export function destructiveRefusal(migration: PendingFieldMigration, record: ProjectRecord): string {
  const listedNone = (record.generated?.answers ?? record.answers).fields === undefined && (record.answers.migrations ?? []).length === 0;
  const kept = new Set((record.answers.fields ?? []).map((field) => field.name));
  const hint =
    listedNone && DEFAULT_FIELDS.every((field) => !kept.has(field.name))
      ? `create-item-service.json listed no fields, which means the standard ones (${DEFAULT_FIELDS.map((field) => field.name).join(', ')}): ` +
        'undo the edit and run update once, which writes them into the list, then add yours beside them. '
      : '';
  return (
    `the field change in create-item-service.json may lose data or fail on stored rows: ${migration.destructive.join('; ')}. ${hint}` +
    `Pass --allow-destructive to add ${migration.name} anyway, or make the change in safer steps ` +
    '(e.g. add a field optional with a default, then make it required in a later update)'
  );
}

/**
 * Whether the answers turn tenancy on for a table that had none. Turning it off is refused (a
 * table of several tenants cannot be one again without losing whose each row is), and so is
 * turning it on without the tenant the stored rows go to.
 */
function tenancyChange(before: boolean, answers: Answers): boolean {
  const after = answers.tenantClaim !== undefined;
  if (before && !after) {
    throw new LifecycleError('create-item-service.json: "tenantClaim" was removed, but a table that keeps tenants apart cannot be one tenant\'s again: restore it');
  }
  if (!before && after && answers.existingRowsTenant === undefined) {
    throw new LifecycleError(
      'create-item-service.json: turning tenancy on, the rows stored so far need a tenant: add "existingRowsTenant": "<tenant>", the claim value they belong to',
    );
  }
  return !before && after;
}
