import { isDeepStrictEqual } from 'node:util';

import { ANSWERS_FILE } from '../answers/answers-file.js';
import type { PendingFieldMigration } from './field-migration.js';
import type { PlannedUpdate } from './merge.js';
import type { ProjectRecord } from '../project-files/record.js';

/** What `update` would do to a project: computed first, then printed, and written unless it is a dry run. */
export interface UpdatePlan {
  record: ProjectRecord;
  files: PlannedUpdate[];
  /** The answers file with the new version and manifest; undefined when it is already current. */
  answersFile?: string;
  /** The migration added for a change of the answers file's fields. */
  fieldMigration?: PendingFieldMigration;
  /** The fields' rules, examples and descriptions the owner changed (see ruleChanges). */
  fieldRules?: string[];
}

/**
 * What an update brings the project to, in words: a newer version, the answers its owner edited, or both.
 *
 *   0.1.0 -> 0.2.0, same answers:   "from create-item-service 0.1.0 to 0.2.0"
 *   0.2.0 -> 0.2.0, edited answers: "to the answers edited in create-item-service.json (create-item-service 0.2.0)"
 *   0.1.0 -> 0.2.0, edited answers: "from create-item-service 0.1.0 to 0.2.0 and to the answers edited in create-item-service.json"
 */
export function updateSubject(record: ProjectRecord, version: string): string {
  // A project made before the record existed cannot tell; its version alone is compared.
  const answersEdited = record.generated !== undefined && !isDeepStrictEqual(record.generated.answers, record.answers);
  const edited = `the answers edited in ${ANSWERS_FILE}`;
  if (record.generatorVersion === version) return answersEdited ? `to ${edited} (create-item-service ${version})` : `to create-item-service ${version}`;
  const versions = `from create-item-service ${record.generatorVersion} to ${version}`;
  return answersEdited ? `${versions} and to ${edited}` : versions;
}
