import { Model, type ModelObject, type Pojo, snakeCaseMappers } from 'objection';

/** A book as the API answers it: the model's fields, as a plain object. */
export type BookJson = ModelObject<BookModel>;

/** A row as the driver hands it to a raw query: snake_case columns, NUMERIC as a string. */
export type BookRow = Omit<BookJson, 'price' | 'createdAt' | 'updatedAt' | 'createdBy' | 'updatedBy' | 'deletedAt' | 'deletedBy'> & {
  price: string | null;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  updated_by: string | null;
  deleted_at: string | null;
  deleted_by: string | null;
};

/** One row of books: snake_case columns, camelCase properties. */
export class BookModel extends Model {
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
  /** Who created it and who changed it last: the subject of the write's token (auth/actor.ts); null without one. */
  createdBy!: string | null;
  updatedBy!: string | null;
  /** When and by whom it was deleted; null while it is not (deleted rows are hidden, then purged: see book.repository.ts). */
  deletedAt!: string | null;
  deletedBy!: string | null;

  override $beforeInsert(): void {
    this.createdAt = new Date().toISOString();
    this.updatedAt = this.createdAt;
  }

  override $beforeUpdate(): void {
    // A delete changes the book when it deletes it.
    this.updatedAt = this.deletedAt ?? new Date().toISOString();
  }

  /** NUMERIC arrives as a string, from PostgreSQL and PGlite alike (timestamptz as ISO text: see db/database-values.ts). */
  override $parseDatabaseJson(row: Pojo): Pojo {
    const json = super.$parseDatabaseJson(row);
    // The schema's MAX_PRICE keeps every stored price exact as a double.
    if (typeof json.price === 'string') json.price = Number(json.price);
    return json;
  }
}
