import { literal } from '../code/code-text.js';
import { columnName } from '../names/field-name.js';
import { lengthBounds } from '../fields/types/lengths.js';
import type { FieldSpec } from '../fields/field-spec.js';

/** A key the list sorts and filters by: `id`, the timestamps, who wrote the row, or a unique or indexed field. */
export interface ListKeyView {
  name: string;
  column: string;
  /** An optional field: rows may have no value, which sorts last (first when descending). */
  nullable: boolean;
  /** The Joi schema a filter value must pass, as the schema module writes it: `pages`, `timestamp`. */
  rule: string;
  /** Query values are converted to numbers before validation. */
  numeric: boolean;
  /** A unique field: no two rows share a value (but any number may have none). */
  unique: boolean;
  /** A text key (string, text or email), which also filters by `[prefix]`. */
  text: boolean;
  /** A text key's most characters (checkFields gives every unique or indexed text one); undefined for other keys. */
  maxLength: number | undefined;
}

/** What the list's modules and its index migration print about the keys. */
export interface ListView {
  keys: ListKeyView[];
  /** The text keys, which also filter by `[prefix]`. */
  prefixKeys: ListKeyView[];
  /** For prose: `` `isbn` `` or `` `isbn` and `email` ``. */
  prefixProse: string;
  /** `['id', 'createdAt', 'updatedAt', 'isbn']`. */
  keyNames: string;
  /** For prose: `` `id`, `createdAt`, `updatedAt` and `isbn` ``. */
  keyProse: string;
  /**
   * The columns the index migration gives a `(column, id)` index: createdAt, updatedAt and the
   * sortable fields the table was created with, which that migration may rely on existing.
   */
  indexedColumns: string[];
}

/** Unique and indexed fields: the ones an index serves, so the list may sort and range-filter by them. */
export function isListKey(field: FieldSpec): boolean {
  return field.unique === true || field.index === true;
}

const TEXT_TYPES = new Set(['string', 'text', 'email']);

function fieldKey(field: FieldSpec): ListKeyView {
  const text = TEXT_TYPES.has(field.type);
  return {
    name: field.name,
    column: columnName(field.name),
    nullable: field.required !== true,
    rule: field.name,
    numeric: field.type === 'integer' || field.type === 'decimal',
    unique: field.unique === true,
    text,
    maxLength: text ? lengthBounds(field).max : undefined,
  };
}

const OWN_KEYS: ListKeyView[] = [
  { name: 'id', column: 'id', nullable: false, rule: 'Joi.number().integer().min(1).max(MAX_ID)', numeric: true, unique: true, text: false, maxLength: undefined },
  { name: 'createdAt', column: 'created_at', nullable: false, rule: 'timestamp', numeric: false, unique: false, text: false, maxLength: undefined },
  { name: 'updatedAt', column: 'updated_at', nullable: false, rule: 'timestamp', numeric: false, unique: false, text: false, maxLength: undefined },
  // Who wrote a row: an exact match ("my items"); no [prefix], a subject is an identifier, not prose.
  { name: 'createdBy', column: 'created_by', nullable: true, rule: 'tokenSubject', numeric: false, unique: false, text: false, maxLength: undefined },
  { name: 'updatedBy', column: 'updated_by', nullable: true, rule: 'tokenSubject', numeric: false, unique: false, text: false, maxLength: undefined },
];

/** `` `a` ``, `` `a` and `b` ``, `` `a`, `b` and `c` ``. */
function prose(keys: readonly ListKeyView[]): string {
  const names = keys.map((key) => `\`${key.name}\``);
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The list's view of the fields. `createFields` are the fields the create migration made (the
 * current ones for a new project): the index migration names only columns it finds there.
 */
export function listView(fields: readonly FieldSpec[], createFields: readonly FieldSpec[]): ListView {
  const fieldKeys = fields.filter(isListKey).map(fieldKey);
  const keys = [...OWN_KEYS, ...fieldKeys];
  const prefixKeys = fieldKeys.filter((key) => key.text);
  return {
    keys,
    prefixKeys,
    keyNames: literal(keys.map((key) => key.name)),
    keyProse: prose(keys),
    prefixProse: prose(prefixKeys),
    indexedColumns: ['created_at', 'updated_at', ...createFields.filter(isListKey).map((field) => columnName(field.name))],
  };
}
