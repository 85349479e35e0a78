import type { Knex } from 'knex';
import { type QueryBuilder, raw } from 'objection';

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
  const [rows, total] = await Promise.all([
    readPage(plan),
    query.count === 'exact' ? filtered(plan.filters, plan.deleted).resultSize() : undefined,
  ]);
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

/** The books not deleted: every read and write but restore and the purge sees only these. */
const live = (trx?: Knex.Transaction) => BookModel.query(trx).whereNull('deleted_at');

/**
 * Finds one book; undefined when no row has this id, or it is deleted. A plain where on the
 * key: findById and first() each add an operation whose hooks cost a get about a tenth of its CPU time.
 */
export async function findBook(id: number): Promise<BookModel | undefined> {
  const [found] = await live().where('id', id);
  return found;
}

/**
 * Stores a new book created by `actor` (auth/actor.ts) and returns the stored row;
 * ConflictError when a unique field's value is taken.
 */
export async function createBook(fields: BookCreate, actor: string | null, trx?: Knex.Transaction): Promise<BookModel> {
  try {
    return await BookModel.query(trx)
      .insert({ ...fields, createdBy: actor, updatedBy: actor })
      .returning('*');
  } catch (error) {
    refuseDuplicate(error);
  }
}

/**
 * Changes only the given fields (and updatedAt and updatedBy, to `actor`), raises the version, in
 * one query; undefined when no live row has this id. With versions to match (If-Match), the check is
 * part of that query's WHERE: PreconditionFailedError when the row has another version, and
 * nothing changes. ConflictError when a unique field's new value is another book's; nothing changes then.
 */
export async function updateBook(
  id: number,
  changes: BookUpdate,
  actor: string | null,
  precondition?: Precondition,
): Promise<BookModel | undefined> {
  // patchAndFetchById would read the row back in a second query.
  const query = live()
    .patch({ ...changes, updatedBy: actor, version: raw('version + 1') })
    .where('id', id);
  const record = await writeOne(query, precondition);
  if (record === undefined && namesVersions(precondition)) await refuseChanged(id);
  return record;
}

/**
 * Runs a patch of one row and gives back the row as written, or undefined when its WHERE matched
 * none: the If-Match versions join that WHERE, and a unique value taken is a ConflictError.
 */
async function writeOne(query: QueryBuilder<BookModel, number>, precondition?: Precondition): Promise<BookModel | undefined> {
  if (namesVersions(precondition)) query.whereIn('version', precondition.versions);
  try {
    const [record] = await query.returning('*');
    return record;
  } catch (error) {
    refuseDuplicate(error);
  }
}

/**
 * Deletes one book for `actor`: the row stays, hidden from every read but a list with
 * `deleted`, restorable until the purge removes it (see purgeDeletedBooks); its unique
 * values are free at once. False when no live row has this id. With versions to match (If-Match),
 * as for an update: PreconditionFailedError when the row has another version, and it stays live.
 */
export async function deleteBook(id: number, actor: string | null, precondition?: Precondition): Promise<boolean> {
  const query = live()
    .patch({ deletedAt: new Date().toISOString(), deletedBy: actor, updatedBy: actor, version: raw('version + 1') })
    .where('id', id);
  if (namesVersions(precondition)) query.whereIn('version', precondition.versions);
  const deleted = await query.returning('id');
  if (deleted.length === 0 && namesVersions(precondition)) await refuseChanged(id);
  return deleted.length > 0;
}

/**
 * Brings a deleted book back for `actor` and returns it; undefined when no row has this id
 * (never had, or purged). ConflictError when it is not deleted, or when a live book took one
 * of its unique values meanwhile; PreconditionFailedError when If-Match names another version.
 */
export async function restoreBook(
  id: number,
  actor: string | null,
  precondition?: Precondition,
  trx?: Knex.Transaction,
): Promise<BookModel | undefined> {
  const query = BookModel.query(trx)
    .patch({ deletedAt: null, deletedBy: null, updatedBy: actor, version: raw('version + 1') })
    .where('id', id)
    .whereNotNull('deleted_at');
  const record = await writeOne(query, precondition);
  if (record !== undefined) return record;
  const current = await BookModel.query(trx).findById(id).select('version', 'deleted_at');
  if (current?.deletedAt === null) throw new ConflictError(`Book ${id} is not deleted`);
  if (current) throw new PreconditionFailedError(`Book ${id} has changed: its ETag is now "${current.version}"`);
  return undefined;
}

/** Deleted rows one purge statement removes: it locks few rows, briefly. */
const PURGE_BATCH = 500;

/**
 * Removes for good the books deleted before `before` (every deleted one without it), a
 * batch per statement; returns how many. Replicas purging at once take different rows (SKIP
 * LOCKED): no row is purged twice and none waits for another's batch.
 */
export async function purgeDeletedBooks(before?: Date): Promise<number> {
  let purged = 0;
  for (;;) {
    const removed = await purgeBatch(BookModel.query(), before);
    purged += removed.length;
    if (removed.length < PURGE_BATCH) return purged;
  }
}

/**
 * One batch of the purge, in one statement: the batch is locked and read once (a materialized WITH:
 * as a subquery of the DELETE the planner may read it again, and skip rows it locked itself),
 * then deleted.
 */
function purgeBatch(query: QueryBuilder<BookModel, BookModel[]>, before: Date | undefined) {
  const batch = BookModel.query().select('id').whereNotNull('deleted_at').orderBy('deleted_at').limit(PURGE_BATCH).forUpdate().skipLocked();
  if (before !== undefined) batch.where('deleted_at', '<', before.toISOString());
  return query
    .withMaterialized('batch', batch)
    .delete()
    .whereIn('id', (ids) => ids.select('id').from('batch'))
    .returning('id');
}

/** When the book deleted longest ago was deleted; undefined when none is. */
export async function oldestBookDeletion(): Promise<string | undefined> {
  const oldest = await BookModel.query().select('deleted_at').whereNotNull('deleted_at').orderBy('deleted_at').first();
  return oldest?.deletedAt ?? undefined;
}

/** After a write that If-Match stopped: 412 naming the current ETag, or nothing when the row is gone (404). */
async function refuseChanged(id: number): Promise<void> {
  const current = await live().findById(id).select('version');
  if (current) throw new PreconditionFailedError(`Book ${id} has changed: its ETag is now "${current.version}"`);
}
