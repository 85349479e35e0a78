export interface paths {
  '/api/auth/token': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Get an access token
     * @description Trades the built-in account (AUTH_USERNAME / AUTH_PASSWORD) for a bearer token. Limited to 10 requests per minute per client address. A wrong username and a wrong password get the same answer.
     */
    post: operations['issueToken'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/books': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List books
     * @description Returns one page of books in the order of `sort` (id by default; equal keys by id), with the filters applied. When another page follows, the Link header (rel="next") holds its address: following it walks the whole list, each book once, also while others are added and deleted. Sorting and filtering are by keys with an index, so every page costs about the same however deep it is; only count=exact reads every matching book.
     *
     *     Rules of the query, each refused with 400 naming it: the filters narrow one key at a time (an exact match on a unique key combines with any); an exact match keeps the order by id, but any other filter on a key (a range, [in] or [prefix]) needs that key first in `sort` (`createdAt[gte]=...&sort=createdAt`, or `-createdAt`); `page` and `after` exclude each other, a page starts at most 10000 rows deep, and a cursor (`after`) continues only the sort and filters it was made for. A date-time has a UTC offset of at most 14:00 either way and falls from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z in UTC.
     */
    get: operations['listBooks'];
    put?: never;
    /**
     * Create a new book
     * @description Send an Idempotency-Key to make retries safe: they get the first answer back instead of a second book.
     *
     *     Needs a bearer token with the `books:write` scope.
     */
    post: operations['createBook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/books/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get one book by id */
    get: operations['getBook'];
    /**
     * Update one book
     * @description Partial update: only the fields in the body change, the others keep their values. `"description": null` clears the description. An empty body (`{}`) is refused with 400 because it would change nothing. With If-Match, the update happens only if the book still has that ETag (else 412): no update is lost.
     *
     *     Needs a bearer token with the `books:write` scope.
     */
    put: operations['updateBook'];
    post?: never;
    /**
     * Delete one book
     * @description With If-Match, the book is deleted only if it still has that ETag (else 412).
     *
     *     Needs a bearer token with the `books:write` scope.
     */
    delete: operations['deleteBook'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    /** TokenRequest */
    'auth.TokenRequest': {
      /** @example admin */
      username: string;
      /** @example the AUTH_PASSWORD from .env */
      password: string;
      /**
       * @description Space-separated scopes to ask for, to get a token that can do less (default: all of books:read books:write).
       * @example books:read
       */
      scope?: string;
    };
    /** TokenResponse */
    'auth.TokenResponse': {
      /** @description A JWT to send as Authorization: Bearer <accessToken>. */
      accessToken: string;
      /** @enum {string} */
      tokenType: 'Bearer';
      /**
       * @description Seconds until the token expires.
       * @example 3600
       */
      expiresIn: number;
    };
    /** Book */
    Book: {
      /** @example 1 */
      id: number;
      /**
       * @description Raised by every update; the answer's ETag is "<version>".
       * @example 1
       */
      version: number;
      /** @example The Pragmatic Programmer */
      title: string;
      /** @example 978-0-13-595705-9 */
      isbn: string;
      /**
       * @description Null (or leaving it out) means none, and null in an update clears it.
       * @example 352
       */
      pages: number | null;
      /**
       * Format: double
       * @description Price with at most 2 decimals (see x-scale), from 0 to 99999999.99; more decimals are refused, never rounded. Null (or leaving it out) means none, and null in an update clears it.
       * @example 39.99
       */
      price: number | null;
      /**
       * @description Leaving it out on create stores "paperback", null stores none, and null in an update clears it.
       * @example paperback
       * @enum {string|null}
       */
      format: 'hardcover' | 'paperback' | 'ebook' | null;
      /**
       * Format: date
       * @description Null (or leaving it out) means none, and null in an update clears it.
       * @example 2019-09-13
       */
      published: string | null;
      /**
       * @description Leaving it out on create stores true, null stores none, and null in an update clears it.
       * @example true
       */
      available: boolean | null;
      /**
       * Format: date-time
       * @example 2026-01-01T12:00:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @example 2026-01-01T12:00:00.000Z
       */
      updatedAt: string;
    };
    /** BookCreate */
    BookCreate: {
      /** @example The Pragmatic Programmer */
      title: string;
      /** @example 978-0-13-595705-9 */
      isbn: string;
      /**
       * @description Null (or leaving it out) means none, and null in an update clears it.
       * @example 352
       */
      pages?: number | null;
      /**
       * Format: double
       * @description Price with at most 2 decimals (see x-scale), from 0 to 99999999.99; more decimals are refused, never rounded. Null (or leaving it out) means none, and null in an update clears it.
       * @example 39.99
       */
      price?: number | null;
      /**
       * @description Leaving it out on create stores "paperback", null stores none, and null in an update clears it.
       * @example paperback
       * @enum {string|null}
       */
      format?: 'hardcover' | 'paperback' | 'ebook' | null;
      /**
       * Format: date
       * @description Null (or leaving it out) means none, and null in an update clears it.
       * @example 2019-09-13
       */
      published?: string | null;
      /**
       * @description Leaving it out on create stores true, null stores none, and null in an update clears it.
       * @example true
       */
      available?: boolean | null;
    };
    /**
     * BookUpdate
     * @description Fields to change; at least one.
     */
    BookUpdate: {
      /** @example The Pragmatic Programmer */
      title?: string;
      /** @example 978-0-13-595705-9 */
      isbn?: string;
      /**
       * @description Null (or leaving it out) means none, and null in an update clears it.
       * @example 352
       */
      pages?: number | null;
      /**
       * Format: double
       * @description Price with at most 2 decimals (see x-scale), from 0 to 99999999.99; more decimals are refused, never rounded. Null (or leaving it out) means none, and null in an update clears it.
       * @example 39.99
       */
      price?: number | null;
      /**
       * @description Leaving it out on create stores "paperback", null stores none, and null in an update clears it.
       * @example paperback
       * @enum {string|null}
       */
      format?: 'hardcover' | 'paperback' | 'ebook' | null;
      /**
       * Format: date
       * @description Null (or leaving it out) means none, and null in an update clears it.
       * @example 2019-09-13
       */
      published?: string | null;
      /**
       * @description Leaving it out on create stores true, null stores none, and null in an update clears it.
       * @example true
       */
      available?: boolean | null;
    };
  };
  responses: {
    /** @description Invalid request: a malformed JSON body, an id that is not a positive integer, or a body or query that breaks the rules. Every broken rule is named, separated by "; ". */
    BadRequest: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'text/plain': string;
      };
    };
    /** @description The request body is larger than 16kb. */
    PayloadTooLarge: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'text/plain': string;
      };
    };
    /** @description The request body is not application/json. */
    UnsupportedMediaType: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'text/plain': string;
      };
    };
    /** @description Unexpected failure; the details are logged, not sent. */
    InternalServerError: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'text/plain': string;
      };
    };
    /** @description The database cannot be reached; retry later. */
    ServiceUnavailable: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'text/plain': string;
      };
    };
    /** @description Too many token requests from this address; wait as long as Retry-After says. */
    TooManyRequests: {
      headers: {
        /** @description Seconds to wait. */
        'Retry-After'?: number;
        [name: string]: unknown;
      };
      content: {
        'text/plain': string;
      };
    };
    /** @description No book has this id. */
    NotFound: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'text/plain': string;
      };
    };
    /** @description Another book already has this value of a unique field (isbn); nothing was changed. */
    Conflict: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'text/plain': string;
      };
    };
    /** @description The item still has the ETag in If-None-Match; no body. */
    NotModified: {
      headers: {
        ETag: components['headers']['ETag'];
        [name: string]: unknown;
      };
      content?: never;
    };
    /** @description The item no longer has the ETag in If-Match: another request changed it. Nothing was changed; read it again. */
    PreconditionFailed: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'text/plain': string;
      };
    };
    /** @description The service runs with REQUIRE_IF_MATCH=true and the request has no If-Match. */
    PreconditionRequired: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'text/plain': string;
      };
    };
    /** @description The Idempotency-Key was already used for another request (another body, path or caller). Nothing was stored. */
    UnprocessableEntity: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'text/plain': string;
      };
    };
    /** @description No token, a malformed Authorization header, or a token that is expired, badly signed or for another issuer or audience. */
    Unauthorized: {
      headers: {
        /** @description How to authenticate (RFC 6750), with the reason when a token was sent. */
        'WWW-Authenticate'?: string;
        [name: string]: unknown;
      };
      content: {
        'text/plain': string;
      };
    };
    /** @description The token is valid but lacks the scope this operation needs. */
    Forbidden: {
      headers: {
        /** @description error="insufficient_scope" and the scope needed. */
        'WWW-Authenticate'?: string;
        [name: string]: unknown;
      };
      content: {
        'text/plain': string;
      };
    };
  };
  parameters: {
    /** @description Book id. Anything but an integer from 1 to 2147483647 is answered with 400 "id must be a positive integer". */
    BookId: number;
    /** @description The ETag of your last read (or `*` for any version): the write happens only if the item still has it, else 412 and nothing changes. Required (428 without) when the service runs with REQUIRE_IF_MATCH=true. */
    IfMatch: string;
    /** @description The ETag you hold: 304 without a body while the item still has it. */
    IfNoneMatch: string;
    /** @description A key of your own (1 to 255 visible ASCII characters, e.g. a UUID) that makes retries safe: the same request with the same key within IDEMPOTENCY_KEY_TTL_SECONDS (a day by default) gets the first answer again, with Idempotent-Replayed: true, and creates nothing. A retry that arrives while the first is still running waits for it. The same key with another request is a 422. */
    IdempotencyKey: string;
  };
  requestBodies: never;
  headers: {
    /** @description Path of the new book. */
    Location: string;
    /** @description Where the next page is, when one follows (RFC 8288): </api/books?...&after=...>; rel="next", this request with a cursor in place of `page`. The last page has none. */
    Link: string;
    /** @description Only with count=exact: the number of books matching the filters, over all pages. */
    XTotalCount: number;
    /** @description The version of this item, changed by every update: send it back in If-Match or If-None-Match. */
    ETag: string;
    /** @description Present (true) when this is the stored answer to an earlier request with the same Idempotency-Key. */
    IdempotentReplayed: 'true';
  };
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  issueToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "username": "admin",
         *       "password": "the AUTH_PASSWORD from .env"
         *     }
         */
        'application/json': components['schemas']['auth.TokenRequest'];
      };
    };
    responses: {
      /** @description A token; send it as `Authorization: Bearer <accessToken>`. */
      200: {
        headers: {
          /** @description Tokens are never cached. */
          'Cache-Control'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['auth.TokenResponse'];
        };
      };
      400: components['responses']['BadRequest'];
      /** @description Wrong username or password. */
      401: {
        headers: {
          /** @description The realm to authenticate to. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'text/plain': string;
        };
      };
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalServerError'];
    };
  };
  listBooks: {
    parameters: {
      query?: {
        /** @description Page number, starting at 1; a page may start at most 10000 rows deep. For deeper pages, and for pages that stay put while rows are added, follow the Link header (after). */
        page?: number;
        /** @description Books per page, from 1 to 100 (default 20). */
        pageSize?: number;
        /** @description Where the page starts: the cursor from the Link header (rel="next") of the page before, for the same sort and filters. */
        after?: string;
        /** @description Comma-separated keys, each at most once and with a - in front for descending: id, createdAt, updatedAt and isbn. Default id. Rows with equal keys are ordered by id, in the direction of the last key. */
        sort?: ('id' | '-id' | 'createdAt' | '-createdAt' | 'updatedAt' | '-updatedAt' | 'isbn' | '-isbn')[];
        /** @description exact: X-Total-Count holds the number of matching books, which costs reading them all. */
        count?: 'exact';
        /** @description Only the rows whose id is equal to this. */
        id?: number;
        /** @description Only the rows whose id is greater than this. */
        'id[gt]'?: number;
        /** @description Only the rows whose id is at least this. */
        'id[gte]'?: number;
        /** @description Only the rows whose id is less than this. */
        'id[lt]'?: number;
        /** @description Only the rows whose id is at most this. */
        'id[lte]'?: number;
        /** @description Only the rows whose id is one of these (comma-separated, at most 100; a comma always separates, so a value holding one cannot be listed). */
        'id[in]'?: number[];
        /** @description Only the rows whose createdAt is equal to this. A date-time has a UTC offset of at most 14:00 either way and falls from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z in UTC. */
        createdAt?: string;
        /** @description Only the rows whose createdAt is greater than this. A date-time has a UTC offset of at most 14:00 either way and falls from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z in UTC. */
        'createdAt[gt]'?: string;
        /** @description Only the rows whose createdAt is at least this. A date-time has a UTC offset of at most 14:00 either way and falls from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z in UTC. */
        'createdAt[gte]'?: string;
        /** @description Only the rows whose createdAt is less than this. A date-time has a UTC offset of at most 14:00 either way and falls from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z in UTC. */
        'createdAt[lt]'?: string;
        /** @description Only the rows whose createdAt is at most this. A date-time has a UTC offset of at most 14:00 either way and falls from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z in UTC. */
        'createdAt[lte]'?: string;
        /** @description Only the rows whose createdAt is one of these (comma-separated, at most 100; a comma always separates, so a value holding one cannot be listed). A date-time has a UTC offset of at most 14:00 either way and falls from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z in UTC. */
        'createdAt[in]'?: string[];
        /** @description Only the rows whose updatedAt is equal to this. A date-time has a UTC offset of at most 14:00 either way and falls from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z in UTC. */
        updatedAt?: string;
        /** @description Only the rows whose updatedAt is greater than this. A date-time has a UTC offset of at most 14:00 either way and falls from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z in UTC. */
        'updatedAt[gt]'?: string;
        /** @description Only the rows whose updatedAt is at least this. A date-time has a UTC offset of at most 14:00 either way and falls from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z in UTC. */
        'updatedAt[gte]'?: string;
        /** @description Only the rows whose updatedAt is less than this. A date-time has a UTC offset of at most 14:00 either way and falls from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z in UTC. */
        'updatedAt[lt]'?: string;
        /** @description Only the rows whose updatedAt is at most this. A date-time has a UTC offset of at most 14:00 either way and falls from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z in UTC. */
        'updatedAt[lte]'?: string;
        /** @description Only the rows whose updatedAt is one of these (comma-separated, at most 100; a comma always separates, so a value holding one cannot be listed). A date-time has a UTC offset of at most 14:00 either way and falls from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z in UTC. */
        'updatedAt[in]'?: string[];
        /** @description Only the rows whose isbn is equal to this. */
        isbn?: string;
        /** @description Only the rows whose isbn is greater than this. */
        'isbn[gt]'?: string;
        /** @description Only the rows whose isbn is at least this. */
        'isbn[gte]'?: string;
        /** @description Only the rows whose isbn is less than this. */
        'isbn[lt]'?: string;
        /** @description Only the rows whose isbn is at most this. */
        'isbn[lte]'?: string;
        /** @description Only the rows whose isbn is one of these (comma-separated, at most 100; a comma always separates, so a value holding one cannot be listed). */
        'isbn[in]'?: string[];
        /** @description Only the rows whose isbn starts with this text, character for character (case and accents count). */
        'isbn[prefix]'?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of books (an empty array when there are none). */
      200: {
        headers: {
          Link: components['headers']['Link'];
          'X-Total-Count': components['headers']['XTotalCount'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Book'][];
        };
      };
      /** @description A query parameter that breaks its rule, an unknown one, or a combination the list does not serve (see the rules in the operation's description). Every broken rule is named, separated by "; ". */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/plain': string;
        };
      };
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  createBook: {
    parameters: {
      query?: never;
      header?: {
        /** @description A key of your own (1 to 255 visible ASCII characters, e.g. a UUID) that makes retries safe: the same request with the same key within IDEMPOTENCY_KEY_TTL_SECONDS (a day by default) gets the first answer again, with Idempotent-Replayed: true, and creates nothing. A retry that arrives while the first is still running waits for it. The same key with another request is a 422. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['BookCreate'];
      };
    };
    responses: {
      /** @description The stored book. */
      201: {
        headers: {
          Location: components['headers']['Location'];
          ETag: components['headers']['ETag'];
          'Idempotent-Replayed': components['headers']['IdempotentReplayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Book'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['UnprocessableEntity'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getBook: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag you hold: 304 without a body while the item still has it. */
        'If-None-Match'?: components['parameters']['IfNoneMatch'];
      };
      path: {
        /** @description Book id. Anything but an integer from 1 to 2147483647 is answered with 400 "id must be a positive integer". */
        id: components['parameters']['BookId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The book. */
      200: {
        headers: {
          ETag: components['headers']['ETag'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Book'];
        };
      };
      304: components['responses']['NotModified'];
      400: components['responses']['BadRequest'];
      404: components['responses']['NotFound'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  updateBook: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of your last read (or `*` for any version): the write happens only if the item still has it, else 412 and nothing changes. Required (428 without) when the service runs with REQUIRE_IF_MATCH=true. */
        'If-Match'?: components['parameters']['IfMatch'];
      };
      path: {
        /** @description Book id. Anything but an integer from 1 to 2147483647 is answered with 400 "id must be a positive integer". */
        id: components['parameters']['BookId'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['BookUpdate'];
      };
    };
    responses: {
      /** @description The updated book. */
      200: {
        headers: {
          ETag: components['headers']['ETag'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Book'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      412: components['responses']['PreconditionFailed'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      428: components['responses']['PreconditionRequired'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  deleteBook: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of your last read (or `*` for any version): the write happens only if the item still has it, else 412 and nothing changes. Required (428 without) when the service runs with REQUIRE_IF_MATCH=true. */
        'If-Match'?: components['parameters']['IfMatch'];
      };
      path: {
        /** @description Book id. Anything but an integer from 1 to 2147483647 is answered with 400 "id must be a positive integer". */
        id: components['parameters']['BookId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted; no body. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      412: components['responses']['PreconditionFailed'];
      428: components['responses']['PreconditionRequired'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
}
