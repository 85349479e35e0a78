import type { Knex } from 'knex';
import { raw } from 'objection';

import { namesVersions, type Precondition, PreconditionFailedError } from '../http/conditional.js';
import type { CursorKey } from '../http/cursor.js';
import { ConflictError, violatedUniqueConstraint } from '../http/errors.js';
import { filtered, nextCursor, type PagePlan, pagePlan, pageQueries, refuseUnorderedPrefixes } from './book.list.js';
import { BookModel } from './book.model.js';
import type { BookCreate, BookUpdate, ListQuery } from './book.schema.js';

export interface BookPage {
  rows: BookModel[];
  /** The cursor of the next page; undefined on the last one. */
  next: string | undefined;
  /** The number of books matching the filters, on all pages; only with count=exact. */
  total: number | undefined;
}

/**
 * The field each unique constraint of books keeps unique, by the name knex gave it in the
 * migration. The tests read it too.
 */
export const UNIQUE_FIELDS: Record<string, string> = {
  books_isbn_unique: 'isbn',
};

/** Answers a duplicate of a unique field with 409 naming the field; rethrows any other error. */
function refuseDuplicate(error: unknown): never {
  const constraint = violatedUniqueConstraint(error);
  if (constraint === undefined) throw error;
  throw new ConflictError(`a book with this ${UNIQUE_FIELDS[constraint] ?? 'value'} already exists`);
}

/**
 * Lists one page of books in the query's order, read through an index whatever its depth
 * (see book.list.ts), with the total only when count=exact asks for it. A cursor (`after`)
 * that is not one of ours for this sort and these filters is a 400.
 */
export async function listBooks(query: ListQuery, cursorKey: CursorKey): Promise<BookPage> {
  const plan = pagePlan(query, cursorKey);
  await refuseUnorderedPrefixes(plan.filters);
  const [rows, total] = await Promise.all([readPage(plan), query.count === 'exact' ? filtered(plan.filters).resultSize() : undefined]);
  const more = rows.length > plan.pageSize;
  const page = rows.slice(0, plan.pageSize);
  return { rows: page, next: more ? nextCursor(plan, page.at(-1)!, cursorKey) : undefined, total };
}

/** Runs the page's queries in turn until one more row than the page holds has come back. */
async function readPage(plan: PagePlan): Promise<BookModel[]> {
  const rows: BookModel[] = [];
  for (const query of pageQueries(plan)) {
    rows.push(...(await query.limit(plan.pageSize + 1 - rows.length)));
    if (rows.length > plan.pageSize) break;
  }
  return rows;
}

/**
 * Finds one book; undefined when no row has this id. A plain where on the key: findById and
 * first() each add an operation whose hooks cost a get about a tenth of its CPU time.
 */
export async function findBook(id: number): Promise<BookModel | undefined> {
  const [book] = await BookModel.query().where('id', id);
  return book;
}

/** Stores a new book and returns the stored row; ConflictError when a unique field's value is taken. */
export async function createBook(fields: BookCreate, trx?: Knex.Transaction): Promise<BookModel> {
  try {
    return await BookModel.query(trx).insert(fields).returning('*');
  } catch (error) {
    refuseDuplicate(error);
  }
}

/**
 * Changes only the given fields (and updatedAt), raises the version, in one query; undefined when
 * no row has this id. With versions to match (If-Match), the check is part of that query's WHERE:
 * PreconditionFailedError when the row has another version, and nothing changes.
 * ConflictError when a unique field's new value is another book's; nothing changes then.
 */
export async function updateBook(id: number, changes: BookUpdate, precondition?: Precondition): Promise<BookModel | undefined> {
  // patchAndFetchById would read the row back in a second query.
  const query = BookModel.query()
    .patch({ ...changes, version: raw('version + 1') })
    .where('id', id);
  if (namesVersions(precondition)) query.whereIn('version', precondition.versions);
  let record: BookModel | undefined;
  try {
    [record] = await query.returning('*');
  } catch (error) {
    refuseDuplicate(error);
  }
  if (record === undefined && namesVersions(precondition)) await refuseChanged(id);
  return record;
}

/**
 * Deletes one book; false when no row had this id. With versions to match (If-Match), as
 * for an update: PreconditionFailedError when the row has another version, and it stays.
 */
export async function deleteBook(id: number, precondition?: Precondition): Promise<boolean> {
  const query = BookModel.query().delete().where('id', id);
  if (namesVersions(precondition)) query.whereIn('version', precondition.versions);
  // returning() instead of the row count: knex-pglite's delete gives no count.
  const deleted = await query.returning('id');
  if (deleted.length === 0 && namesVersions(precondition)) await refuseChanged(id);
  return deleted.length > 0;
}

/** After a write that If-Match stopped: 412 naming the current ETag, or nothing when the row is gone (404). */
async function refuseChanged(id: number): Promise<void> {
  const current = await BookModel.query().findById(id).select('version');
  if (current) throw new PreconditionFailedError(`Book ${id} has changed: its ETag is now "${current.version}"`);
}
