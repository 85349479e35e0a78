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
import { keyCallsOf } from './field-views.js';
import { literal } from '../code/code-text.js';
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
  /**
   * The fields as the answers file lists them: always, the standard ones too, so that adding a field is one edit.
   * (An answers file without fields, as earlier versions wrote, means the standard ones.)
   */
  answersFields: string;
  givenMigrations: string | false;
  fields: FieldView[];
  /** The fields the create migration creates: those it was first rendered with. */
  createFields: FieldView[];
  /**
   * The create migration's calls for unique and indexed fields where the table keeps deleted rows or
   * tenants apart (the column calls leave them out then).
   */
  createKeyCalls: string[];
  /** How the first migrations build the table, and their names. */
  migrationLayout: MigrationLayoutView;
  /** The field migrations after the first ones; each renders the `__migration__` templates once. */
  migrations: MigrationView[];
  shape: EntityShape;
  docs: DocsView;
  /** The unique fields and their constraints; empty when none is unique. */
  unique: UniqueView[];
  list: ListView;
  /** http/value-rules.ts's DATE_TIME: the rule the generator checks a datetime default or example by. */
  dateTimePattern: string;
  /** A delete hides the row until it is restored or purged (see Answers.softDelete). */
  softDelete: boolean;
  /** Whether the create migration made the table keep deleted rows: as it was first rendered. */
  createSoftDelete: boolean;
  /** Each tenant's rows apart (see Answers.tenantClaim); false for a single tenant. */
  tenancy: TenancyView | false;
  /** Whether the first migrations keep tenants apart: as they were first rendered. */
  createTenancy: boolean;
  /** Every committed change is published through the outbox (see Answers.events). */
  events: boolean;
  /** The broker they go to; empty without events. */
  eventBroker: string;
  /** Whether the first migrations made the outbox, and the statements of that migration. */
  createEvents: boolean;
  outboxMigration: { up: string[]; down: string[] };
}

/** What the templates print about tenancy. */
export interface TenancyView {
  /** The claim as code (`'org_id'`) and as JSON (`"org_id"`, for the answers file). */
  claim: string;
  claimJson: string;
  /** The row-level security policy of the entity's table. */
  policy: string;
  /** The role the embedded database runs requests as: its user is a superuser, which no policy binds. */
  role: string;
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
  const createKind = { keepsDeleted: createSoftDelete, tenancy: history[0] === undefined ? answers.tenantClaim !== undefined : history[0].tenancy === true };
  const events = answers.events !== undefined;
  const createEvents = history[0] === undefined ? events : history[0].events === true;
  const migrationLayout = migrationLayoutView(answers.migrationLayout ?? NEW_PROJECT_LAYOUT, names);
  return {
    ...names,
    port: answers.port,
    managementPort: answers.managementPort,
    generatorVersion,
    plural: answers.plural !== undefined,
    answersFields: JSON.stringify(specFields.map(canonicalField)),
    givenMigrations:
      history.length === 0
        ? false
        : JSON.stringify(history.map(({ fields, ...migration }) => ({ ...migration, fields: fields.map(canonicalField) })).map(({ name, fields, ...state }) => ({ name, fields, ...state }))),
    fields,
    createFields: fieldViews(createSpec, createKind),
    createKeyCalls: createSpec.flatMap((field) => keyCallsOf(field, columnName(field.name), names.tableName, createKind)),
    migrationLayout,
    migrations: migrationViews(names.tableName, names.labelPlural, history),
    shape: entityShape(fields, names, softDelete),
    docs: docsView(specFields, softDelete),
    unique: uniqueViews(specFields, names.tableName, { keepsDeleted: softDelete, tenancy: answers.tenantClaim !== undefined }),
    list: listView(specFields, history[0]?.fields ?? specFields),
    dateTimePattern: DATETIME.source,
    softDelete,
    createSoftDelete,
    tenancy:
      answers.tenantClaim === undefined
        ? false
        : { claim: literal(answers.tenantClaim), claimJson: JSON.stringify(answers.tenantClaim), policy: `${names.tableName}_by_tenant`, role: `${names.tableName}_tenant` },
    createTenancy: createKind.tenancy,
    events,
    eventBroker: answers.events ?? '',
    createEvents,
    outboxMigration: { up: recordChanges(names.tableName).flat(), down: stopRecordingChanges(names.tableName).flat() },
  };
}
