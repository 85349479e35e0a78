import { literal, numberLiteral } from './code-text.js';
import { columnName, fieldLabel } from '../spec/field-name.js';
import { storedValues } from '../values/stored-values.js';
import type { FieldSpec } from '../spec/spec.js';

/** What the generated storage test prints: the values it stores and the fields it checks apart. */
export interface StorageView {
  /** The first object's properties, one `name: value,` per line (indented two spaces). */
  first: string[];
  /** The second object's, each value differing from the first's where the field's rules allow. */
  second: string[];
  /** Whether a field is a date or a datetime, which a process time zone could shift. */
  hasTime: boolean;
  /** datetime fields, given with an offset and answered in UTC. */
  datetimes: { name: string; label: string }[];
  /** enum fields, whose column refuses other values by itself. */
  enums: { name: string; label: string; column: string; outside: string }[];
}


const valueLiteral = (value: unknown) => (typeof value === 'number' ? numberLiteral(value) : literal(value));

/** A value no enum field holds: the first of `other`, `other2`, ... that is not among its values. */
function outsideValue(values: readonly string[]): string {
  let candidate = 'other';
  for (let n = 2; values.includes(candidate); n++) candidate = `other${n}`;
  return candidate;
}

export function storageView(fields: readonly FieldSpec[]): StorageView {
  const values = fields.map((field) => ({ name: field.name, pair: storedValues(field) }));
  return {
    first: values.map(({ name, pair }) => `  ${name}: ${valueLiteral(pair[0])},`),
    second: values.map(({ name, pair }) => `  ${name}: ${valueLiteral(pair[1])},`),
    hasTime: fields.some((field) => field.type === 'date' || field.type === 'datetime'),
    datetimes: fields.filter((field) => field.type === 'datetime').map((field) => ({ name: field.name, label: fieldLabel(field.name) })),
    enums: fields.flatMap((field) =>
      field.type === 'enum' ? [{ name: field.name, label: fieldLabel(field.name), column: columnName(field.name), outside: outsideValue(field.values) }] : [],
    ),
  };
}
