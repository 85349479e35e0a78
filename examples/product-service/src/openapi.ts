import { readFileSync } from 'node:fs';

import type { Schema } from 'joi';
import j2s from 'joi-to-swagger';

import type { AuthConfig } from './auth/auth.config.js';
import { TOKEN_REQUEST_SCHEMA, TOKEN_RESPONSE_SCHEMA } from './auth/token.schema.js';
import { TOKEN_PATH } from './auth/token.routes.js';
import { ALL_SCOPES, isSecretAuth, SCOPES } from './auth/tokens.js';
import { JSON_LIMIT } from './http/json-body.js';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  MAX_PRICE,
  idSchema,
  listQuerySchema,
  productCreateSchema,
  productSchema,
  productUpdateSchema,
} from './product/product.schema.js';

type SchemaObject = Record<string, unknown> & { properties?: Record<string, SchemaObject> };

const COLLECTION_PATH = '/api/products';
const ITEM_PATH = `${COLLECTION_PATH}/{id}`;
const TAG = 'Products';

const PRICE_DESCRIPTION =
  `Price with at most two decimals (a multiple of 0.01), from 0.01 to ${MAX_PRICE}. ` +
  'The upper bound is below what decimal(18,2) could store because a JSON number is only ' +
  'exact to 15 significant digits: 13 integer digits plus 2 decimals always read back unchanged.';

const QUERY_DESCRIPTIONS: Record<string, string> = {
  page: 'Page number, starting at 1.',
  pageSize: `Products per page, from 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}).`,
};

const ref = (kind: 'schemas' | 'responses' | 'parameters' | 'headers', name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});

/**
 * Builds the OpenAPI 3.0.3 document of the product API from the Joi schemas, so that
 * validation and documentation cannot drift apart. `auth` decides which operations list the
 * bearer token and whether the token endpoint is there.
 */
export function buildOpenApiDocument(auth: AuthConfig): Record<string, unknown> {
  const document = itemDocument();
  if (auth.mode === 'off') return document;
  const paths = document.paths as Record<string, Record<string, Operation>>;
  // The guard's rule: GET reads, every other method writes; reads need a token only with AUTH_MODE=all.
  for (const [method, operation] of Object.values(paths).flatMap((item) => Object.entries(item))) {
    if (method === 'parameters') continue;
    const scope = method === 'get' ? SCOPES.read : SCOPES.write;
    if (scope === SCOPES.write || auth.mode === 'all') requireToken(operation, scope);
  }
  const components = document.components as Record<string, Record<string, unknown>>;
  components.securitySchemes = { bearerAuth: bearerScheme(auth) };
  Object.assign(components.responses!, {
    Unauthorized: textResponse(
      'No token, a malformed Authorization header, or a token that is expired, badly signed or for another issuer or audience.',
      'Authentication required: send Authorization: Bearer <token>',
    ),
    Forbidden: textResponse('The token is valid but lacks the scope this operation needs.', `Token lacks the ${SCOPES.write} scope`),
  });
  if (isSecretAuth(auth)) {
    // First in the document, so Swagger UI shows where a token comes from before what needs one.
    document.paths = { [TOKEN_PATH]: { post: tokenOperation(auth.tokenRequestsPerMinute) }, ...paths };
    (document.tags as unknown[]).unshift({ name: AUTH_TAG, description: 'Access tokens for the built-in account.' });
    // Dotted names: an entity's schemas are plain identifiers, so an entity named TokenRequest
    // cannot overwrite these.
    Object.assign(components.schemas!, {
      'auth.TokenRequest': toSchema(TOKEN_REQUEST_SCHEMA),
      'auth.TokenResponse': toSchema(TOKEN_RESPONSE_SCHEMA),
    });
    components.responses!.TooManyRequests = {
      ...textResponse('Too many token requests from this address; wait as long as Retry-After says.', 'Too many requests; retry in 42 s'),
      headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer', minimum: 1 } } },
    };
  }
  return document;
}

type Operation = Record<string, unknown> & { responses: Record<string, unknown> };

const AUTH_TAG = 'Authentication';

