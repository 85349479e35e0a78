import { createHash } from 'node:crypto';

import type { QueryBuilder } from 'objection';

import { type CursorKey, readCursor, signCursor } from '../http/cursor.js';
import { type Filter, filtersOf, fromQueryString, ListQueryError, prefixEnd, type SortKey, unknownParameter } from '../http/list-query.js';
import { validator } from '../http/validate.js';
import { ProductModel } from './product.model.js';
import { LIST_KEYS, type ListKey, type ListQuery, listQueryRules } from './product.schema.js';

/** Each list key's column, whether rows may have no value in it, and whether no two rows share one. */
// A mapped type rather than Record<...>: an entity may be called Record.
const COLUMNS: { [key in ListKey]: { column: string; nullable: boolean; unique: boolean } } = {
  id: { column: 'id', nullable: false, unique: true },
  createdAt: { column: 'created_at', nullable: false, unique: false },
  updatedAt: { column: 'updated_at', nullable: false, unique: false },
  createdBy: { column: 'created_by', nullable: true, unique: false },
  updatedBy: { column: 'updated_by', nullable: true, unique: false },
};

// Defaults (pageSize) are filled in; values are not converted: fromQueryString makes numbers of digits, nothing else.
const validateListQuery = validator(listQueryRules);
const LIST_PARAMETERS = Object.keys(listQueryRules.describe().keys ?? {});
const NUMERIC_PARAMETERS = new Set(['page', 'pageSize', 'id']);

/** The list's query string, checked by its rules: an unknown parameter, or a value the rules refuse, is a 400. */
export function listQueryOf(queryString: Record<string, string | string[] | undefined>): ListQuery {
  // Joi silently skips a "__proto__" key, so unknown parameter names are refused here first.
  const unknown = Object.keys(queryString).find((key) => !LIST_PARAMETERS.includes(key));
  if (unknown !== undefined) throw new ListQueryError(unknownParameter(unknown, LIST_KEYS, LIST_PARAMETERS));
  return validateListQuery(fromQueryString(queryString, NUMERIC_PARAMETERS));
}

type Query = QueryBuilder<ProductModel, ProductModel[]>;
/** A condition on the rows, applied to a query. */
type Condition = (query: Query) => void;

/** What a page reads: the order (the sort, then id), the filters, and where it starts. */
export interface PagePlan {
  order: SortKey<ListKey>[];
  filters: Filter[];
  pageSize: number;
  offset: number;
  /** The order's values of the row before the page, from the cursor; undefined on a first or numbered page. */
  after: unknown[] | undefined;
  /** The sort and filters as the cursor records them: a cursor only continues the list it was made for. */
  sort: string;
  fingerprint: string;
}

/** What a cursor holds, signed: the list it continues and the last row's values in its order. */
interface Cursor {
  sort: string;
  filters: string;
  after: unknown[];
}

/** The plan of the page a validated query asks for; a cursor that is not one of ours for this list is a 400. */
export function pagePlan(query: ListQuery, key: CursorKey): PagePlan {
  const sort = query.sort ?? [{ key: 'id', descending: false }];
  // id last, so that the order is total; in the direction of the last key, so one index serves both.
  const ordering = sort.some(({ key }) => key === 'id') ? sort : [...sort, { key: 'id' as const, descending: sort.at(-1)!.descending }];
  const filters = filtersOf(query, LIST_KEYS);
  refuseUnindexedFilters(filters, ordering);
  const plan = {
    order: ordering,
    filters,
    pageSize: query.pageSize,
    offset: ((query.page ?? 1) - 1) * query.pageSize,
    after: undefined,
    sort: sort.map(({ key, descending }) => `${descending ? '-' : ''}${key}`).join(','),
    fingerprint: createHash('sha256').update(JSON.stringify(filters)).digest('base64url').slice(0, 22),
  };
  if (query.after === undefined) return plan;
  const cursor = readCursor(key, query.after) as Cursor | undefined;
  if (cursor === undefined)
    throw new ListQueryError('"after" is not a cursor of this service: it was changed or cut, or made by another one');
  if (cursor.sort !== plan.sort) throw new ListQueryError(`"after" was made for sort=${cursor.sort}, not sort=${plan.sort}`);
  if (cursor.filters !== plan.fingerprint) throw new ListQueryError('"after" was made for other filters: start again from the first page');
  return { ...plan, after: cursor.after };
}

/**
 * Refuses filters that no index can serve together with the order: the database would read
 * and skip every row that does not match, a cost that grows with the table. A page is read
 * from one index when the filters are on one key and that key leads the order (or they are
 * exact matches and the order is by id alone: the (key, id) index). An exact match on a unique
 * key finds one row at most, and combines with anything.
 */
