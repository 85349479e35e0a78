import { type Json, textResponse, toSchema, withoutTitle } from '../openapi/schema.js';
import { idSchema, MAX_ID, productCreateSchema, productSchema, productUpdateSchema } from './product.schema.js';

/** Request examples, shown by Swagger UI; docs.test checks that the service accepts each. */
export const productExamples = {
  create: {
    full: { summary: 'All fields', value: { name: 'Widget', description: 'A small widget', price: 19.99, quantity: 3 } },
    minimal: { summary: 'Required fields only', value: { name: 'Widget', price: 19.99, quantity: 3 } },
  },
  update: {
    price: { summary: 'Change price and quantity', value: { price: 20.99, quantity: 4 } },
    clearDescription: { summary: 'Clear the description', value: { description: null } },
  },
} satisfies Record<string, Record<string, { summary: string; value: Json }>>;

/** What the product operations refer to in the document's components; `prefix` is where the API is served. */
export function productComponents(prefix: string): Record<string, Json> {
  return {
    schemas: {
      Product: toSchema(productSchema),
      ProductCreate: toSchema(productCreateSchema),
      ProductUpdate: {
        ...toSchema(productUpdateSchema),
        // Joi's .min(1) on the object; joi-to-swagger does not carry it over.
        minProperties: 1,
        description: 'Fields to change; at least one.',
      },
    },
    parameters: {
      ProductId: {
        name: 'id',
        in: 'path',
        required: true,
        description: `Product id. Anything but an integer from 1 to ${MAX_ID} is answered with 400 "id must be a positive integer".`,
        schema: withoutTitle(toSchema(idSchema)),
      },
    },
    headers: {
      Location: { description: 'Path of the new product.', required: true, schema: { type: 'string', example: `${prefix}/1` } },
      Link: {
        description:
          `Where the next page is, when one follows (RFC 8288): <${prefix}?...&after=...>; rel="next", ` +
          'this request with a cursor in place of `page`. The last page has none.',
        schema: { type: 'string', example: `<${prefix}?pageSize=20&after=...>; rel="next"` },
      },
      XTotalCount: {
        description: 'Only with count=exact: the number of products matching the filters, over all pages.',
        schema: { type: 'integer', minimum: 0 },
      },
    },
    responses: {
      NotFound: textResponse('No product has this id.', 'Product 42 not found'),
    },
  };
}