function requireToken(operation: Operation, scope: string): void {
  operation.security = [{ bearerAuth: [] }];
  operation.description = [operation.description, `Needs a bearer token with the \`${scope}\` scope.`].filter(Boolean).join('\n\n');
  // Listed in status order, as Swagger UI shows them.
  operation.responses = Object.fromEntries(
    Object.entries({ ...operation.responses, 401: ref('responses', 'Unauthorized'), 403: ref('responses', 'Forbidden') }).sort(
      ([a], [b]) => Number(a) - Number(b),
    ),
  );
}

function bearerScheme(auth: Exclude<AuthConfig, { mode: 'off' }>): Record<string, unknown> {
  const source = isSecretAuth(auth)
    ? `Get one from \`POST ${TOKEN_PATH}\` with the username and password from \`.env\`, then paste its \`accessToken\` here.`
    : 'Tokens come from your identity provider (RS256, checked against its JWKS).';
  return {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: `${source} Scopes: ${ALL_SCOPES.join(', ')}.`,
  };
}

function tokenOperation(perMinute: number): Operation {
  return {
    operationId: 'createToken',
    tags: [AUTH_TAG],
    summary: 'Get an access token',
    description:
      'Trades the built-in account (AUTH_USERNAME / AUTH_PASSWORD) for a bearer token. ' +
      `Limited to ${perMinute} requests per minute per client address. ` +
      'A wrong username and a wrong password get the same answer.',
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: ref('schemas', 'auth.TokenRequest'),
          example: { username: 'admin', password: 'the AUTH_PASSWORD from .env' },
        },
      },
    },
    responses: {
      200: {
        description: 'A token; send it as `Authorization: Bearer <accessToken>`.',
        content: { 'application/json': { schema: ref('schemas', 'auth.TokenResponse') } },
      },
      400: ref('responses', 'BadRequest'),
      401: textResponse('Wrong username or password.', 'Invalid username or password'),
      413: ref('responses', 'PayloadTooLarge'),
      415: ref('responses', 'UnsupportedMediaType'),
      429: ref('responses', 'TooManyRequests'),
      500: ref('responses', 'InternalServerError'),
    },
  };
}

