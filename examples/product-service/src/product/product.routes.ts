import { randomBytes } from 'node:crypto';

import type { Router, RouterContext } from '@koa/router';

import { actorOf } from '../auth/actor.js';
import type { Guard } from '../auth/guard.js';
import { productsPath } from '../client/paths.js';
import { etag, ifMatch, notModified } from '../http/conditional.js';
import type { CursorKey } from '../http/cursor.js';
import { answer, fingerprint, idempotencyKey, once, type StoredAnswer } from '../http/idempotency.js';
import { parseId } from '../http/ids.js';
import { sendSerialized } from '../http/json-answer.js';
import { jsonBodyParser } from '../http/json-body.js';
import { nextPage } from '../http/list-query.js';
import { type Api, apiRouter, type Operation, type WriteRules } from '../http/operations.js';
import { validator } from '../http/validate.js';
import { mergeConditional } from '../openapi/conditional.js';
import { ID_BAD_REQUEST } from '../openapi/responses.js';
import { errors, jsonContent, queryParameters, ref } from '../openapi/schema.js';
import { listQueryOf } from './product.list.js';
import { ProductModel } from './product.model.js';
import {
  CREATE_BAD_REQUEST,
  etagHeader,
  idParameter,
  LIST_RULES,
  listBadRequest,
  productBody,
  productComponents,
  productExamples,
  productJson,
  productListJson,
  UPDATE_BAD_REQUEST,
} from './product.openapi.js';
import { createProduct, deleteProduct, findProduct, listProducts, updateProduct } from './product.repository.js';
import { listQueryRules, productCreateSchema, productUpdateSchema } from './product.schema.js';

const validateCreate = validator(productCreateSchema);
const validateUpdate = validator(productUpdateSchema);

/**
 * The product API: each operation's handler next to its description in the OpenAPI document.
 * `guard` checks what an operation needs beyond its `access` (apiRouter checks that).
 */
