import { Model, type ModelObject, type Pojo, snakeCaseMappers } from 'objection';

/** A book as the API answers it: the model's fields, as a plain object. */
export type BookJson = ModelObject<Book>;

/** A row as the driver hands it to a raw query: snake_case columns, NUMERIC as a string, timestamptz as a Date. */
export type BookRow = Omit<BookJson, 'price' | 'createdAt' | 'updatedAt'> & { price: string | null; created_at: Date; updated_at: Date };

/** One row of books: snake_case columns, camelCase properties. */
export class Book extends Model {
  static override tableName = 'books';
  static override columnNameMappers = snakeCaseMappers();

  id!: number;
  /** Raised by every update; the ETag of the book's answers (see http/conditional.ts). */
  version!: number;
  title!: string;
  isbn!: string;
  pages!: number | null;
  price!: number | null;
  format!: 'hardcover' | 'paperback' | 'ebook' | null;
  published!: string | null;
  available!: boolean | null;
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

  /** NUMERIC arrives as a string and timestamptz as a Date, from PostgreSQL and PGlite alike. */
  override $parseDatabaseJson(row: Pojo): Pojo {
    const json = super.$parseDatabaseJson(row);
    // The schema's MAX_PRICE keeps every stored price exact as a double.
    if (typeof json.price === 'string') json.price = Number(json.price);
    if (json.createdAt instanceof Date) json.createdAt = json.createdAt.toISOString();
    if (json.updatedAt instanceof Date) json.updatedAt = json.updatedAt.toISOString();
    return json;
  }
}
