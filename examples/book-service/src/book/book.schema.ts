import type { Schema } from 'joi';

import { INT4_MAX } from '../http/ids.js';
import { filterParameters, type SortKey, sortParameter } from '../http/list-query.js';
import {
  calendarDate,
  DATE_TIME,
  dateMessages,
  INSTANT_RULE,
  instantMessages,
  storableInstant,
  storableText,
  textMessages,
} from '../http/value-rules.js';
import { Joi } from '../joi.js';

import type { BookJson, BookModel } from './book.model.js';

/** The largest id: PostgreSQL's integer (int4), the id column and pages are both of this type. */
export const MAX_ID = INT4_MAX;
export const MAX_PAGES = INT4_MAX;
/** The largest price decimal(10,2) holds. */
export const MAX_PRICE = 99_999_999.99;
/** Decimals a price may have; the column is decimal(10,2). */
export const PRICE_SCALE = 2;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

/** The fields a client sends; the model declares their types, and the schemas below must match them. */
export type BookCreate = Pick<BookModel, 'title' | 'isbn'> &
  Partial<Pick<BookModel, 'pages' | 'price' | 'format' | 'published' | 'available'>>;
export type BookUpdate = Partial<BookCreate>;

/** The beginning of a text key's value, for its `[prefix]` filter: at most as long as the value may be. */
const textPrefix = Joi.string().custom(storableText).messages(textMessages);

const title = Joi.string()
  .maxCharacters(200)
  .custom(storableText)
  .messages(textMessages)
  .example('The Pragmatic Programmer')
  .description('Title: 1 to 200 characters.');
const isbn = Joi.string()
  .maxCharacters(255)
  .pattern(/^[0-9-]{10,17}$/)
  .custom(storableText)
  .messages(textMessages)
  .example('978-0-13-595705-9')
  .description('Isbn: 1 to 255 characters; pattern ^[0-9-]{10,17}$.');
const pages = Joi.number()
  .integer()
  .allow(null)
  .min(1)
  .max(MAX_PAGES)
  .example(352)
  .description('Null (or leaving it out) means none, and null in an update clears it.');
const price = Joi.number()
  .allow(null)
  .min(0)
  .max(MAX_PRICE)
  .precision(PRICE_SCALE)
  .note(`At most ${PRICE_SCALE} decimals.`)
  .example(39.99)
  .description(
    `Price with at most ${PRICE_SCALE} decimals (see x-scale), from 0 to ${MAX_PRICE}; more decimals are refused, never rounded. ` +
      'Null (or leaving it out) means none, and null in an update clears it.',
  );
const format = Joi.string()
  .valid('hardcover', 'paperback', 'ebook')
  .allow(null)
  .example('paperback')
  .description('Leaving it out on create stores "paperback", null stores none, and null in an update clears it.');
