import Router from '@koa/router';
import type { Context } from 'koa';

import type { Guard } from '../auth/guard.js';
import { jsonBody } from '../http/json-body.js';
import { validate } from '../http/validate.js';
import {
  createProduct,
  deleteProduct,
  findProduct,
  listProducts,
  updateProduct,
} from './product.repository.js';
import {
  idSchema,
  listQuerySchema,
  productCreateSchema,
  productUpdateSchema,
  type ProductCreate,
  type ProductUpdate,
} from './product.schema.js';

export const ROUTE_PREFIX = '/api/products';

const LIST_QUERY_KEYS = Object.keys((listQuerySchema.describe() as { keys: Record<string, unknown> }).keys);

/**
 * The product API: list, read, create, partial update and delete under /api/products.
 * `guard` decides which of them need a token (AUTH_MODE); it runs before any body is read.
 */
export function createProductRouter(guard: Guard): Router {
  const router = new Router({ prefix: ROUTE_PREFIX });

  router.get('/', guard.read, async (ctx) => {
    // Joi silently skips a "__proto__" key, so unknown parameter names are refused here first.
    const unknown = Object.keys(ctx.query).find((key) => !LIST_QUERY_KEYS.includes(key));
    if (unknown !== undefined) ctx.throw(400, `"${unknown}" is not allowed`);
    // Query values are strings, so this one schema converts ("20" -> 20); bodies never do.
    const { page, pageSize } = validate<{ page: number; pageSize: number }>(listQuerySchema, ctx.query, {
      convert: true,
    });
    const result = await listProducts(page, pageSize);
    ctx.set('X-Total-Count', String(result.total));
    ctx.body = result.products;
  });

  router.get('/:id', guard.read, async (ctx) => {
    const id = parseId(ctx);
    const product = await findProduct(id);
    if (!product) notFound(ctx, id);
    ctx.body = product;
  });

  router.post('/', guard.write, jsonBody(), async (ctx) => {
    const input = validate<ProductCreate>(productCreateSchema, ctx.request.body);
    const product = await createProduct(input);
    ctx.status = 201;
    ctx.set('Location', `${ROUTE_PREFIX}/${product.id}`);
    ctx.body = product;
  });

  router.put('/:id', guard.write, jsonBody(), async (ctx) => {
    const id = parseId(ctx);
    const changes = validate<ProductUpdate>(productUpdateSchema, ctx.request.body);
    const product = await updateProduct(id, changes);
    if (!product) notFound(ctx, id);
    ctx.body = product;
  });

  router.delete('/:id', guard.write, async (ctx) => {
    const id = parseId(ctx);
    if (!(await deleteProduct(id))) notFound(ctx, id);
    ctx.status = 204;
  });

  return router;
}

// Digits only: Joi would also accept "1e3", "+7" or " 7" and turn them into numbers.
const DIGITS = /^[1-9][0-9]{0,9}$/;

/** The :id parameter as a positive 32-bit integer; anything else is a 400 before any query. */
function parseId(ctx: Context & { params: Record<string, string> }): number {
  const raw = ctx.params.id ?? '';
  const { value, error } = idSchema.validate(Number(raw));
  if (!DIGITS.test(raw) || error) ctx.throw(400, 'id must be a positive integer');
  return value as number;
}

function notFound(ctx: Context, id: number): never {
  ctx.throw(404, `Product ${id} not found`);
}
