import { columnName } from '../names/field-name.js';
import type { FieldSpec } from './field-spec.js';
import { fieldType } from './types/field-types.js';

/**
 * What a field is in the database: its column's name, type, nullability, default, check and
 * indexes. A field's rules that only the service checks (min, pattern, example, ...) are not here.
 */
export interface Column {
  name: string;
  /** The column type as PostgreSQL writes it: `varchar(100)`, `decimal(18, 2)`, `text`, ... */
  type: string;
  /** An enum's values, held by the column's check constraint. */
  values?: readonly string[];
  nullable: boolean;
  default?: string | number | boolean;
  unique: boolean;
  index: boolean;
}

/** How one field differs between two lists of fields. */
export type FieldChange =
  | { kind: 'add'; to: FieldSpec }
  | { kind: 'drop'; from: FieldSpec }
  /** The same field, renamed (`renamedFrom`) or with a different column; `losses` say what may not survive. */
  | { kind: 'alter'; from: FieldSpec; to: FieldSpec; losses: string[] };

export function columnOf(field: FieldSpec): Column {
  const column: Column = {
    name: columnName(field.name),
    type: fieldType(field).columnType(field),
    nullable: field.required !== true,
    unique: field.unique === true,
    index: field.index === true,
  };
  if (field.type === 'enum') column.values = field.values;
  if (field.default !== undefined) column.default = field.default;
  return column;
}

const sameColumn = (a: Column, b: Column): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The changes from `before` to `after`, in the order `after` lists its fields, drops last.
 * A field of `after` matches the field of `before` with its name, or with its `renamedFrom`.
 * Fields whose column is the same in both lists (only the service's rules differ) are no change.
 * Throws an Error with one line when a `renamedFrom` names no field of `before`.
 */
export function fieldChanges(before: readonly FieldSpec[], after: readonly FieldSpec[]): FieldChange[] {
  const byName = new Map(before.map((field) => [field.name, field]));
  const matched = new Set<string>();
  const changes: FieldChange[] = [];
  for (const to of after) {
    const previousName = to.renamedFrom ?? to.name;
    const from = byName.get(previousName);
    if (to.renamedFrom !== undefined && (from === undefined || after.some((field) => field.name === previousName))) {
      throw new Error(`field "${to.name}": renamedFrom "${to.renamedFrom}" names no field of the previous fields (${[...byName.keys()].join(', ')})`);
    }
    if (from === undefined) {
      changes.push({ kind: 'add', to });
      continue;
    }
    matched.add(from.name);
    if (!sameColumn(columnOf(from), columnOf(to))) changes.push({ kind: 'alter', from, to, losses: losses(columnOf(from), columnOf(to)) });
  }
  for (const from of before) if (!matched.has(from.name)) changes.push({ kind: 'drop', from });
  return changes;
}

/** Same columns, in the same order: the create migration would read the same. */
export function sameColumns(before: readonly FieldSpec[], after: readonly FieldSpec[]): boolean {
  return before.length === after.length && before.every((field, i) => sameColumn(columnOf(field), columnOf(after[i] as FieldSpec)));
}

/** What an alteration may lose or refuse on rows already stored: narrowing, NOT NULL, fewer enum values. */
function losses(from: Column, to: Column): string[] {
  const found: string[] = [];
  if (from.type !== to.type && !widens(from.type, to.type)) found.push(`${from.type} to ${to.type} may not hold every stored value`);
  if (from.nullable && !to.nullable) found.push('making it required fails on stored rows without a value');
  if (to.values !== undefined) {
    const dropped = from.values === undefined ? undefined : from.values.filter((value) => !to.values?.includes(value));
    if (dropped === undefined) found.push(`only ${to.values.join(', ')} may be stored from now on`);
    else if (dropped.length > 0) found.push(`the values ${dropped.join(', ')} are no longer allowed`);
  }
  return found;
}

/** Whether every value of type `from` converts to type `to` unchanged. */
function widens(from: string, to: string): boolean {
  const varchar = (type: string) => Number(/^varchar\((\d+)\)$/.exec(type)?.[1] ?? Number.NaN);
  const decimal = (type: string) => /^decimal\((\d+), (\d+)\)$/.exec(type)?.slice(1).map(Number);
  if (to === 'text') return from === 'text' || !Number.isNaN(varchar(from));
  if (!Number.isNaN(varchar(to))) return varchar(from) <= varchar(to);
  const [precision, scale] = decimal(to) ?? [];
  if (precision === undefined || scale === undefined) return false;
  if (from === 'integer') return precision - scale >= 10;
  const [fromPrecision, fromScale] = decimal(from) ?? [];
  if (fromPrecision === undefined || fromScale === undefined) return false;
  return scale >= fromScale && precision - scale >= fromPrecision - fromScale;
}

/** In words, for the plan and the refusal: `adds pages`, `renames pages to page_count`, ... */
export function describeChange(change: FieldChange): string {
  if (change.kind === 'add') return `adds ${columnName(change.to.name)}`;
  if (change.kind === 'drop') return `drops ${columnName(change.from.name)} (its values are lost)`;
  const from = columnName(change.from.name);
  const to = columnName(change.to.name);
  return from === to ? `changes ${to}` : `renames ${from} to ${to}`;
}

/**
 * Why the change may lose data or fail on stored rows, or undefined: `update` refuses these
 * unless `--allow-destructive`.
 */
export function destructiveReason(change: FieldChange): string | undefined {
  if (change.kind === 'drop') return `dropping ${columnName(change.from.name)} loses its values`;
  if (change.kind === 'add') {
    const column = columnOf(change.to);
    return column.nullable || column.default !== undefined
      ? undefined
      : `adding required ${column.name} fails on a table that holds rows (they have no value for it)`;
  }
  if (change.losses.length === 0) return undefined;
  return `changing ${columnName(change.to.name)}: ${change.losses.join('; ')}`;
}
