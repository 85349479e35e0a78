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

import type { ProductJson, ProductModel } from './product.model.js';

/** The largest id: PostgreSQL's integer (int4), the id column and quantity are both of this type. */
export const MAX_ID = INT4_MAX;
export const MAX_QUANTITY = INT4_MAX;
/**
 * The largest price accepted. decimal(18,2) could hold 16 integer digits, but a
 * JSON number (an IEEE double) is only exact to 15 significant digits, so we stop
 * at 13 integer digits + 2 decimals: every accepted price reads back unchanged.
 */
export const MAX_PRICE = 9_999_999_999_999.99;
/** Decimals a price may have; the column is decimal(18,2). */
export const PRICE_SCALE = 2;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

/** The fields a client sends; the model declares their types, and the schemas below must match them. */
export type ProductCreate = Pick<ProductModel, 'name' | 'price' | 'quantity'> & Partial<Pick<ProductModel, 'description'>>;
export type ProductUpdate = Partial<ProductCreate>;

const name = Joi.string()
  .minCharacters(1)
  .maxCharacters(100)
  .custom(storableText)
  .messages(textMessages)
  .example('Widget')
  .description('Name: 1 to 100 characters.');
const description = Joi.string()
  .allow('', null)
  .maxCharacters(500)
  .custom(storableText)
  .messages(textMessages)
  .example('A small widget')
  .description('Free text; null (or leaving it out) means none, and null in an update clears it.');
const price = Joi.number()
  .min(0.01)
  .max(MAX_PRICE)
  .precision(PRICE_SCALE)
  .note(`At most ${PRICE_SCALE} decimals.`)
  .example(19.99)
  .description(
    `Price with at most ${PRICE_SCALE} decimals (see x-scale), from 0.01 to ${MAX_PRICE}; more decimals are refused, never rounded. ` +
      'The upper bound is below what decimal(18,2) could store because a JSON number is only exact to 15 ' +
      'significant digits: 13 integer digits plus 2 decimals always read back unchanged.',
  );
const quantity = Joi.number().integer().min(1).max(MAX_QUANTITY).example(3).description('Quantity: 1 to 2147483647.');

// Joi.object<T, true> makes the keys and their kinds a compile error when they drift from the type.
export const productCreateSchema = Joi.object<ProductCreate, true>({
  name: name.required(),
  description,
  price: price.required(),
  quantity: quantity.required(),
}).label('ProductCreate');

/** Every field optional, but an empty object is refused: an update must change something. */
export const productUpdateSchema = Joi.object<ProductUpdate, true>({ name, description, price, quantity })
  .min(1)
  .messages({ 'object.min': 'an update must change at least one field' })
  .label('ProductUpdate');

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
export const productSchema = Joi.object<ProductJson, true>({
  id: setByService(
    Joi.number().integer().min(1).max(MAX_ID).required().description('Given by the service on create; never changes.').example(1),
  ),
  version: setByService(
    Joi.number().integer().min(1).required().description('Raised by every update; the answer\'s ETag is "<version>".').example(1),
  ),
  name: name.required(),
  description: description.required(),
  price: price.required(),
  quantity: quantity.required(),
  createdAt: setByService(timestamp.required().description('When the product was created, in UTC; set by the service.')),
  updatedAt: setByService(timestamp.required().description('When the product last changed, in UTC; set by the service.')),
  createdBy: setByService(
    tokenSubject.allow(null).required().description('Who created it: the subject of the token that did; null when no token was needed.'),
  ),
  updatedBy: setByService(
    tokenSubject
      .allow(null)
      .required()
      .description('Who changed it last: the subject of the token that did; null when no token was needed.'),
  ),
}).label('Product');

export const idRule = Joi.number().integer().min(1).max(MAX_ID).label('id');

/** Rows a numbered page may skip: deeper pages cost their depth, the cursor (`after`) does not. */
export const MAX_OFFSET = 10_000;

/**
 * What the list sorts and filters by: id, the timestamps, and the unique and indexed fields. Each
 * has an index, so every list query reads only about the rows it answers.
 */
export const LIST_KEYS = ['id', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'] as const;
export type ListKey = (typeof LIST_KEYS)[number];

/** The list's parameters once validated: paging, sort, count, and filters named after the keys (`createdAt[gte]`). */
export interface ListQuery {
  page?: number;
  pageSize: number;
  after?: string;
  sort?: SortKey<ListKey>[];
  count?: 'exact';
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
    .description(`Products per page, from 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}).`),
  after: Joi.string()
    .max(4_000)
    .description('Where the page starts: the cursor from the Link header (rel="next") of the page before, for the same sort and filters.'),
  sort: sortParameter(LIST_KEYS),
  count: Joi.string()
    .valid('exact')
    .description('exact: X-Total-Count holds the number of matching products, which costs reading them all.'),
  ...filterParameters('id', Joi.number().integer().min(1).max(MAX_ID)),
  ...filterParameters('createdAt', timestamp),
  ...filterParameters('updatedAt', timestamp),
  ...filterParameters('createdBy', tokenSubject),
  ...filterParameters('updatedBy', tokenSubject),
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
  .label('ProductListQuery');
