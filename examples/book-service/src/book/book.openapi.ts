import { PROBLEM_SEPARATOR } from '../http/errors.js';
import { INSTANT_RULE } from '../http/value-rules.js';
import { badRequest } from '../openapi/responses.js';
import { type Json, jsonContent, jsonSchemaOf, ref, textResponse, withoutTitle } from '../openapi/schema.js';
import { serializerOf } from '../openapi/serializer.js';
import type { BookModel } from './book.model.js';
import { bookCreateSchema, bookSchema, bookUpdateSchema, idRule, MAX_ID, MAX_OFFSET } from './book.schema.js';

/** What the operations' descriptions share. */
export const idParameter = [ref('parameters', 'BookId')];
export const etagHeader = { ETag: ref('headers', 'ETag') };
export const bookBody = jsonContent('Book');

const createRules = bookCreateSchema.describe().keys as Record<string, { examples?: unknown[]; flags?: { presence?: string } }>;
/** Every field at the example its rule shows, in the schema's order. */
const everyField: Json = Object.fromEntries(Object.entries(createRules).map(([field, rule]) => [field, rule.examples?.[0]]));
/** The fields a create must send, at their examples. */
const requiredFields: Json = Object.fromEntries(
  Object.entries(createRules)
    .filter(([, rule]) => rule.flags?.presence === 'required')
    .map(([field, rule]) => [field, rule.examples?.[0]]),
);

/** Request examples, shown by Swagger UI; docs.test checks that the service accepts each. */
export const bookExamples = {
  create: {
    full: { summary: 'All fields', value: everyField },
    minimal: { summary: 'Required fields only', value: requiredFields },
  },
  update: {
    title: { summary: 'Change title and pages', value: { title: 'The Pragmatic Programmer (updated)', pages: 353 } },
    clearPages: { summary: 'Clear the pages', value: { pages: null } },
  },
} satisfies Record<string, Record<string, { summary: string; value: Json }>>;

/** The list's rules beyond each parameter's own, as its description states them; each broken one is a 400. */
export const LIST_RULES =
  'Rules of the query, each refused with 400 naming it: ' +
  'the filters narrow one key at a time (an exact match on a unique key combines with any); ' +
  'an exact match keeps the order by id, but any other filter on a key (a range, [in] or [prefix]) needs that key first in `sort` ' +
  '(`createdAt[gte]=...&sort=createdAt`, or `-createdAt`); ' +
  `\`page\` and \`after\` exclude each other, a page starts at most ${MAX_OFFSET} rows deep, ` +
  'and a cursor (`after`) continues only the sort and filters it was made for. ' +
  INSTANT_RULE;

/** The create's 400: the answer to a body without its first required fields (or with an id, where none is required). */
export const CREATE_BAD_REQUEST = badRequest(
  'A malformed JSON body, or one that breaks the rules.',
  `"title" is required${PROBLEM_SEPARATOR}"isbn" is required`,
);

/** The update's 400: the answer to an empty body, which would change nothing. */
export const UPDATE_BAD_REQUEST = badRequest(
  'An id that is not a positive integer, a malformed JSON body, an empty one, or one that breaks the rules.',
  'an update must change at least one field',
);

/** The list's 400: a parameter that breaks its rule, or a combination the list does not serve. */
export const listBadRequest = textResponse(
  'A query parameter that breaks its rule, an unknown one, or a combination the list does not serve (see the rules in the ' +
    `operation's description). Every broken rule is named, separated by "${PROBLEM_SEPARATOR}".`,
  'a list filtered by createdAt is read from its index in createdAt order only: add sort=createdAt (or sort=-createdAt)',
);

/** A book's answer and a list's, written as the document's Book schema states them. */
export const bookJson = serializerOf<BookModel>(jsonSchemaOf(bookSchema));
export const bookListJson = serializerOf<BookModel[]>(jsonSchemaOf(bookSchema), { array: true });

/** What the book operations refer to in the document's components; `prefix` is where the API is served. */
export function bookComponents(prefix: string): Record<string, Json> {
  return {
    schemas: {
      Book: jsonSchemaOf(bookSchema),
      BookCreate: jsonSchemaOf(bookCreateSchema),
      BookUpdate: {
        ...jsonSchemaOf(bookUpdateSchema),
        // Joi's .min(1) on the object; joi-to-swagger does not carry it over.
        minProperties: 1,
        description: 'Fields to change; at least one.',
      },
    },
    parameters: {
      BookId: {
        name: 'id',
        in: 'path',
        required: true,
        description: `Book id. Anything but an integer from 1 to ${MAX_ID} is answered with 400 "id must be a positive integer".`,
        schema: withoutTitle(jsonSchemaOf(idRule)),
      },
    },
    headers: {
      Location: { description: 'Path of the new book.', required: true, schema: { type: 'string', example: `${prefix}/1` } },
      Link: {
        description:
          `Where the next page is, when one follows (RFC 8288): <${prefix}?...&after=...>; rel="next", ` +
          'this request with a cursor in place of `page`. The last page has none.',
        schema: { type: 'string', example: `<${prefix}?pageSize=20&after=...>; rel="next"` },
      },
      XTotalCount: {
        description: 'Only with count=exact: the number of books matching the filters, over all pages.',
        schema: { type: 'integer', minimum: 0 },
      },
    },
    responses: {
      NotFound: textResponse('No book has this id.', 'Book 42 not found'),
      Conflict: textResponse(
        'Another book already has this value of a unique field (isbn), or a restore finds the book not deleted; nothing was changed.',
        'a book with this isbn already exists',
      ),
    },
  };
}
