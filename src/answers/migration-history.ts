import { entityNames } from '../names/entity-names.js';
import type { FieldMigration } from './answers.js';
import { checkFields, FieldSpecError } from '../fields/validate-fields.js';

/** `002-add-pages-to-books`: three digits, then lowercase words joined by `-`. */
const MIGRATION_NAME = /^(\d{3})-[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/**
 * Checks an answers file's `migrations` (written by `update`): the create migration first, numbers
 * rising, each with a usable list of fields. Throws FieldSpecError.
 */
export function checkMigrations(input: unknown, entity: string, plural?: string): FieldMigration[] {
  const shape =
    'migrations must be a list of {"name": "002-add-pages-to-books", "fields": [...]}, with "softDelete": true where the table keeps deleted rows, "tenancy": true where it keeps tenants apart and "events": true where its changes go to the outbox (update writes it; restore it from git)';
  if (!Array.isArray(input) || input.length === 0) throw new FieldSpecError(shape);
  const create = `001-create-${entityNames(entity, plural).fileBasePlural}`;
  let previous = 0;
  return input.map((entry: unknown, position) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw new FieldSpecError(shape);
    const { name, fields, softDelete, tenancy, existingRowsTenant, events, ...rest } = entry as Record<string, unknown>;
    const number = typeof name === 'string' ? MIGRATION_NAME.exec(name)?.[1] : undefined;
    const flags = [softDelete, tenancy, events].every((flag) => flag === undefined || flag === true);
    if (number === undefined || Object.keys(rest).length > 0 || !flags || (existingRowsTenant !== undefined && typeof existingRowsTenant !== 'string')) {
      throw new FieldSpecError(shape);
    }
    if (position === 0 && name !== create) throw new FieldSpecError(`migrations must start with ${create}, got ${name}`);
    if (Number(number) <= previous) throw new FieldSpecError(`migrations must be numbered in rising order: ${name} comes after number ${previous}`);
    previous = Number(number);
    let checked;
    try {
      checked = checkFields(fields);
    } catch (error) {
      throw new FieldSpecError(`migrations: ${name}: ${(error as Error).message}`);
    }
    // A rename belongs to the migration that made it; the create migration has nothing to rename.
    const renamed = checked.find((field) => field.renamedFrom !== undefined);
    if (position === 0 && renamed) throw new FieldSpecError(`migrations: ${name}: field "${renamed.name}" cannot be renamed by the create migration`);
    return {
      name: name as string,
      fields: checked,
      ...(softDelete ? { softDelete: true } : {}),
      ...(tenancy ? { tenancy: true } : {}),
      ...(existingRowsTenant === undefined ? {} : { existingRowsTenant: existingRowsTenant as string }),
      ...(events ? { events: true } : {}),
    };
  });
}
