import { randomBytes } from 'node:crypto';

import type { Router, RouterContext } from '@koa/router';

import { actorOf } from '../auth/actor.js';
import type { Guard } from '../auth/guard.js';
import { booksPath } from '../client/paths.js';
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
import { listQueryOf } from './book.list.js';
import { BookModel } from './book.model.js';
import {
  bookBody,
  bookComponents,
  bookExamples,
  bookJson,
  bookListJson,
  CREATE_BAD_REQUEST,
  etagHeader,
  idParameter,
  LIST_RULES,
  listBadRequest,
  UPDATE_BAD_REQUEST,
} from './book.openapi.js';
import { createBook, deleteBook, findBook, listBooks, updateBook } from './book.repository.js';
import { restoreBookOperation } from './book.restore.js';
import { bookCreateSchema, bookUpdateSchema, listQueryRules } from './book.schema.js';

const validateCreate = validator(bookCreateSchema);
const validateUpdate = validator(bookUpdateSchema);

/**
 * The book API: each operation's handler next to its description in the OpenAPI document.
 * `guard` checks what an operation needs beyond its `access` (apiRouter checks that).
 */
function operations(cursorKey: CursorKey, rules: WriteRules, guard: Guard): Operation[] {
  return [
    {
      method: 'get',
      access: 'read',
      path: '/',
      doc: {
        operationId: 'listBooks',
        summary: 'List books',
        description:
          'Returns one page of books in the order of `sort` (id by default; equal keys by id), with the filters applied. ' +
          'When another page follows, the Link header (rel="next") holds its address: following it walks the whole list, ' +
          'each book once, also while others are added and deleted. Sorting and filtering are by keys with an index, ' +
          'so every page costs about the same however deep it is; only count=exact reads every matching book.\n\n' +
          LIST_RULES,
        parameters: queryParameters(listQueryRules),
        responses: {
          200: {
            description: 'One page of books (an empty array when there are none).',
            headers: { Link: ref('headers', 'Link'), 'X-Total-Count': ref('headers', 'XTotalCount') },
            content: jsonContent('Book', { array: true }),
          },
          400: listBadRequest,
          ...errors('InternalServerError', 'ServiceUnavailable'),
        },
      },
      // `deleted` needs the admin scope, also where the list is public.
      alsoAccess: 'admin',
      handlers: [
        async (ctx) => {
          const query = listQueryOf(ctx.query);
          if (query.deleted !== undefined) await guard.admin?.(ctx, async () => undefined);
          const { rows, next, total } = await listBooks(query, cursorKey);
          if (total !== undefined) ctx.set('X-Total-Count', String(total));
          if (next !== undefined) ctx.set('Link', `<${nextPage(ctx, next)}>; rel="next"`);
          sendSerialized(ctx, bookListJson(rows));
        },
      ],
    },
    {
      method: 'post',
      access: 'write',
      path: '/',
      doc: {
        operationId: 'createBook',
        summary: 'Create a new book',
        description: 'Send an Idempotency-Key to make retries safe: they get the first answer back instead of a second book.',
        parameters: [ref('parameters', 'IdempotencyKey')],
        requestBody: { required: true, content: jsonContent('BookCreate', { examples: bookExamples.create }) },
        responses: {
          201: {
            description: 'The stored book.',
            headers: { Location: ref('headers', 'Location'), ...etagHeader, 'Idempotent-Replayed': ref('headers', 'IdempotentReplayed') },
            content: bookBody,
          },
          400: CREATE_BAD_REQUEST,
          422: ref('responses', 'UnprocessableEntity'),
          ...errors('Conflict', 'PayloadTooLarge', 'UnsupportedMediaType', 'InternalServerError', 'ServiceUnavailable'),
        },
      },
      handlers: [
        jsonBodyParser(),
        async (ctx) => {
          const key = idempotencyKey(ctx);
          const fields = validateCreate(ctx.request.body);
          const actor = actorOf(ctx);
          if (key === undefined) return answer(ctx, created(await createBook(fields, actor)));
          const request = { key, fingerprint: fingerprint(ctx), ttlSeconds: rules.idempotencyKeyTtlSeconds };
          const { answer: stored, replayed } = await once(BookModel.knex(), request, async (trx) =>
            created(await createBook(fields, actor, trx)),
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
        operationId: 'getBook',
        summary: 'Get one book by id',
        parameters: [...idParameter, ref('parameters', 'IfNoneMatch')],
        responses: {
          200: { description: 'The book.', headers: etagHeader, content: bookBody },
          304: ref('responses', 'NotModified'),
          400: ID_BAD_REQUEST,
          ...errors('NotFound', 'InternalServerError', 'ServiceUnavailable'),
        },
      },
      handlers: [
        async (ctx) => {
          const id = parseId(ctx);
          const record = (await findBook(id)) ?? notFound(ctx, id);
          ctx.set('ETag', etag(record.version));
          if (notModified(ctx, record.version)) ctx.status = 304;
          else sendSerialized(ctx, bookJson(record));
        },
      ],
    },
    {
      method: 'put',
      access: 'write',
      path: '/:id',
      doc: {
        operationId: 'updateBook',
        summary: 'Update one book',
        description:
          'Partial update: only the fields in the body change, the others keep their values. ' +
          '`null` clears an optional field: `"pages": null` clears the pages. ' +
          'An empty body (`{}`) is refused with 400 because it would change nothing. ' +
          'With If-Match, the update happens only if the book still has that ETag (else 412): no update is lost.',
        parameters: [...idParameter, ref('parameters', 'IfMatch')],
        requestBody: { required: true, content: jsonContent('BookUpdate', { examples: bookExamples.update }) },
        responses: {
          200: { description: 'The updated book.', headers: etagHeader, content: bookBody },
          400: UPDATE_BAD_REQUEST,
          412: ref('responses', 'PreconditionFailed'),
          428: ref('responses', 'PreconditionRequired'),
          ...errors('NotFound', 'Conflict', 'PayloadTooLarge', 'UnsupportedMediaType', 'InternalServerError', 'ServiceUnavailable'),
        },
      },
      handlers: [
        jsonBodyParser(),
        async (ctx) => {
          const id = parseId(ctx);
          const precondition = ifMatch(ctx, rules.requireIfMatch);
          const record = (await updateBook(id, validateUpdate(ctx.request.body), actorOf(ctx), precondition)) ?? notFound(ctx, id);
          ctx.set('ETag', etag(record.version));
          sendSerialized(ctx, bookJson(record));
        },
      ],
    },
    {
      method: 'delete',
      access: 'write',
      path: '/:id',
      doc: {
        operationId: 'deleteBook',
        summary: 'Delete one book',
        description:
          'The book is kept, hidden from every read (404, and absent from the list), until POST .../restore brings it back ' +
          'or it is purged DELETED_RETENTION_DAYS later; its unique values are free at once. Deleting it again is a 404. ' +
          'With If-Match, the book is deleted only if it still has that ETag (else 412).',
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
          if (!(await deleteBook(id, actorOf(ctx), ifMatch(ctx, rules.requireIfMatch)))) notFound(ctx, id);
          ctx.status = 204;
        },
      ],
    },
    restoreBookOperation(rules),
  ];
}

/** The book API; `cursorKey` signs the list's cursors (see http/cursor.ts). */
function api(cursorKey: CursorKey, rules: WriteRules, guard: Guard): Api {
  return {
    prefix: booksPath,
    tag: { name: 'Books', description: 'Book records.' },
    operations: operations(cursorKey, rules, guard),
    components: mergeConditional(bookComponents(booksPath)),
  };
}

/** The API as the OpenAPI document describes it; its handlers are never mounted, so any key (and no guard) will do. */
export const bookApi: Api = api(
  randomBytes(32),
  { requireIfMatch: false, idempotencyKeyTtlSeconds: 86_400 },
  { read: undefined, write: undefined, admin: undefined },
);

/**
 * The book API under bookApi.prefix. `guard` decides which operations need a token
 * (AUTH_MODE); it runs before any body is read. `cursorKey` signs the list's cursors; `rules`
 * say whether writes need If-Match and how long Idempotency-Keys last.
 */
export function createBookRouter(guard: Guard, cursorKey: CursorKey, rules: WriteRules): Router {
  return apiRouter(api(cursorKey, rules, guard), guard);
}

/** A create's answer, as sent and as stored for the retries of an Idempotency-Key. */
function created(record: BookModel): StoredAnswer {
  return { status: 201, location: `${booksPath}/${record.id}`, etag: etag(record.version), body: bookJson(record) };
}

function notFound(ctx: RouterContext, id: number): never {
  ctx.throw(404, `Book ${id} not found`);
}