function itemDocument(): Record<string, unknown> {
  return {
    openapi: '3.0.3',
    info: {
      title: 'Product service',
      version: packageVersion(),
      description:
        'Create, read, list, update and delete products. Request and response bodies are JSON; ' +
        'errors are answered with a plain-text message.',
    },
    tags: [{ name: TAG, description: 'Product records.' }],
    paths: {
      [COLLECTION_PATH]: {
        get: {
          operationId: 'listProducts',
          tags: [TAG],
          summary: 'List products',
          description: 'Returns one page of products, ordered by id. X-Total-Count holds the total over all pages.',
          parameters: queryParameters(listQuerySchema),
          responses: {
            200: {
              description: 'One page of products (an empty array when there are none).',
              headers: { 'X-Total-Count': ref('headers', 'XTotalCount') },
              content: {
                'application/json': { schema: { type: 'array', items: ref('schemas', 'Product') } },
              },
            },
            400: ref('responses', 'BadRequest'),
            500: ref('responses', 'InternalServerError'),
            503: ref('responses', 'ServiceUnavailable'),
          },
        },
        post: {
          operationId: 'createProduct',
          tags: [TAG],
          summary: 'Create a new product',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: ref('schemas', 'ProductCreate'),
                examples: {
                  full: {
                    summary: 'All fields',
                    value: { name: 'Widget', description: 'A small widget', price: 19.99, quantity: 3 },
                  },
                  minimal: {
                    summary: 'Required fields only',
                    value: { name: 'Widget', price: 0.5, quantity: 1 },
                  },
                },
              },
            },
          },
          responses: {
            201: {
              description: 'The stored product.',
              headers: { Location: ref('headers', 'Location') },
              content: { 'application/json': { schema: ref('schemas', 'Product') } },
            },
            400: ref('responses', 'BadRequest'),
            413: ref('responses', 'PayloadTooLarge'),
            415: ref('responses', 'UnsupportedMediaType'),
            500: ref('responses', 'InternalServerError'),
            503: ref('responses', 'ServiceUnavailable'),
          },
        },
      },
      [ITEM_PATH]: {
        parameters: [ref('parameters', 'ProductId')],
        get: {
          operationId: 'getProduct',
          tags: [TAG],
          summary: 'Get one product by id',
          responses: {
            200: {
              description: 'The product.',
              content: { 'application/json': { schema: ref('schemas', 'Product') } },
            },
            400: ref('responses', 'BadRequest'),
            404: ref('responses', 'NotFound'),
            500: ref('responses', 'InternalServerError'),
            503: ref('responses', 'ServiceUnavailable'),
          },
        },
        put: {
          operationId: 'updateProduct',
          tags: [TAG],
          summary: 'Update one product',
          description:
            'Partial update: only the fields in the body change, the others keep their values. ' +
            'An empty body (`{}`) is refused with 400 because it would change nothing.',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: ref('schemas', 'ProductUpdate'),
                examples: {
                  price: { summary: 'Change price and quantity', value: { price: 17.5, quantity: 5 } },
                  clearDescription: { summary: 'Clear the description', value: { description: '' } },
                },
              },
            },
          },
          responses: {
            200: {
              description: 'The updated product.',
              content: { 'application/json': { schema: ref('schemas', 'Product') } },
            },
            400: ref('responses', 'BadRequest'),
            404: ref('responses', 'NotFound'),
            413: ref('responses', 'PayloadTooLarge'),
            415: ref('responses', 'UnsupportedMediaType'),
            500: ref('responses', 'InternalServerError'),
            503: ref('responses', 'ServiceUnavailable'),
          },
        },
        delete: {
          operationId: 'deleteProduct',
          tags: [TAG],
          summary: 'Delete one product',
          responses: {
            204: { description: 'Deleted; no body.' },
            400: ref('responses', 'BadRequest'),
            404: ref('responses', 'NotFound'),
            500: ref('responses', 'InternalServerError'),
            503: ref('responses', 'ServiceUnavailable'),
          },
        },
      },
    },
    components: {
      schemas: {
        Product: withPrice(toSchema(productSchema)),
        ProductCreate: withPrice(toSchema(productCreateSchema)),
        ProductUpdate: {
          ...withPrice(toSchema(productUpdateSchema)),
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
          description:
            'Product id. Anything but an integer from 1 to 2147483647 is answered with ' +
            '400 "id must be a positive integer".',
          schema: withoutTitle(toSchema(idSchema)),
        },
      },
      headers: {
        Location: {
          description: 'Path of the new product.',
          schema: { type: 'string', example: `${COLLECTION_PATH}/1` },
        },
        XTotalCount: {
          description: 'Number of products over all pages.',
          schema: { type: 'integer', minimum: 0 },
        },
      },
      responses: {
        BadRequest: textResponse(
          'Invalid request: a validation message, a malformed JSON body, or an id that is not a positive integer.',
          '"name" is required',
        ),
        NotFound: textResponse('No product has this id.', 'Product 42 not found'),
        PayloadTooLarge: textResponse(`The request body is larger than ${JSON_LIMIT}.`, 'request entity too large'),
        UnsupportedMediaType: textResponse(
          'The request body is not application/json.',
          'Content-Type must be application/json',
        ),
        InternalServerError: textResponse(
          'Unexpected failure; the details are logged, not sent.',
          'Internal server error',
        ),
        ServiceUnavailable: textResponse('The database cannot be reached; retry later.', 'Service unavailable'),
      },
    },
  };
}

function toSchema(schema: Schema): SchemaObject {
  return j2s.default(schema).swagger as SchemaObject;
}

// joi-to-swagger drops Joi's precision(2): state it as multipleOf and explain the bounds.
function withPrice(schema: SchemaObject): SchemaObject {
  const price = schema.properties?.price;
  if (price) Object.assign(price, { multipleOf: 0.01, description: PRICE_DESCRIPTION });
  return schema;
}

function withoutTitle({ title: _title, ...schema }: SchemaObject): SchemaObject {
  return schema;
}

function queryParameters(schema: Schema): Record<string, unknown>[] {
  return Object.entries(toSchema(schema).properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: false,
    description: QUERY_DESCRIPTIONS[name],
    schema: property,
  }));
}

function textResponse(description: string, example: string): Record<string, unknown> {
  return { description, content: { 'text/plain': { schema: { type: 'string', example } } } };
}

// src/openapi.ts and dist/openapi.js both sit one level below package.json.
function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
}
