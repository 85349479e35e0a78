import { type Json, textResponse, toSchema, withoutTitle } from '../openapi/schema.js';
import { bookCreateSchema, bookSchema, bookUpdateSchema, idSchema, MAX_ID } from './book.schema.js';

/** Request examples, shown by Swagger UI; docs.test checks that the service accepts each. */
export const bookExamples = {
  create: {
    full: {
      summary: 'All fields',
      value: {
        title: 'The Pragmatic Programmer',
        isbn: '978-0-13-595705-9',
        pages: 352,
        price: 39.99,
        format: 'paperback',
        published: '2019-09-13',
        available: true,
      },
    },
    minimal: { summary: 'Required fields only', value: { title: 'The Pragmatic Programmer', isbn: '978-0-13-595705-9' } },
  },
  update: {
    title: { summary: 'Change title and pages', value: { title: 'The Pragmatic Programmer (updated)', pages: 353 } },
    clearPages: { summary: 'Clear the pages', value: { pages: null } },
  },
} satisfies Record<string, Record<string, { summary: string; value: Json }>>;

/** What the book operations refer to in the document's components; `prefix` is where the API is served. */
export function bookComponents(prefix: string): Record<string, Json> {
  return {
    schemas: {
      Book: toSchema(bookSchema),
      BookCreate: toSchema(bookCreateSchema),
      BookUpdate: {
        ...toSchema(bookUpdateSchema),
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
        schema: withoutTitle(toSchema(idSchema)),
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
        'Another book already has this value of a unique field (isbn); nothing was changed.',
        'a book with this isbn already exists',
      ),
    },
  };
}
