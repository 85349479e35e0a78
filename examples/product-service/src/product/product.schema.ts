import Joi from 'joi';

/**
 * The largest price accepted. decimal(18,2) could hold 16 integer digits, but a
 * JSON number (an IEEE double) is only exact to 15 significant digits, so we stop
 * at 13 integer digits + 2 decimals: every accepted price reads back unchanged.
 */
export const MAX_PRICE = 9_999_999_999_999.99;
export const MAX_QUANTITY = 2_147_483_647;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

/** Rejects strings PostgreSQL cannot store unchanged (NUL) or that are not valid UTF-16 (lone surrogates). */
const storableText = (value: string, helpers: Joi.CustomHelpers) =>
  value.includes('\u0000') || !value.isWellFormed() ? helpers.error('string.storable') : value;

const textMessages = { 'string.storable': '{{#label}} must not contain NUL characters or unpaired surrogates' };

const name = Joi.string().min(1).max(100).custom(storableText).messages(textMessages).example('Widget');
const description = Joi.string().allow('').max(500).custom(storableText).messages(textMessages).example('A small widget');
const price = Joi.number().min(0.01).max(MAX_PRICE).precision(2).example(19.99);
const quantity = Joi.number().integer().min(1).max(MAX_QUANTITY).example(3);

export const productCreateSchema = Joi.object({
  name: name.required(),
  description,
  price: price.required(),
  quantity: quantity.required(),
}).label('ProductCreate');

/** Every field optional, but an empty object is refused: an update must change something. */
export const productUpdateSchema = Joi.object({ name, description, price, quantity })
  .min(1)
  .messages({ 'object.min': 'an update must change at least one field' })
  .label('ProductUpdate');

export const productSchema = Joi.object({
  id: Joi.number().integer().min(1).max(MAX_QUANTITY).required().example(1),
  name: name.required(),
  description: description.allow(null),
  price: price.required(),
  quantity: quantity.required(),
  createdAt: Joi.date().iso().required().example('2026-01-01T12:00:00.000Z'),
  updatedAt: Joi.date().iso().required().example('2026-01-01T12:00:00.000Z'),
}).label('Product');

export const idSchema = Joi.number().integer().min(1).max(2_147_483_647).label('id');

export const listQuerySchema = Joi.object({
  page: Joi.number().integer().min(1).max(1_000_000).default(1),
  pageSize: Joi.number().integer().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
}).label('ProductListQuery');

export type ProductCreate = { name: string; description?: string; price: number; quantity: number };
export type ProductUpdate = Partial<ProductCreate>;