function operations(cursorKey: CursorKey, rules: WriteRules): Operation[] {
  return [
    {
      method: 'get',
      access: 'read',
      path: '/',
      doc: {
        operationId: 'listProducts',
        summary: 'List products',
        description:
          'Returns one page of products in the order of `sort` (id by default; equal keys by id), with the filters applied. ' +
          'When another page follows, the Link header (rel="next") holds its address: following it walks the whole list, ' +
          'each product once, also while others are added and deleted. Sorting and filtering are by keys with an index, ' +
          'so every page costs about the same however deep it is; only count=exact reads every matching product.\n\n' +
          LIST_RULES,
        parameters: queryParameters(listQueryRules),
        responses: {
          200: {
            description: 'One page of products (an empty array when there are none).',
            headers: { Link: ref('headers', 'Link'), 'X-Total-Count': ref('headers', 'XTotalCount') },
            content: jsonContent('Product', { array: true }),
          },
          400: listBadRequest,
          ...errors('InternalServerError', 'ServiceUnavailable'),
        },
      },
      handlers: [
        async (ctx) => {
          const query = listQueryOf(ctx.query);
          const { rows, next, total } = await listProducts(query, cursorKey);
          if (total !== undefined) ctx.set('X-Total-Count', String(total));
          if (next !== undefined) ctx.set('Link', `<${nextPage(ctx, next)}>; rel="next"`);
          sendSerialized(ctx, productListJson(rows));
        },
      ],
    },
    {
      method: 'post',
      access: 'write',
      path: '/',
      doc: {
        operationId: 'createProduct',
        summary: 'Create a new product',
        description: 'Send an Idempotency-Key to make retries safe: they get the first answer back instead of a second product.',
        parameters: [ref('parameters', 'IdempotencyKey')],
        requestBody: { required: true, content: jsonContent('ProductCreate', { examples: productExamples.create }) },
        responses: {
          201: {
            description: 'The stored product.',
            headers: { Location: ref('headers', 'Location'), ...etagHeader, 'Idempotent-Replayed': ref('headers', 'IdempotentReplayed') },
            content: productBody,
          },
          400: CREATE_BAD_REQUEST,
          422: ref('responses', 'UnprocessableEntity'),
          ...errors('PayloadTooLarge', 'UnsupportedMediaType', 'InternalServerError', 'ServiceUnavailable'),
        },
      },
      handlers: [
        jsonBodyParser(),
        async (ctx) => {
          const key = idempotencyKey(ctx);
          const fields = validateCreate(ctx.request.body);
          const actor = actorOf(ctx);
          if (key === undefined) return answer(ctx, created(await createProduct(fields, actor)));
          const request = { key, fingerprint: fingerprint(ctx), ttlSeconds: rules.idempotencyKeyTtlSeconds };
          const { answer: stored, replayed } = await once(ProductModel.knex(), request, async (trx) =>
            created(await createProduct(fields, actor, trx)),
          );
          if (replayed) ctx.set('Idempotent-Replayed', 'true');
          answer(ctx, stored);
        },
      ],
    },
    {
      method: 'get',
      access: 'read',
      path: '/:id',
      doc: {
        operationId: 'getProduct',
        summary: 'Get one product by id',
        parameters: [...idParameter, ref('parameters', 'IfNoneMatch')],
        responses: {
          200: { description: 'The product.', headers: etagHeader, content: productBody },
          304: ref('responses', 'NotModified'),
          400: ID_BAD_REQUEST,
          ...errors('NotFound', 'InternalServerError', 'ServiceUnavailable'),
        },
      },
      handlers: [
        async (ctx) => {
          const id = parseId(ctx);
          const record = (await findProduct(id)) ?? notFound(ctx, id);
          ctx.set('ETag', etag(record.version));
          if (notModified(ctx, record.version)) ctx.status = 304;
          else sendSerialized(ctx, productJson(record));
        },
      ],
    },
    {
      method: 'put',
      access: 'write',
      path: '/:id',
      doc: {
        operationId: 'updateProduct',
        summary: 'Update one product',
        description:
          'Partial update: only the fields in the body change, the others keep their values. ' +
          '`"description": null` clears the description. ' +
          'An empty body (`{}`) is refused with 400 because it would change nothing. ' +
          'With If-Match, the update happens only if the product still has that ETag (else 412): no update is lost.',
        parameters: [...idParameter, ref('parameters', 'IfMatch')],
        requestBody: { required: true, content: jsonContent('ProductUpdate', { examples: productExamples.update }) },
        responses: {
          200: { description: 'The updated product.', headers: etagHeader, content: productBody },
          400: UPDATE_BAD_REQUEST,
          412: ref('responses', 'PreconditionFailed'),
          428: ref('responses', 'PreconditionRequired'),
          ...errors('NotFound', 'PayloadTooLarge', 'UnsupportedMediaType', 'InternalServerError', 'ServiceUnavailable'),
        },
      },
      handlers: [
        jsonBodyParser(),
        async (ctx) => {
          const id = parseId(ctx);
          const precondition = ifMatch(ctx, rules.requireIfMatch);
          const record = (await updateProduct(id, validateUpdate(ctx.request.body), actorOf(ctx), precondition)) ?? notFound(ctx, id);
          ctx.set('ETag', etag(record.version));
          sendSerialized(ctx, productJson(record));
        },
      ],
    },
    {
      method: 'delete',
      access: 'write',
      path: '/:id',
      doc: {
        operationId: 'deleteProduct',
        summary: 'Delete one product',
        description: 'With If-Match, the product is deleted only if it still has that ETag (else 412).',
        parameters: [...idParameter, ref('parameters', 'IfMatch')],
        responses: {
          204: { description: 'Deleted; no body.' },
          400: ID_BAD_REQUEST,
          412: ref('responses', 'PreconditionFailed'),
          428: ref('responses', 'PreconditionRequired'),
          ...errors('NotFound', 'InternalServerError', 'ServiceUnavailable'),
        },
      },
      handlers: [
        async (ctx) => {
          const id = parseId(ctx);
          if (!(await deleteProduct(id, ifMatch(ctx, rules.requireIfMatch)))) notFound(ctx, id);
          ctx.status = 204;
        },
      ],
    },
  ];
}

/** The product API; `cursorKey` signs the list's cursors (see http/cursor.ts). */
function api(cursorKey: CursorKey, rules: WriteRules): Api {
  return {
    prefix: productsPath,
    tag: { name: 'Products', description: 'Product records.' },
    operations: operations(cursorKey, rules),
    components: mergeConditional(productComponents(productsPath)),
  };
}

/** The API as the OpenAPI document describes it; its handlers are never mounted, so any key (and no guard) will do. */
export const productApi: Api = api(randomBytes(32), { requireIfMatch: false, idempotencyKeyTtlSeconds: 86_400 });

/**
 * The product API under productApi.prefix. `guard` decides which operations need a token
 * (AUTH_MODE); it runs before any body is read. `cursorKey` signs the list's cursors; `rules`
 * say whether writes need If-Match and how long Idempotency-Keys last.
 */
export function createProductRouter(guard: Guard, cursorKey: CursorKey, rules: WriteRules): Router {
  return apiRouter(api(cursorKey, rules), guard);
}

/** A create's answer, as sent and as stored for the retries of an Idempotency-Key. */
function created(record: ProductModel): StoredAnswer {
  return { status: 201, location: `${productsPath}/${record.id}`, etag: etag(record.version), body: productJson(record) };
}

function notFound(ctx: RouterContext, id: number): never {
  ctx.throw(404, `Product ${id} not found`);
}
