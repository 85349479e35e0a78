import type { PendingFieldMigration } from './field-migration.js';
import type { PlannedUpdate } from './merge.js';
import type { ProjectRecord } from './record.js';

/** What `update` would do to a project: computed first, then printed, and written unless it is a dry run. */
export interface UpdatePlan {
  record: ProjectRecord;
  files: PlannedUpdate[];
  /** The answers file with the new version and manifest; undefined when it is already current. */
  answersFile?: string;
  /** The migration added for a change of the answers file's fields. */
  fieldMigration?: PendingFieldMigration;
}
