import { literal, numberLiteral } from '../code/code-text.js';
import { requiredOnCreate, type FieldSpec } from '../fields/field-spec.js';
import { fieldType } from '../fields/types/field-types.js';
import { columnName, fieldLabel } from '../names/field-name.js';
import { fieldConstants, joiDeclaration } from './joi-views.js';
import { isListKey } from './list-views.js';
import { indexCalls, PLAIN_TABLE, type TableKind, uniqueCalls } from './table-keys.js';

/**
 * What the templates print for one field, computed once so that a template only substitutes:
 * the migration's column call, the model's property type, and so on.
 */
export interface FieldView {
  name: string;
  /** snake_case column: `unit_price`. */
  column: string;
  /** Prose: `unit price`. */
  label: string;
  /** SCREAMING_SNAKE_CASE, for the field's constants: `UNIT_PRICE` (MAX_UNIT_PRICE). */
  constantName: string;
  /** A create must send it: required, without a default to store in its place. */
  requiredOnCreate: boolean;
  /** What a create stores when the field is left out, as code (`'paperback'`); undefined without a default. */
  createDefault: string | undefined;
  /** The migration's column, e.g. `table.decimal('price', 18, 2).notNullable();` */
  knexColumn: string;
  /** The model's property type, e.g. `string | null`. */
  tsType: string;
  /** The type a raw query's row holds, where it differs from the model's (`string` for NUMERIC), else undefined. */
  rowType: string | undefined;
  /** The schema module's `const <name> = Joi...;`, on one line or several. */
  joiDeclaration: string;
  /** The schema module's exported constants for this field (MAX_PRICE, PRICE_SCALE), with doc comments. */
  constants: string[];
  /** Lines of the model's $parseDatabaseJson that bring the driver's value to the JSON one (NUMERIC). */
  fromDatabase: string[];
  isInteger: boolean;
  /** string or text, or an email the list filters by prefix: checked by http/value-rules.ts's storableText. */
  isText: boolean;
  /** date or datetime: checked by http/value-rules.ts's calendarDate. */
  isDate: boolean;
}

/**
 * The migration's column call for a field: `table.decimal('price', 18, 2).notNullable();`. A table
 * that keeps deleted rows or tenants apart makes a unique or indexed field so in calls of its own
 * (see keyCalls).
 */
export function knexColumn(field: FieldSpec, column: string = columnName(field.name), kind: TableKind = PLAIN_TABLE): string {
  const calls = [fieldType(field).knexColumn(field, literal(column)), field.required ? 'notNullable()' : 'nullable()'];
  if (field.default !== undefined) calls.push(`defaultTo(${literal(field.default)})`);
  if (field.unique && !kind.keepsDeleted && !kind.tenancy) calls.push('unique()');
  if (field.index && !kind.tenancy) calls.push('index()');
  return `${calls.join('.')};`;
}

/** The calls that make a field unique or indexed where knexColumn leaves them out (see knexColumn). */
export function keyCallsOf(field: FieldSpec, column: string, table: string, kind: TableKind): string[] {
  return [
    ...(field.unique && (kind.keepsDeleted || kind.tenancy) ? [uniqueCalls(table, kind).add(column)] : []),
    ...(field.index && kind.tenancy ? [indexCalls(table, kind).add(column)] : []),
  ];
}

function tsType(field: FieldSpec): string {
  const type = fieldType(field).tsType(field);
  return field.required ? type : `${type} | null`;
}

/** The type a raw query's row holds where the driver's differs from the model's: a NUMERIC comes as text. */
function rowType(field: FieldSpec): string | undefined {
  // A date stays YYYY-MM-DD text and a timestamptz comes as ISO text on the service's connections (see database-values.ts).
  const { rowType } = fieldType(field);
  if (rowType === undefined) return undefined;
  return field.required ? rowType : `${rowType} | null`;
}

/** The view of each field, in the spec's order; `kind` as the table the migration makes is (soft delete, tenancy). */
export function fieldViews(fields: readonly FieldSpec[], kind: TableKind = PLAIN_TABLE): FieldView[] {
  return fields.map((field) => {
    const column = columnName(field.name);
    return {
      name: field.name,
      column,
      label: fieldLabel(field.name),
      constantName: column.toUpperCase(),
      requiredOnCreate: requiredOnCreate(field),
      createDefault: field.default === undefined ? undefined : typeof field.default === 'number' ? numberLiteral(field.default) : literal(field.default),
      knexColumn: knexColumn(field, column, kind),
      tsType: tsType(field),
      rowType: rowType(field),
      fromDatabase: fieldType(field).fromDatabase?.(field, column) ?? [],
      joiDeclaration: joiDeclaration(field),
      constants: fieldConstants(field),
      isInteger: field.type === 'integer',
      isText: field.type === 'string' || field.type === 'text' || (field.type === 'email' && isListKey(field)),
      isDate: field.type === 'date' || field.type === 'datetime',
    };
  });
}
