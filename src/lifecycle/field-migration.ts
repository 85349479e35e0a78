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
  // Without a record of what was generated (a project older than the record), the fields are what the table has.
  const table = history.at(-1)?.fields ?? (record.generated ? (record.generated.answers.fields ?? DEFAULT_FIELDS) : current);
  const fields = answers.fields?.map(withoutRename);
  const settled: Answers = fields === undefined ? answers : { ...answers, fields };
  if (sameColumns(table, current)) return { answers: settled };

  let changes: FieldChange[];
  try {
    changes = fieldChanges(table, current);
  } catch (error) {
    throw new LifecycleError(`create-item-service.json: ${(error as Error).message}`);
  }
  const names = entityNames(answers.entity, answers.plural);
  // The create migration keeps the fields it created: an applied migration is never rewritten.
  const recorded: FieldMigration[] = history.length > 0 ? history : [{ name: `001-create-${names.fileBasePlural}`, fields: [...table] }];
  // Only the order differs: the table keeps its column order, there is nothing to migrate.
  if (changes.length === 0) return { answers: { ...settled, migrations: recorded } };

  const numbers = [...recorded.map((migration) => Number(migration.name.slice(0, 3))), ...taken];
  const name = `${String(Math.max(...numbers) + 1).padStart(3, '0')}-${slug(changes, names.fileBasePlural)}`;
  const migration: PendingFieldMigration = {
    name,
    changes: changes.map(describeChange),
    destructive: changes.map(destructiveReason).filter((reason) => reason !== undefined),
  };
  // The migration's own list keeps each renamedFrom: it is how that migration is rendered, as a rename.
  return { answers: { ...settled, migrations: [...recorded, { name, fields: [...current] }] }, migration };
}

/** `add-pages-to-books`, `drop-summary-from-books`, `rename-pages-to-page-count-in-books`; several: `change-books-fields`. */
function slug(changes: FieldChange[], plural: string): string {
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
