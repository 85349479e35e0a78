import type { Answers } from '../answers/answers.js';
import { entityNames, type EntityNames } from '../names/entity-names.js';
import { canonicalField, DEFAULT_FIELDS } from '../fields/field-spec.js';
import { DATETIME } from '../fields/types/datetime.js';
import { docsView, type DocsView } from './docs-views.js';
import { entityShape, type EntityShape } from './entity-views.js';
import { fieldViews, type FieldView } from './field-views.js';
import { listView, type ListView } from './list-views.js';
import { NEW_PROJECT_LAYOUT } from '../answers/migration-layout.js';
import { migrationLayoutView, migrationViews, type MigrationLayoutView, type MigrationView } from './migration-views.js';
import { uniqueViews, type UniqueView } from './unique-views.js';
import { uniqueCalls } from './soft-delete-migration.js';
import { recordChanges, stopRecordingChanges } from './events-migration.js';
import { columnName } from '../names/field-name.js';

/**
 * Everything a template can print. Handlebars runs in strict mode, so a template that names
 * anything else fails to render; this type is the list a template author reads.
 */
export interface TemplateContext extends EntityNames {
  port: number;
  managementPort: number;
  generatorVersion: string;
  /** The answers file records a plural only when one was given (`--plural`). */
  plural: boolean;
  /** The answers file lists fields only when they were given: no fields means the standard ones, in every version. */
  givenFields: string | false;
  givenMigrations: string | false;
  fields: FieldView[];
  /** The fields the create migration creates: those it was first rendered with. */
  createFields: FieldView[];
  /** Where the create migration keeps deleted rows: the calls that make its unique fields unique among the live rows. */
  createUniqueIndexes: string[];
  /** How the first migrations build the table, and their names. */
  migrationLayout: MigrationLayoutView;
  /** The field migrations after the first ones; each renders the `__migration__` templates once. */
  migrations: MigrationView[];
  shape: EntityShape;
  docs: DocsView;
  /** The unique fields and their constraints; empty when none is unique. */
  unique: UniqueView[];
  list: ListView;
  /** The schema module's DATE_TIME: the rule the generator checks a datetime default or example by. */
  dateTimePattern: string;
  /** A delete hides the row until it is restored or purged (see Answers.softDelete). */
  softDelete: boolean;
  /** Whether the create migration made the table keep deleted rows: as it was first rendered. */
  createSoftDelete: boolean;
  /** Every committed change is published through the outbox (see Answers.events). */
  events: boolean;
  /** The broker they go to; empty without events. */
  eventBroker: string;
  /** Whether the first migrations made the outbox, and the statements of that migration. */
  createEvents: boolean;
  outboxMigration: { up: string[]; down: string[] };
}

/** The context the answers give every template. Pure. */
export function templateContext(answers: Answers, generatorVersion: string): TemplateContext {
  const names = entityNames(answers.entity, answers.plural);
  const specFields = answers.fields ?? DEFAULT_FIELDS;
  const fields = fieldViews(specFields);
  const history = answers.migrations ?? [];
  const softDelete = answers.softDelete === true;
  const createSpec = history[0]?.fields ?? specFields;
  const createSoftDelete = history[0] === undefined ? softDelete : history[0].softDelete === true;
  const events = answers.events !== undefined;
  const createEvents = history[0] === undefined ? events : history[0].events === true;
  const migrationLayout = migrationLayoutView(answers.migrationLayout ?? NEW_PROJECT_LAYOUT, names, createEvents);
  // A field migration may not take the identifiers index.ts gives the first migrations.
  const taken = new Set(migrationLayout.initial.map((migration) => migration.identifier));
  return {
    ...names,
    port: answers.port,
    managementPort: answers.managementPort,
    generatorVersion,
    plural: answers.plural !== undefined,
    givenFields: answers.fields === undefined ? false : JSON.stringify(answers.fields.map(canonicalField)),
    givenMigrations:
      history.length === 0
        ? false
        : JSON.stringify(
            history.map(({ name, fields, softDelete, events }) => ({
              name,
              fields: fields.map(canonicalField),
              ...(softDelete ? { softDelete } : {}),
              ...(events ? { events } : {}),
            })),
          ),
    fields,
    createFields: fieldViews(createSpec, createSoftDelete),
    createUniqueIndexes: createSoftDelete ? createSpec.filter((field) => field.unique).map((field) => uniqueCalls(names.tableName, true).add(columnName(field.name))) : [],
    migrationLayout,
    migrations: migrationViews(names.tableName, names.labelPlural, history, taken),
    shape: entityShape(fields, names, softDelete),
    docs: docsView(specFields, softDelete),
    unique: uniqueViews(specFields, names.tableName),
    list: listView(specFields, history[0]?.fields ?? specFields),
    dateTimePattern: DATETIME.source,
    softDelete,
    createSoftDelete,
    events,
    eventBroker: answers.events ?? '',
    createEvents,
    outboxMigration: { up: recordChanges(names.tableName).flat(), down: stopRecordingChanges(names.tableName).flat() },
  };
}
