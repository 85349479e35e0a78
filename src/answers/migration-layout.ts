import { FieldSpecError } from '../fields/validate-fields.js';

/**
 * How a project's first migrations build its table. A project keeps the layout it was created
 * with for good: knex refuses to run when its table lists migrations the code no longer has, and
 * a migration that ran is never rewritten.
 *
 * - `combined`: one create migration makes the table whole (its fields, version column and list
 *   indexes); the service's own tables come in one migration each. What a new project gets.
 * - `stepwise`: the table is created, then given its list indexes and its version column in
 *   migrations of their own. What projects made before the answers file named its layout have.
 */
export const MIGRATION_LAYOUTS = ['combined', 'stepwise'] as const;

export type MigrationLayout = (typeof MIGRATION_LAYOUTS)[number];

/** The layout of a project made now, when its answers name none. */
export const NEW_PROJECT_LAYOUT: MigrationLayout = 'combined';

/** The layout of a generated project whose answers file names none: it was made before the key existed. */
export const UNNAMED_LAYOUT: MigrationLayout = 'stepwise';

/**
 * The layout an answers file names, checked. `recorded` says the file records a generation (a
 * project's create-item-service.json, not a spec written by hand): without the key, such a
 * project has the layout of the versions before it. A spec without the key gets undefined: a new
 * project's layout. Throws FieldSpecError with one line.
 */
export function checkMigrationLayout(value: unknown, recorded: boolean): MigrationLayout | undefined {
  if (value === undefined) return recorded ? UNNAMED_LAYOUT : undefined;
  if (!(MIGRATION_LAYOUTS as readonly unknown[]).includes(value)) {
    throw new FieldSpecError(
      `migrationLayout must be ${MIGRATION_LAYOUTS.map((layout) => JSON.stringify(layout)).join(' or ')}, got ${JSON.stringify(value)} (it records how the project's migrations were laid out; restore it from git)`,
    );
  }
  return value as MigrationLayout;
}
