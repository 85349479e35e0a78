import { Model, type ModelObject, type Pojo, snakeCaseMappers } from 'objection';

/** A product as the API answers it: the model's fields, as a plain object. */
export type ProductJson = ModelObject<ProductModel>;

/** A row as the driver hands it to a raw query: snake_case columns, NUMERIC as a string. */
export type ProductRow = Omit<ProductJson, 'price' | 'createdAt' | 'updatedAt' | 'createdBy' | 'updatedBy'> & {
  price: string;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  updated_by: string | null;
};

/** One row of products: snake_case columns, camelCase properties. */
export class ProductModel extends Model {
  static override tableName = 'products';
  static override columnNameMappers = snakeCaseMappers();

  id!: number;
  /** Raised by every update; the ETag of the product's answers (see http/conditional.ts). */
  version!: number;
  name!: string;
  description!: string | null;
  price!: number;
  quantity!: number;
  /** ISO 8601 in UTC, e.g. 2026-01-01T12:00:00.000Z. */
  createdAt!: string;
  updatedAt!: string;
  /** Who created it and who changed it last: the subject of the write's token (auth/actor.ts); null without one. */
  createdBy!: string | null;
  updatedBy!: string | null;

  override $beforeInsert(): void {
    this.createdAt = new Date().toISOString();
    this.updatedAt = this.createdAt;
  }

  override $beforeUpdate(): void {
    this.updatedAt = new Date().toISOString();
  }

  /** NUMERIC arrives as a string, from PostgreSQL and PGlite alike (timestamptz as ISO text: see db/database-values.ts). */
  override $parseDatabaseJson(row: Pojo): Pojo {
    const json = super.$parseDatabaseJson(row);
    // The schema's MAX_PRICE keeps every stored price exact as a double.
    if (typeof json.price === 'string') json.price = Number(json.price);
    return json;
  }
}