function refuseUnindexedFilters(filters: Filter[], order: SortKey<ListKey>[]): void {
  const narrowing = filters.filter((filter) => !(filter.operator === 'eq' && COLUMNS[filter.key as ListKey].unique));
  const keys = [...new Set(narrowing.map((filter) => filter.key))];
  const [key] = keys;
  if (key === undefined) return;
  if (keys.length > 1) {
    throw new ListQueryError(
      `filters on ${keys.join(' and ')} at once are not served by one index: filter on one of them (an exact match on a unique key combines with any)`,
    );
  }
  const leadsOrder = order[0]?.key === key;
  const exactByIdOrder = order.length === 1 && narrowing.every((filter) => filter.operator === 'eq');
  if (!leadsOrder && !exactByIdOrder) {
    throw new ListQueryError(`a list filtered by ${key} is read from its index in ${key} order only: add sort=${key} (or sort=-${key})`);
  }
}

/** The cursor of the page after the one that ended with `last`. */
export function nextCursor(plan: PagePlan, last: ProductModel, key: CursorKey): string {
  const cursor: Cursor = { sort: plan.sort, filters: plan.fingerprint, after: plan.order.map((sortKey) => last[sortKey.key]) };
  return signCursor(key, cursor);
}

/**
 * The queries that read a page (one more row than pageSize, to know whether another follows),
 * in order: the rows they return, concatenated, are the list from where the page starts. Each
 * one reads one stretch of an index in order, so its cost does not grow with the table; the
 * next one is needed only when a stretch ends before the page is full.
 */
export function pageQueries(plan: PagePlan): Query[] {
  const stretches = plan.after === undefined ? [[]] : stretchesAfter(plan.order, plan.after);
  return stretches.map((conditions) => {
    const query = filtered(plan.filters);
    for (const condition of conditions) condition(query);
    for (const { key, descending } of plan.order) query.orderBy(COLUMNS[key].column, descending ? 'desc' : 'asc');
    return query.limit(plan.pageSize + 1).offset(plan.offset);
  });
}

/** The rows that match the filters, unordered: what count=exact counts. */
export function filtered(filters: readonly Filter[]): Query {
  const query = ProductModel.query();
  for (const { key, operator, value } of filters) {
    const column = COLUMNS[key as ListKey].column;
    if (operator === 'in') query.whereIn(column, value as (string | number)[]);
    else if (operator === 'prefix') startsWith(query, column, value as string);
    else query.where(column, SQL_OPERATORS[operator], value as string | number);
  }
  return query;
}

/**
 * The texts that start with `prefix`, as one range of the column's index: from the prefix up to
 * the first text after all that start with it (`ab` up to `ac`). LIKE 'ab%' would say
 * the same, but PostgreSQL reads it through the index only under the collation C.
 */
function startsWith(query: Query, column: string, prefix: string): void {
  query.where(column, '>=', prefix);
  const end = prefixEnd(prefix);
  if (end !== undefined) query.where(column, '<', end);
}

const SQL_OPERATORS = { eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

/**
 * The rows after the row whose values in `order` are `values`, as stretches of the order:
 * first those equal to it in every key but the last ones, then those equal in fewer keys.
 * PostgreSQL sorts a missing value (null) after every other one, so ascending they come last
 * and descending first; a comparison with null is never true, so they get stretches of their own.
 */
function stretchesAfter(order: SortKey<ListKey>[], values: unknown[]): Condition[][] {
  const stretches: Condition[][] = [];
  const last = order.length - 1;
  // A key and the id after it, in one direction and with a value, continue in one stretch of their (key, id) index.
  const paired =
    last > 0 && order[last]!.key === 'id' && order[last]!.descending === order[last - 1]!.descending && values[last - 1] !== null;
  for (let level = paired ? last - 1 : last; level >= 0; level--) {
    const equal = order.slice(0, level).map((sortKey, i) => equalTo(sortKey.key, values[i]));
    const after = keyAfter(order[level]!, values[level]);
    if (paired && level === last - 1) after[0] = rowAfter(order[level]!, values[level], values[last]);
    for (const condition of after) stretches.push([...equal, condition]);
  }
  return stretches;
}

function equalTo(key: ListKey, value: unknown): Condition {
  const { column } = COLUMNS[key];
  return (query) => (value === null ? query.whereNull(column) : query.where(column, value as string | number));
}

/** The rows after `value` in one key's order, as up to two stretches. */
function keyAfter({ key, descending }: SortKey<ListKey>, value: unknown): Condition[] {
  const { column, nullable } = COLUMNS[key];
  if (value === null) return descending ? [(query) => query.whereNotNull(column)] : [];
  const beyond: Condition = (query) => query.where(column, descending ? '<' : '>', value as string | number);
  return nullable && !descending ? [beyond, (query) => query.whereNull(column)] : [beyond];
}

/** `(key, id) > (value, id)`: a row comparison, which PostgreSQL reads as one range of the (key, id) index. */
function rowAfter({ key, descending }: SortKey<ListKey>, value: unknown, id: unknown): Condition {
  const { column } = COLUMNS[key];
  // Objection has no row comparison; ?? quotes the columns, ? binds the values.
  return (query) => query.whereRaw(`(??, ??) ${descending ? '<' : '>'} (?, ?)`, [column, 'id', value as string | number, id as number]);
}