const published = Joi.string()
  .allow(null)
  .pattern(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
  .custom(calendarDate)
  .messages(dateMessages)
  .example('2019-09-13')
  .description('Null (or leaving it out) means none, and null in an update clears it.');
const available = Joi.boolean()
  .allow(null)
  .example(true)
  .description('Leaving it out on create stores true, null stores none, and null in an update clears it.');

// Joi.object<T, true> makes the keys and their kinds a compile error when they drift from the type.
export const bookCreateSchema = Joi.object<BookCreate, true>({
  title: title.required(),
  isbn: isbn.required(),
  pages,
  price,
  format: format.default('paperback'),
  published,
  available: available.default(true),
}).label('BookCreate');

/** Every field optional, but an empty object is refused: an update must change something. */
export const bookUpdateSchema = Joi.object<BookUpdate, true>({ title, isbn, pages, price, format, published, available })
  .min(1)
  .messages({ 'object.min': 'an update must change at least one field' })
  .label('BookUpdate');

// createdAt and updatedAt are filters too: a day the calendar lacks (2026-02-30) must not reach the database, which errs on it.
const timestamp = Joi.string()
  .pattern(DATE_TIME, 'date-time')
  .custom(calendarDate)
  .custom(storableInstant)
  .messages({ ...dateMessages, ...instantMessages })
  .note(INSTANT_RULE)
  .example('2026-01-01T12:00:00.000Z');

/** Who made a write: the subject (`sub`) of its token, at most as long as the column holds; also the list's filter value. */
const tokenSubject = Joi.string().max(255).custom(storableText).messages(textMessages).example('admin');

/** A key the service sets itself: the document marks it readOnly, and a create or update that sends it is a 400. */
const setByService = <Rule extends Schema>(rule: Rule) => rule.meta({ swagger: { readOnly: true } }) as Rule;

/** What the API answers; used by the OpenAPI document. */
export const bookSchema = Joi.object<BookJson, true>({
  id: setByService(
    Joi.number().integer().min(1).max(MAX_ID).required().description('Given by the service on create; never changes.').example(1),
  ),
  version: setByService(
    Joi.number().integer().min(1).required().description('Raised by every update; the answer\'s ETag is "<version>".').example(1),
  ),
  title: title.required(),
  isbn: isbn.required(),
  pages: pages.required(),
  price: price.required(),
  format: format.required(),
  published: published.required(),
  available: available.required(),
  createdAt: setByService(timestamp.required().description('When the book was created, in UTC; set by the service.')),
  updatedAt: setByService(timestamp.required().description('When the book last changed, in UTC; set by the service.')),
  createdBy: setByService(
    tokenSubject.allow(null).required().description('Who created it: the subject of the token that did; null when no token was needed.'),
  ),
  updatedBy: setByService(
    tokenSubject
      .allow(null)
      .required()
      .description('Who changed it last: the subject of the token that did; null when no token was needed.'),
  ),
  deletedAt: setByService(
    timestamp.allow(null).required().description('When it was deleted; null unless it is. Only a list with `deleted` shows deleted books.'),
  ),
  deletedBy: setByService(
    tokenSubject.allow(null).required().description('Who deleted it; null unless it is deleted (or no token was needed).'),
  ),
}).label('Book');

export const idRule = Joi.number().integer().min(1).max(MAX_ID).label('id');

/** Rows a numbered page may skip: deeper pages cost their depth, the cursor (`after`) does not. */
export const MAX_OFFSET = 10_000;

/**
 * What the list sorts and filters by: id, the timestamps, and the unique and indexed fields. Each
 * has an index, so every list query reads only about the rows it answers.
 */
export const LIST_KEYS = ['id', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'isbn'] as const;
export type ListKey = (typeof LIST_KEYS)[number];

/** The list's parameters once validated: paging, sort, count, and filters named after the keys (`createdAt[gte]`). */
export interface ListQuery {
  page?: number;
  pageSize: number;
  after?: string;
  sort?: SortKey<ListKey>[];
  count?: 'exact';
  deleted?: 'only' | 'include';
  [filter: string]: unknown;
}

export const listQueryRules = Joi.object<ListQuery>({
  page: Joi.number()
    .integer()
    .min(1)
    .max(MAX_OFFSET + 1)
    .description(
      `Page number, starting at 1; a page may start at most ${MAX_OFFSET} rows deep. ` +
        'For deeper pages, and for pages that stay put while rows are added, follow the Link header (after).',
    ),
  pageSize: Joi.number()
    .integer()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(DEFAULT_PAGE_SIZE)
    .description(`Books per page, from 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}).`),
  after: Joi.string()
    .max(4_000)
    .description('Where the page starts: the cursor from the Link header (rel="next") of the page before, for the same sort and filters.'),
  sort: sortParameter(LIST_KEYS),
  count: Joi.string().valid('exact').description('exact: X-Total-Count holds the number of matching books, which costs reading them all.'),
  deleted: Joi.string()
    .valid('only', 'include')
    .description(
      'only: the deleted books alone; include: deleted and live ones. Without it the list holds no deleted book. ' +
        'Needs a token with the `books:admin` scope (else 401 or 403). A deleted book is purged for good DELETED_RETENTION_DAYS after its delete.',
    ),
  ...filterParameters('id', Joi.number().integer().min(1).max(MAX_ID)),
  ...filterParameters('createdAt', timestamp),
  ...filterParameters('updatedAt', timestamp),
  ...filterParameters('createdBy', tokenSubject),
  ...filterParameters('updatedBy', tokenSubject),
  ...filterParameters('isbn', isbn, textPrefix.maxCharacters(255)),
})
  .oxor('page', 'after')
  .custom((query: ListQuery, helpers) => {
    const deepest = Math.floor(MAX_OFFSET / query.pageSize) + 1;
    return query.page !== undefined && query.page > deepest ? helpers.error('page.depth', { deepest }) : query;
  })
  .messages({
    'object.oxor': '"page" and "after" cannot be used together: after already says where the page starts',
    'page.depth': `"page" must be at most {#deepest} with this pageSize: a page may start at most ${MAX_OFFSET} rows deep; follow the Link header (after) to go further`,
  })
  .label('BookListQuery');
