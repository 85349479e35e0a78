import type { FieldSpec } from '../fields/field-spec.js';
import type { MigrationLayout } from './migration-layout.js';

/** What a user chooses; everything else is derived from it. */
export interface Answers {
  entity: string;
  /** The entity's plural, where pluralize reads the name as a plural already (Lens: Lenses). */
  plural?: string;
  port: number;
  managementPort: number;
  /** The entity's fields, already checked (see checkFields); the standard item fields when left out. */
  fields?: FieldSpec[];
  /**
   * Written by `update` once the fields change: each migration with the fields after it, the create
   * migration first. Each later migration is rendered from the difference to the list before it.
   */
  migrations?: FieldMigration[];
  /** How the first migrations build the table (see MIGRATION_LAYOUTS); a new project's layout when left out. */
  migrationLayout?: MigrationLayout;
  /** A delete hides the row, restorable until it is purged (Google AIP-164); off (or left out): a delete removes it. */
  softDelete?: boolean;
  /**
   * The token claim that names a request's tenant (`org_id`): each tenant sees and changes only its
   * own rows, enforced by PostgreSQL's row-level security. Left out: one tenant, as before.
   */
  tenantClaim?: string;
  /** The tenant a table's stored rows go to when `update` turns tenancy on; read by that update only. */
  existingRowsTenant?: string;
  /** Every committed change is published through an outbox to this broker (see EVENT_BROKERS); left out: no events. */
  events?: EventBroker;
}

/** The brokers a service can publish its change events to: only those its tests run against for real. */
export const EVENT_BROKERS = ['nats'] as const;

export type EventBroker = (typeof EVENT_BROKERS)[number];

/** A migration and what the table has once it ran: its fields, and whether it keeps deleted rows. */
export interface FieldMigration {
  name: string;
  fields: FieldSpec[];
  /** Recorded only when on. */
  softDelete?: boolean;
  /** Each tenant's rows apart (row-level security); recorded only when on. */
  tenancy?: boolean;
  /** The migration that turned tenancy on: the tenant the rows stored before it went to. */
  existingRowsTenant?: string;
  /** Whether the database records each change in the outbox once it ran (whichever broker relays it); only when on. */
  events?: boolean;
}

/** The ports a project gets when the user names none. */
export const DEFAULT_PORTS = { port: 8080, managementPort: 8081 } as const;
