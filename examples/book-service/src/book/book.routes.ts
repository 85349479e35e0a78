import type { Router, RouterContext } from '@koa/router';

import type { Guard } from '../auth/guard.js';
import { jsonBody } from '../http/json-body.js';
import { apiRouter, type Api, type Operation } from '../http/operations.js';
import { strictValidation, validator } from '../http/validate.js';
import { errors, jsonContent, queryParameters, ref } from '../openapi/schema.js';
import { bookComponents, bookExamples } from './book.openapi.js';
import {
  createBook,
  deleteBook,
  findBook,
  listBooks,
  updateBook,
} from './book.repository.js';
import { listQuerySchema, MAX_ID, bookCreateSchema, bookUpdateSchema } from './book.schema.js';

export const ROUTE_PREFIX = '/api/books';

const validateCreate = validator(bookCreateSchema);
const validateUpdate = validator(bookUpdateSchema);
// Query values are strings, so this one schema converts ("20" -> 20); bodies never do.
const validateListQuery = validator(listQuerySchema, { ...strictValidation, convert: true });
const LIST_QUERY_KEYS = Object.keys(listQuerySchema.describe().keys ?? {});

const idParameter = [ref('parameters', 'BookId')];
const bookBody = jsonContent('Book');

/** The book API: each operation's handler next to its description in the OpenAPI document. */
const operations: Operation[] = [
  {
    method: 'get',
    path: '/',
    doc: {
      operationId: 'listBooks',
      summary: 'List books',
      description: 'Returns one page of books, ordered by id. X-Total-Count holds the total over all pages.',
      parameters: queryParameters(listQuerySchema),
      responses: {
        200: {
          description: 'One page of books (an empty array when there are none).',
          headers: { 'X-Total-Count': ref('headers', 'XTotalCount') },
          content: jsonContent('Book', { array: true }),
        },
        ...errors('BadRequest', 'InternalServerError', 'ServiceUnavailable'),
      },
    },
    handlers: [
      async (ctx) => {
        // Joi silently skips a "__proto__" key, so unknown parameter names are refused here first.
        const unknown = Object.keys(ctx.query).find((key) => !LIST_QUERY_KEYS.includes(key));
        if (unknown !== undefined) ctx.throw(400, `"${unknown}" is not allowed`);
        const { page, pageSize } = validateListQuery(ctx.query);
        const { books, total } = await listBooks(page, pageSize);
        ctx.set('X-Total-Count', String(total));
        ctx.body = books;
      },
    ],
  },
  {
    method: 'post',
    path: '/',
    doc: {
      operationId: 'createBook',
      summary: 'Create a new book',
      requestBody: { required: true, content: jsonContent('BookCreate', { examples: bookExamples.create }) },
      responses: {
        201: { description: 'The stored book.', headers: { Location: ref('headers', 'Location') }, content: bookBody },
        ...errors(
          'BadRequest',
          'Conflict',
          'PayloadTooLarge',
          'UnsupportedMediaType',
          'InternalServerError',
          'ServiceUnavailable',
        ),
      },
    },
    handlers: [
      jsonBody(),
      async (ctx) => {
        const book = await createBook(validateCreate(ctx.request.body));
        ctx.status = 201;
        ctx.set('Location', `${ROUTE_PREFIX}/${book.id}`);
        ctx.body = book;
      },
    ],
  },
  {
    method: 'get',
    path: '/:id',
    doc: {
      operationId: 'getBook',
      summary: 'Get one book by id',
      parameters: idParameter,
      responses: {
        200: { description: 'The book.', content: bookBody },
        ...errors('BadRequest', 'NotFound', 'InternalServerError', 'ServiceUnavailable'),
      },
    },
    handlers: [
      async (ctx) => {
        const id = parseId(ctx);
        ctx.body = (await findBook(id)) ?? notFound(ctx, id);
      },
    ],
  },
  {
    method: 'put',
    path: '/:id',
    doc: {
      operationId: 'updateBook',
      summary: 'Update one book',
      description:
        'Partial update: only the fields in the body change, the others keep their values. ' +
        '`"description": null` clears the description. ' +
        'An empty body (`{}`) is refused with 400 because it would change nothing.',
      parameters: idParameter,
      requestBody: { required: true, content: jsonContent('BookUpdate', { examples: bookExamples.update }) },
      responses: {
        200: { description: 'The updated book.', content: bookBody },
        ...errors(
          'BadRequest',
          'NotFound',
          'Conflict',
          'PayloadTooLarge',
          'UnsupportedMediaType',
          'InternalServerError',
          'ServiceUnavailable',
        ),
      },
    },
    handlers: [
      jsonBody(),
      async (ctx) => {
        const id = parseId(ctx);
        ctx.body = (await updateBook(id, validateUpdate(ctx.request.body))) ?? notFound(ctx, id);
      },
    ],
  },
  {
    method: 'delete',
    path: '/:id',
    doc: {
      operationId: 'deleteBook',
      summary: 'Delete one book',
      parameters: idParameter,
      responses: {
        204: { description: 'Deleted; no body.' },
        ...errors('BadRequest', 'NotFound', 'InternalServerError', 'ServiceUnavailable'),
      },
    },
    handlers: [
      async (ctx) => {
        const id = parseId(ctx);
        if (!(await deleteBook(id))) notFound(ctx, id);
        ctx.status = 204;
      },
    ],
  },
];

export const bookApi: Api = {
  prefix: ROUTE_PREFIX,
  tag: { name: 'Books', description: 'Book records.' },
  operations,
  components: bookComponents(ROUTE_PREFIX),
};

/**
 * The book API under bookApi.prefix. `guard` decides which operations need a token
 * (AUTH_MODE); it runs before any body is read.
 */
export function createBookRouter(guard: Guard): Router {
  return apiRouter(bookApi, guard);
}

// Digits only, no leading zero: Number() would also accept "1e3", "+7" or " 7".
const DIGITS = /^[1-9][0-9]{0,9}$/;

/** The :id parameter as an integer from 1 to MAX_ID; anything else is a 400 before any query. */
function parseId(ctx: RouterContext): number {
  const raw = ctx.params.id ?? '';
  const id = Number(raw);
  if (!DIGITS.test(raw) || id > MAX_ID) ctx.throw(400, 'id must be a positive integer');
  return id;
}

function notFound(ctx: RouterContext, id: number): never {
  ctx.throw(404, `Book ${id} not found`);
}
