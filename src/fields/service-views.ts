import type { EntityNames } from '../names.js';
import { loadValues, type LoadValue } from './load-values.js';
import type { FieldSpec } from './spec.js';
import { storageView, type StorageView } from './storage-views.js';
import { uniqueViews, type UniqueView } from './unique-views.js';

/** What the repository, the storage test and the load tests print about the fields. */
export interface ServiceViews {
  /** The unique fields and their constraints; empty when none is unique. */
  unique: UniqueView[];
  /** One value per field for a load test's request `n`. */
  load: LoadValue[];
  storage: StorageView;
}

export function serviceViews(fields: readonly FieldSpec[], names: EntityNames): ServiceViews {
  return { unique: uniqueViews(fields, names.tableName), load: loadValues(fields), storage: storageView(fields) };
}
