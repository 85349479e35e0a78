import { literal, numberLiteral } from './code-text.js';
import { columnName, fieldLabel } from '../spec/field-name.js';
import { fieldConstants, joiDeclaration } from './joi-views.js';
import { lengthBounds } from '../values/field-values.js';
import { isListKey } from './list-views.js';
import { DEFAULT_PRECISION, DEFAULT_SCALE, requiredOnCreate, type FieldSpec } from '../spec/spec.js';

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
  /** string or text, or an email the list filters by prefix: checked by the schema module's storableText. */
  isText: boolean;
  /** date or datetime: checked by the schema module's calendarDate. */
  isDate: boolean;
}

/** The knex column builder call, without nullability. */
function knexType(field: FieldSpec, column: string): string {
  const name = literal(column);
  switch (field.type) {
    case 'string':
    case 'email':
      return `table.string(${name}, ${lengthBounds(field).max})`;
    case 'text':
      return `table.text(${name})`;
    case 'integer':
      return `table.integer(${name})`;
    case 'decimal':
      return `table.decimal(${name}, ${field.precision ?? DEFAULT_PRECISION}, ${field.scale ?? DEFAULT_SCALE})`;
    case 'boolean':
      return `table.boolean(${name})`;
    case 'date':
      return `table.date(${name})`;
    case 'datetime':
      return `table.timestamp(${name}, { useTz: true })`;
    case 'uuid':
      return `table.uuid(${name})`;
    case 'enum':
      // text with a check constraint rather than a PostgreSQL enum type: adding a value later is
      // a plain migration that replaces the constraint.
      return `table.enum(${name}, ${literal(field.values)})`;
  }
}

/** The migration's column call for a field: `table.decimal('price', 18, 2).notNullable();` */
export function knexColumn(field: FieldSpec, column: string = columnName(field.name)): string {
  const calls = [knexType(field, column), field.required ? 'notNullable()' : 'nullable()'];
  if (field.default !== undefined) calls.push(`defaultTo(${literal(field.default)})`);
  if (field.unique) calls.push('unique()');
  if (field.index) calls.push('index()');
  return `${calls.join('.')};`;
}

function tsType(field: FieldSpec): string {
  const type =
    field.type === 'integer' || field.type === 'decimal'
      ? 'number'
      : field.type === 'boolean'
        ? 'boolean'
        : field.type === 'enum'
          ? field.values.map(literal).join(' | ')
          : 'string';
  return field.required ? type : `${type} | null`;
}

function rowType(field: FieldSpec): string | undefined {
  // A date stays YYYY-MM-DD text and a timestamptz comes as ISO text on the service's connections (see database.ts).
  if (field.type !== 'decimal') return undefined;
  return field.required ? 'string' : 'string | null';
}

function fromDatabase(field: FieldSpec, column: string): string[] {
  const property = `json.${field.name}`;
  if (field.type === 'decimal') {
    return [
      `// The schema's MAX_${column.toUpperCase()} keeps every stored ${fieldLabel(field.name)} exact as a double.`,
      `if (typeof ${property} === 'string') ${property} = Number(${property});`,
    ];
  }
  return [];
}

/** The view of each field, in the spec's order. */
export function fieldViews(fields: readonly FieldSpec[]): FieldView[] {
  return fields.map((field) => {
    const column = columnName(field.name);
    return {
      name: field.name,
      column,
      label: fieldLabel(field.name),
      constantName: column.toUpperCase(),
      requiredOnCreate: requiredOnCreate(field),
      createDefault: field.default === undefined ? undefined : typeof field.default === 'number' ? numberLiteral(field.default) : literal(field.default),
      knexColumn: knexColumn(field, column),
      tsType: tsType(field),
      rowType: rowType(field),
      fromDatabase: fromDatabase(field, column),
      joiDeclaration: joiDeclaration(field),
      constants: fieldConstants(field),
      isInteger: field.type === 'integer',
      isText: field.type === 'string' || field.type === 'text' || (field.type === 'email' && isListKey(field)),
      isDate: field.type === 'date' || field.type === 'datetime',
    };
  });
}
