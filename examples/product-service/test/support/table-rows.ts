import type { Knex } from 'knex';

import { ProductModel } from '../../src/product/product.model.js';
import { FIELDS, type Fields } from './factory.js';

/** A row to store as it is, past the API: its fields, its id where given, timestamps, and who wrote it (none when left out). */
export interface TableRow {
  id?: number;
  fields: Partial<Fields>;
  createdAt: string;
  updatedAt: string;
  createdBy?: string;
  updatedBy?: string;
}

const column = (property: string) => ProductModel.propertyNameToColumnName(property);

/**
 * Inserts rows in one statement that PostgreSQL reads from one JSON array (json_populate_recordset):
 * thousands of rows a statement, where a value list per row would run into the limit on
 * parameters. A row whose unique value the table holds already is left out; gives how many went in.
 */
export async function insertRows(knex: Knex | Knex.Transaction, rows: TableRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const withIds = rows[0]!.id !== undefined;
  const columns = [...(withIds ? ['id'] : []), ...FIELDS.map(column), 'created_at', 'updated_at', 'created_by', 'updated_by'];
  const columnRows = rows.map(({ id, fields, createdAt, updatedAt, createdBy, updatedBy }) => ({
    ...(withIds ? { id } : {}),
    ...Object.fromEntries(Object.entries(fields).map(([field, value]) => [column(field), value])),
    created_at: createdAt,
    updated_at: updatedAt,
    created_by: createdBy ?? null,
    updated_by: updatedBy ?? null,
  }));
  const list = columns.map(() => '??').join(', ');
  const result = await knex.raw(
    `with added as (insert into ?? (${list}) select ${list} from json_populate_recordset(null::??, ?) on conflict do nothing returning 1) ` +
      'select count(*)::int as count from added',
    [ProductModel.tableName, ...columns, ...columns, ProductModel.tableName, JSON.stringify(columnRows)],
  );
  return (result as { rows: { count: number }[] }).rows[0]!.count;
}
