import { literal, type FieldView } from './field-views.js';

/** What the templates print about the fields as a whole, computed once (see FieldView for one field). */
export interface EntityShape {
  /** The model's keys a raw row holds differently, for `Omit<...Json, ...>`: `'price' | 'createdAt' | 'updatedAt'`. */
  rowOmitted: string;
  /** How a raw row holds them: `price: string; created_at: Date; updated_at: Date`. */
  rowColumns: string;
}

/** The entity-level view of the fields, for the model, the schemas and the documentation. */
export function entityShape(fields: readonly FieldView[]): EntityShape {
  const differing = fields.filter((field) => field.rowType !== undefined || field.column !== field.name);
  const timestamps = [
    { name: 'createdAt', column: 'created_at', type: 'Date' },
    { name: 'updatedAt', column: 'updated_at', type: 'Date' },
  ];
  const rowKeys = [
    ...differing.map((field) => ({ name: field.name, column: field.column, type: field.rowType ?? field.tsType })),
    ...timestamps,
  ];
  return {
    rowOmitted: rowKeys.map((key) => literal(key.name)).join(' | '),
    rowColumns: rowKeys.map((key) => `${key.column}: ${key.type}`).join('; '),
  };
}
