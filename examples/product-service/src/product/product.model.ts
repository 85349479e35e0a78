import { Model, snakeCaseMappers, type ColumnNameMappers, type Pojo } from 'objection';

/** One row of products; JSON uses camelCase, the table snake_case. */
export class Product extends Model {
  static override tableName = 'products';

  static override get columnNameMappers(): ColumnNameMappers {
    return snakeCaseMappers();
  }

  id!: number;
  name!: string;
  description!: string | null;
  price!: number;
  quantity!: number;
  /** ISO 8601 in UTC, e.g. 2026-01-01T12:00:00.000Z. */
  createdAt!: string;
  updatedAt!: string;

  override $beforeInsert(): void {
    this.createdAt = new Date().toISOString();
    this.updatedAt = this.createdAt;
  }

  override $beforeUpdate(): void {
    this.updatedAt = new Date().toISOString();
  }

  override $parseDatabaseJson(row: Pojo): Pojo {
    const json = super.$parseDatabaseJson(row);
    // NUMERIC arrives as a string; the schema's MAX_PRICE keeps every value exact as a double.
    if (typeof json.price === 'string') json.price = Number(json.price);
    for (const key of ['createdAt', 'updatedAt']) {
      if (json[key] instanceof Date) json[key] = json[key].toISOString();
    }
    return json;
  }
}

export type Products = Product[];
