import type { Knex } from 'knex';
import { type QueryBuilder, raw } from 'objection';

import { namesVersions, type Precondition, PreconditionFailedError } from '../http/conditional.js';
import type { CursorKey } from '../http/cursor.js';
import { ConflictError, violatedUniqueConstraint } from '../http/errors.js';
import { filtered, nextCursor, type PagePlan, pagePlan, pageQueries } from './product.list.js';
import { ProductModel } from './product.model.js';
import type { ListQuery, ProductCreate, ProductUpdate } from './product.schema.js';

export interface ProductPage {
  rows: ProductModel[];
  /** The cursor of the next page; undefined on the last one. */
  next: string | undefined;
  /** The number of products matching the filters, on all pages; only with count=exact. */
  total: number | undefined;
}

/**
 * The field each unique constraint of products keeps unique, by the name knex gave it in the
 * migration (none yet: a unique field's constraint goes here). The tests read it too.
 */
export const UNIQUE_FIELDS: Record<string, string> = {};

/** Answers a duplicate of a unique field with 409 naming the field; rethrows any other error. */
function refuseDuplicate(error: unknown): never {
  const constraint = violatedUniqueConstraint(error);
  if (constraint === undefined) throw error;
  throw new ConflictError(`a product with this ${UNIQUE_FIELDS[constraint] ?? 'value'} already exists`);
}

/**
 * Lists one page of products in the query's order, read through an index whatever its depth
 * (see product.list.ts), with the total only when count=exact asks for it. A cursor (`after`)
 * that is not one of ours for this sort and these filters is a 400.
 */
export async function listProducts(query: ListQuery, cursorKey: CursorKey): Promise<ProductPage> {
  const plan = pagePlan(query, cursorKey);
  const [rows, total] = await Promise.all([readPage(plan), query.count === 'exact' ? filtered(plan.filters).resultSize() : undefined]);
  const more = rows.length > plan.pageSize;
  const page = rows.slice(0, plan.pageSize);
  return { rows: page, next: more ? nextCursor(plan, page.at(-1)!, cursorKey) : undefined, total };
}

/** Runs the page's queries in turn until one more row than the page holds has come back. */
async function readPage(plan: PagePlan): Promise<ProductModel[]> {
  const rows: ProductModel[] = [];
  for (const query of pageQueries(plan)) {
    rows.push(...(await query.limit(plan.pageSize + 1 - rows.length)));
    if (rows.length > plan.pageSize) break;
  }
  return rows;
}

/**
 * Finds one product; undefined when no row has this id. A plain where on the key: findById and
 * first() each add an operation whose hooks cost a get about a tenth of its CPU time.
 */
export async function findProduct(id: number): Promise<ProductModel | undefined> {
  const [found] = await ProductModel.query().where('id', id);
  return found;
}

/**
 * Stores a new product created by `actor` (auth/actor.ts) and returns the stored row;
 * ConflictError when a unique field's value is taken.
 */
export async function createProduct(fields: ProductCreate, actor: string | null, trx?: Knex.Transaction): Promise<ProductModel> {
  try {
    return await ProductModel.query(trx)
      .insert({ ...fields, createdBy: actor, updatedBy: actor })
      .returning('*');
  } catch (error) {
    refuseDuplicate(error);
  }
}

/**
 * Changes only the given fields (and updatedAt and updatedBy, to `actor`), raises the version, in
 * one query; undefined when no row has this id. With versions to match (If-Match), the check is
 * part of that query's WHERE: PreconditionFailedError when the row has another version, and
 * nothing changes. ConflictError when a unique field's new value is another product's; nothing changes then.
 */
export async function updateProduct(
  id: number,
  changes: ProductUpdate,
  actor: string | null,
  precondition?: Precondition,
): Promise<ProductModel | undefined> {
  // patchAndFetchById would read the row back in a second query.
  const query = ProductModel.query()
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
async function writeOne(query: QueryBuilder<ProductModel, number>, precondition?: Precondition): Promise<ProductModel | undefined> {
  if (namesVersions(precondition)) query.whereIn('version', precondition.versions);
  try {
    const [record] = await query.returning('*');
    return record;
  } catch (error) {
    refuseDuplicate(error);
  }
}

/**
 * Deletes one product; false when no row had this id. With versions to match (If-Match), as
 * for an update: PreconditionFailedError when the row has another version, and it stays.
 */
export async function deleteProduct(id: number, precondition?: Precondition): Promise<boolean> {
  const query = ProductModel.query().delete().where('id', id);
  if (namesVersions(precondition)) query.whereIn('version', precondition.versions);
  // returning() instead of the row count: knex-pglite's delete gives no count.
  const deleted = await query.returning('id');
  if (deleted.length === 0 && namesVersions(precondition)) await refuseChanged(id);
  return deleted.length > 0;
}

/** After a write that If-Match stopped: 412 naming the current ETag, or nothing when the row is gone (404). */
async function refuseChanged(id: number): Promise<void> {
  const current = await ProductModel.query().findById(id).select('version');
  if (current) throw new PreconditionFailedError(`Product ${id} has changed: its ETag is now "${current.version}"`);
}
