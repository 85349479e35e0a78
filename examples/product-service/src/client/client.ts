/**
 * A typed client of this API, for its consumers and its own tests: openapi-fetch over the types
 * that openapi-typescript makes from the OpenAPI document (schema.d.ts, `npm run client:types`).
 * It needs only the `openapi-fetch` package: copy this folder, or publish it.
 */

import type * as OpenApiFetch from 'openapi-fetch';
import createClient from 'openapi-fetch';

import { productsPath } from './paths.js';
import type * as OpenApi from './schema.js';

/** openapi-fetch's client, typed with this API's paths. */
export type ProductClient = OpenApiFetch.Client<OpenApi.paths>;
export type ProductItem = OpenApi.components['schemas']['Product'];
/** What the list accepts but where a page starts (`page`, `after`): the walk below sets that itself. */
export type ProductListQuery = Omit<NonNullable<OpenApi.operations['listProducts']['parameters']['query']>, 'page' | 'after'>;

export interface ClientOptions {
  /** The service's address, e.g. http://127.0.0.1:8080. */
  baseUrl: string;
  /** A bearer token (from POST /api/auth/token or your identity provider), sent with every request. */
  token?: string;
  /** Another fetch, e.g. one with a proxy or retries. */
  fetch?: typeof fetch;
}

/** An API call that did not answer as the caller needed: the status and the service's plain-text message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(`${status}: ${message}`);
  }
}

/**
 * The client. A GET whose If-None-Match still matches answers 304 with neither `data` nor
 * `error`: read `response.status`.
 */
export function createProductClient({ baseUrl, token, fetch }: ClientOptions): ProductClient {
  const api = createClient<OpenApi.paths>({ baseUrl, ...(fetch ? { fetch } : {}) });
  api.use({
    // A 304 has no body and no length: openapi-fetch would read its empty text as the error ("").
    // Said to be empty, it gives neither data nor error, as a 204 does.
    onResponse({ response }) {
      if (response.status !== 304) return undefined;
      const headers = new Headers(response.headers);
      headers.set('Content-Length', '0');
      return new Response(null, { status: 304, statusText: response.statusText, headers });
    },
  });
  if (token !== undefined) {
    api.use({
      onRequest({ request }) {
        request.headers.set('Authorization', `Bearer ${token}`);
      },
    });
  }
  return api;
}

/**
 * Every product matching `query`, in its sort order, page after page: each next page is the one
 * the Link header (rel="next") names, so the walk sees each product once even while others are
 * added or deleted. Throws ApiError when a page is refused.
 */
export async function* allProducts(api: ProductClient, query: ProductListQuery = {}): AsyncGenerator<ProductItem> {
  let after: string | undefined;
  do {
    const { data, error, response } = await api.GET(productsPath, { params: { query: { ...query, after } } });
    if (data === undefined) throw new ApiError(response.status, String(error));
    yield* data;
    after = nextCursor(response.headers.get('link'));
  } while (after !== undefined);
}

/** The `after` of the rel="next" address in a Link header; undefined on the last page. */
export function nextCursor(link: string | null): string | undefined {
  const next = link?.split(',').find((part) => /;\s*rel="?next"?/.test(part));
  const nextUrl = next?.match(/<([^>]*)>/)?.[1];
  return nextUrl === undefined ? undefined : (new URL(nextUrl, 'http://link.invalid').searchParams.get('after') ?? undefined);
}
