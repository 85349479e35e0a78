import fc from 'fast-check';

import { anyValue } from './schema-outside.js';
import { type Schema, validValue } from './schema-values.js';
import { AUTHORIZATION, signToken, TEST_PASSWORD, TEST_USERNAME } from './tokens.js';

// Requests drawn from the OpenAPI document: every parameter of an operation, and its body, from
// the schema and just outside it. Only the document is read, so a field added by hand is covered
// without changes here.

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  style?: string;
  explode?: boolean;
  schema: Schema;
}

export interface MediaType {
  schema?: Schema;
}

export interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType>; headers?: Record<string, { required?: boolean }> }>;
  security?: unknown[];
}

export interface DrawnRequest {
  method: string;
  path: string;
  /** An authorization of undefined sends none. */
  headers: Record<string, string | undefined>;
  body?: string;
}

/** Values worth sending besides the drawn ones, by parameter name: cursors the service handed out, ETags. */
export type KnownValues = Record<string, readonly string[]>;

/** Request heads stay below the server's 16 kB limit (answered 431 for any operation, and said so in the README). */
const MAX_QUERY_LENGTH = 8_000;

/** A parameter's value as it travels in a URL or a header: arrays joined as their style says. */
function serialize(value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(',');
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** A text as a URL carries it: UTF-8, percent-encoded (a lone surrogate, which UTF-8 cannot hold, becomes U+FFFD as in a browser). */
const encode = (text: string) => encodeURIComponent(text.toWellFormed());

/** Percent-encodings a URL parser must survive. */
const rawJunk = fc.constantFrom('%', '%E0%A4%A', '%00', '%C0%AF', '%ZZ', '', '%20', '+', '%2C', ',,', '%5B%5D');

function parameterValue(parameter: Parameter, known: KnownValues): fc.Arbitrary<string> {
  const drawn = anyValue(parameter.schema).map((value) => encode(serialize(value)));
  const extra = known[parameter.name] ?? [];
  const options = [
    { arbitrary: drawn, weight: 6 },
    { arbitrary: rawJunk, weight: 1 },
  ];
  if (extra.length > 0) options.push({ arbitrary: fc.constantFrom(...extra).map(encode), weight: 3 });
  return fc.oneof(...options);
}

/** A query parameter's name and its value, percent-encoded. */
type Pair = readonly [string, string];

/** The query string: any subset of the query parameters, often one filter with its key's sort, sometimes a key twice or an unknown one. */
function queryString(parameters: Parameter[], known: KnownValues): fc.Arbitrary<string> {
  const query = parameters.filter((parameter) => parameter.in === 'query');
  if (query.length === 0) return fc.constant('');
  const sortKeys = (query.find((parameter) => parameter.name === 'sort')?.schema.items?.enum ?? []).map(String);
  const pair = (parameter: Parameter): fc.Arbitrary<Pair> =>
    parameterValue(parameter, known).map((value) => [parameter.name, value] as const);
  const pairs = fc.oneof(
    // One parameter, often with the sort on its key, as the list asks for a range.
    {
      arbitrary: fc.constantFrom(...query).chain((parameter) => {
        const key = parameter.name.replace(/\[\w+\]$/, '');
        const sorts = sortKeys.filter((sort) => sort.replace(/^-/, '') === key);
        return fc
          .tuple(pair(parameter), sorts.length === 0 ? fc.constant(null) : fc.option(fc.constantFrom(...sorts), { freq: 4 }))
          .map(([first, sort]) => (sort === null ? [first] : [first, ['sort', sort] as const]));
      }),
      weight: 3,
    },
    {
      arbitrary: fc
        .subarray(query, { maxLength: 3 })
        .chain(
          (chosen): fc.Arbitrary<Pair[]> =>
            chosen.length === 0 ? fc.constant([]) : fc.tuple(...chosen.map(pair)).map((pairs) => [...pairs]),
        ),
      weight: 2,
    },
  );
  // Sometimes a parameter the operation does not have, or one of its own a second time.
  const extra = fc.oneof(
    { arbitrary: fc.constant(null), weight: 8 },
    fc.constantFrom('unknown=1', '__proto__=1', 'constructor=x', '=', '&&', 'a[b][c]=1'),
    fc.constantFrom(...query).chain((parameter) => parameterValue(parameter, known).map((value) => `${parameter.name}=${value}`)),
  );
  return fc
    .tuple(pairs, extra)
    .map(([chosen, more]) => [...chosen.map(([name, value]) => `${name}=${value}`), ...(more === null ? [] : [more])].join('&'))
    .filter((search) => search.length <= MAX_QUERY_LENGTH);
}

/** A header value as a client sends it: no control characters, Latin-1 bytes (non-ASCII text travels as its UTF-8 bytes). */
const headerText = (value: string) =>
  Buffer.from(value.replace(/\p{Cc}/gu, ''), 'utf8')
    .toString('latin1')
    .trim();

function headerValues(parameters: Parameter[], known: KnownValues): fc.Arbitrary<Record<string, string>> {
  const headers = parameters.filter((parameter) => parameter.in === 'header');
  const entries = headers.map((parameter) => {
    const extra = known[parameter.name] ?? [];
    const drawn = anyValue(parameter.schema).map((value) => headerText(serialize(value)));
    return fc
      .option(extra.length > 0 ? fc.oneof(drawn, fc.constantFrom(...extra)) : drawn, { freq: 2 })
      .map((value) => [parameter.name, value] as const);
  });
  return fc
    .tuple(...entries)
    .map((pairs) => Object.fromEntries(pairs.filter((pair): pair is readonly [string, string] => pair[1] !== null)));
}

/** A path with its parameters filled in; values that would change the path's shape (empty, `.`, `..`) are left out. */
function pathWith(template: string, parameters: Parameter[], known: KnownValues): fc.Arbitrary<string> {
  const inPath = parameters.filter((parameter) => parameter.in === 'path');
  const segment = (parameter: Parameter) =>
    fc
      .oneof(
        { arbitrary: anyValue(parameter.schema).map((value) => encode(serialize(value))), weight: 3 },
        { arbitrary: fc.constantFrom(...(known[parameter.name] ?? ['1'])), weight: 3 },
        { arbitrary: rawJunk, weight: 1 },
      )
      .filter((value) => value !== '' && value !== '.' && value !== '..');
  return fc
    .tuple(...inPath.map(segment))
    .map((values) => inPath.reduce((path, parameter, i) => path.replace(`{${parameter.name}}`, values[i]!), template));
}

/** Authorization as clients send it: mostly a good token, else none, a broken one, an expired one, one without scopes, one signed by another key. */
const authorization = fc.oneof(
  { arbitrary: fc.constant(AUTHORIZATION), weight: 6 },
  fc.constantFrom(
    undefined,
    'Bearer',
    'Bearer ',
    'Bearer x.y.z',
    'Basic YWRtaW46YWRtaW4=',
    `Bearer ${signToken({ scope: '' })}`,
    `Bearer ${signToken({}, { expiresIn: -60 })}`,
    `Bearer ${signToken({}, {}, 'another-secret-of-more-than-32-bytes-0123')}`,
    `bearer ${signToken()}`,
    `Bearer ${signToken()} extra`,
  ),
);

/** Content types a client may put on a body. */
const contentType = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 8 },
  fc.constantFrom(
    undefined,
    'application/json; charset=utf-8',
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/merge-patch+json',
    'multipart/form-data',
    'application/json; charset=latin1',
  ),
);

