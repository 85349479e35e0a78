import { resolve } from 'node:path';

import { entityNames } from '../names/entity-names.js';
import { readAnswersFile } from '../answers/answers-file.js';
import { parseFieldFlags } from '../fields/flag.js';
import type { EventBroker, FieldMigration } from '../answers/answers.js';
import type { MigrationLayout } from '../answers/migration-layout.js';
import type { FieldSpec } from '../fields/field-spec.js';
import { FieldSpecError } from '../fields/validate-fields.js';

/** What the command line gives before prompts and defaults: the entity argument and the flags. */
export interface GivenOptions {
  entity?: string;
  /** `--plural`: the entity's plural, where pluralize reads the name as one already. */
  plural?: string;
  port?: number;
  managementPort?: number;
  /** `--field`, repeatable, in order. */
  field?: string[];
  /** `--answers <file>`, relative to `cwd`. */
  answers?: string;
  /** `--soft-delete`. */
  softDelete?: boolean;
  /** `--tenant-claim <claim>`. */
  tenantClaim?: string;
  /** `--events <broker>`. */
  events?: EventBroker;
}

/** The answers given so far; prompts or defaults fill the rest. `fields` undefined means the standard fields. */
export interface GivenAnswers {
  entity?: string;
  plural?: string;
  port?: number;
  managementPort?: number;
  fields?: FieldSpec[];
  /** A generated project's field migrations, from its answers file: a new project renders the same migrations. */
  migrations?: FieldMigration[];
  /** A generated project's migration layout, from its answers file: a new project renders the same first migrations. */
  migrationLayout?: MigrationLayout;
  softDelete?: boolean;
  tenantClaim?: string;
  events?: EventBroker;
}

/**
 * Merges `--answers <file>` and `--field` with the entity argument and the port flags. Flags
 * win over the file's ports (CI may vary them); an entity argument must name the file's entity;
 * fields come from one place only. Throws FieldSpecError with one line.
 */
export function givenAnswers(options: GivenOptions, cwd: string): GivenAnswers {
  const flags = options.field ?? [];
  if (options.answers !== undefined && flags.length > 0) {
    throw new FieldSpecError('--field and --answers both give fields: list them in the answers file only');
  }
  const fromFile = options.answers === undefined ? undefined : readAnswersFile(resolve(cwd, options.answers));
  if (fromFile && options.entity !== undefined && entityNames(options.entity).className !== entityNames(fromFile.entity).className) {
    throw new FieldSpecError(`the entity argument ${options.entity} differs from ${fromFile.entity} in --answers ${options.answers}`);
  }
  const given: GivenAnswers = {
    entity: options.entity ?? fromFile?.entity,
    plural: options.plural ?? fromFile?.plural,
    port: options.port ?? fromFile?.port,
    managementPort: options.managementPort ?? fromFile?.managementPort,
    fields: flags.length > 0 ? parseFieldFlags(flags) : fromFile?.fields,
    migrations: fromFile?.migrations,
    migrationLayout: fromFile?.migrationLayout,
    // The flag turns it on; it cannot turn off what the file turns on, so there is nothing to win.
    softDelete: options.softDelete === true || fromFile?.softDelete === true ? true : undefined,
    tenantClaim: options.tenantClaim ?? fromFile?.tenantClaim,
    events: options.events ?? fromFile?.events,
  };
  return Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)) as GivenAnswers;
}
