import type { EntityNames } from '../names/entity-names.js';
import { literal } from '../code/code-text.js';
import type { FieldView } from './field-views.js';

/** What the templates print about the fields as a whole, computed once (see FieldView for one field). */
export interface EntityShape {
  /** The model's keys a raw row holds differently, for `Omit<...Json, ...>`: `'price' | 'createdAt' | 'updatedAt'`. */
  rowOmitted: string;
  /** How a raw row holds them: `price: string; created_at: string; updated_at: string`. */
  rowColumns: string;
  /** Which columns are int4, for the schema's INT4_MAX comment: `the id column and quantity are both`. */
  int4Columns: string;
  /** The schema module's field constants: the integers' beside INT4_MAX first, then the decimals'. */
  constantLines: string[];
  /** Whether a date field needs value-rules.ts's calendarDate check. */
  hasDate: boolean;
  /** Whether the model's $parseDatabaseJson has a value to convert (a decimal's NUMERIC text). */
  convertsFromDatabase: boolean;
  /** The create type: `Pick<ProductModel, 'name' | 'price'> & Partial<Pick<ProductModel, 'description'>>`. */
  createType: string;
  /** The update schema's keys: `{ name, description, price, quantity }`, or one per line when that is too long. */
  updateKeys: string;
}

/** `a`, `a and b`, `a, b and c`. */
function sentenceList(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function rowShape(fields: readonly FieldView[], softDelete: boolean): Pick<EntityShape, 'rowOmitted' | 'rowColumns'> {
  const differing = fields.filter((field) => field.rowType !== undefined || field.column !== field.name);
  const rowKeys = [
    ...differing.map((field) => ({ name: field.name, column: field.column, type: field.rowType ?? field.tsType })),
    { name: 'createdAt', column: 'created_at', type: 'string' },
    { name: 'updatedAt', column: 'updated_at', type: 'string' },
    { name: 'createdBy', column: 'created_by', type: 'string | null' },
    { name: 'updatedBy', column: 'updated_by', type: 'string | null' },
    ...(softDelete
      ? [
          { name: 'deletedAt', column: 'deleted_at', type: 'string | null' },
          { name: 'deletedBy', column: 'deleted_by', type: 'string | null' },
        ]
      : []),
  ];
  return {
    rowOmitted: rowKeys.map((key) => literal(key.name)).join(' | '),
    rowColumns: rowKeys.map((key) => `${key.column}: ${key.type}`).join('; '),
  };
}

function createType(fields: readonly FieldView[], className: string): string {
  const keys = (required: boolean) => fields.filter((field) => field.requiredOnCreate === required).map((field) => literal(field.name)).join(' | ');
  const parts = [
    ...(keys(true) === '' ? [] : [`Pick<${className}Model, ${keys(true)}>`]),
    ...(keys(false) === '' ? [] : [`Partial<Pick<${className}Model, ${keys(false)}>>`]),
  ];
  return parts.join(' & ');
}

/** The entity-level view of the fields, for the model and the schemas. */
export function entityShape(fields: readonly FieldView[], names: EntityNames, softDelete = false): EntityShape {
  const integers = fields.filter((field) => field.isInteger);
  const int4 = ['the id column', ...integers.map((field) => field.label)];
  return {
    ...rowShape(fields, softDelete),
    int4Columns: `${sentenceList(int4)} ${int4.length === 1 ? 'is' : int4.length === 2 ? 'are both' : 'are all'}`,
    constantLines: [...integers, ...fields.filter((field) => !field.isInteger)].flatMap((field) => field.constants),
    hasDate: fields.some((field) => field.isDate),
    convertsFromDatabase: fields.some((field) => field.fromDatabase.length > 0),
    createType: createType(fields, names.className),
    updateKeys: `{ ${fields.map((field) => field.name).join(', ')} }`,
  };
}
