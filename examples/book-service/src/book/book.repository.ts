import { ConflictError, violatedUniqueConstraint } from '../http/errors.js';
import { Book } from './book.model.js';
import type { BookCreate, BookUpdate } from './book.schema.js';

export interface BookPage {
  books: Book[];
  total: number;
}

/** The field each unique constraint of books keeps unique, by the name knex gave it in the migration. */
const UNIQUE_FIELDS: Record<string, string> = {
  books_isbn_unique: 'isbn',
};

/** Answers a duplicate of a unique field with 409 naming the field; rethrows any other error. */
function refuseDuplicate(error: unknown): never {
  const constraint = violatedUniqueConstraint(error);
  if (constraint === undefined) throw error;
  throw new ConflictError(`a book with this ${UNIQUE_FIELDS[constraint] ?? 'value'} already exists`);
}

/** Lists one page of books ordered by id, with the total count over all pages. */
export async function listBooks(page: number, pageSize: number): Promise<BookPage> {
  // Both queries at once; page() would count only after the rows came back.
  const [books, total] = await Promise.all([
    Book.query()
      .orderBy('id')
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    Book.query().resultSize(),
  ]);
  return { books, total };
}

/** Finds one book; undefined when no row has this id. */
export async function findBook(id: number): Promise<Book | undefined> {
  return Book.query().findById(id);
}

/** Stores a new book and returns the stored row; ConflictError when a unique field's value is taken. */
export async function createBook(fields: BookCreate): Promise<Book> {
  try {
    return await Book.query().insert(fields).returning('*');
  } catch (error) {
    refuseDuplicate(error);
  }
}

/**
 * Changes only the given fields (and updatedAt), in one query; undefined when no row has this id.
 * ConflictError when a unique field's new value is another book's; nothing changes then.
 */
export async function updateBook(id: number, changes: BookUpdate): Promise<Book | undefined> {
  try {
    // patchAndFetchById would read the row back in a second query.
    const [book] = await Book.query().patch(changes).where('id', id).returning('*');
    return book;
  } catch (error) {
    refuseDuplicate(error);
  }
}

/** Deletes one book; false when no row had this id. */
export async function deleteBook(id: number): Promise<boolean> {
  // returning() instead of the row count: knex-pglite's delete gives no count.
  const deleted = await Book.query().delete().where('id', id).returning('id');
  return deleted.length > 0;
}