/** Bodies that are no JSON object, or too deep or too large for the service. */
const malformedBody = fc.oneof(
  fc.constantFrom('', '{', '}', 'null', '[]', '"text"', '1', '{"a":1,}', "{'a':1}", '{"__proto__":{"a":1}}', '\ufeff{}', 'NaN'),
  fc.integer({ min: 100, max: 5_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.integer({ min: 16 * 1024, max: 20 * 1024 }).map((length) => JSON.stringify({ padding: 'x'.repeat(length) })),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/**
 * A body for `schema`: usually JSON of a value from it or just outside it, sometimes malformed.
 * When the body takes the account's username and password, the right ones are often sent,
 * so that the answers behind a successful sign-in are drawn too.
 */
function bodyFor(schema: Schema): fc.Arbitrary<string> {
  const signsIn = schema.properties?.username !== undefined && schema.properties.password !== undefined;
  const value = anyValue(schema).chain((drawn) =>
    signsIn && typeof drawn === 'object' && drawn !== null && !Array.isArray(drawn)
      ? fc.boolean().map((right) => (right ? { ...drawn, username: TEST_USERNAME, password: TEST_PASSWORD } : drawn))
      : fc.constant(drawn),
  );
  return fc.oneof({ arbitrary: value.map((drawn) => JSON.stringify(drawn) ?? ''), weight: 6 }, malformedBody);
}

/** Any request to one operation of the document. */
export function requestsFor(method: string, path: string, operation: Operation, known: KnownValues): fc.Arbitrary<DrawnRequest> {
  const parameters = operation.parameters ?? [];
  const body = operation.requestBody?.content['application/json']?.schema;
  return fc
    .record({
      path: pathWith(path, parameters, known),
      query: queryString(parameters, known),
      headers: headerValues(parameters, known),
      authorization,
      contentType: body === undefined ? fc.constant(undefined) : contentType,
      body: body === undefined ? fc.constant(undefined) : bodyFor(body),
    })
    .map(({ path: filled, query, headers, authorization: auth, contentType: type, body: text }) => ({
      method: method.toUpperCase(),
      path: query === '' ? filled : `${filled}?${query}`,
      headers: { ...headers, authorization: auth, ...(type === undefined ? {} : { 'content-type': type }) },
      ...(text === undefined ? {} : { body: text }),
    }));
}

/** Valid bodies for an operation, to store records the drawn requests then read, change and delete. */
export function validBodies(operation: Operation, count: number, seed: number): unknown[] {
  const schema = operation.requestBody?.content['application/json']?.schema;
  return schema === undefined ? [] : fc.sample(validValue(schema), { numRuns: count, seed });
}
